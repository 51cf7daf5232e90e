import { useQuery } from '@tanstack/react-query'
import { Mail, MessageSquare } from 'lucide-react'
import { useState } from 'react'
import { useSearch } from 'wouter'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent } from '#client/components/ui/card.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { useNotificationMessages } from '#client/features/notifications/messages.ts'
import { apiRequest } from '#client/lib/api.ts'
import { formatDate } from '#client/lib/format-date.ts'
import { useDocumentTitle } from '#client/lib/use-document-title.ts'
import { sandboxMessageSchema } from '#shared/schemas/notifications.ts'

async function fetchMessages(to: string) {
  return sandboxMessageSchema
    .array()
    .parse(await apiRequest('GET', `/api/sandbox/outbox?to=${encodeURIComponent(to)}`))
}

/**
 * `/sandbox/outbox`: what sandbox mode "sent" by e-mail and SMS to one address, so someone
 * trying Sabi can open a reset or verification link (docs/running.md "Sandbox"). Outside sandbox
 * mode the server answers 404 and so does this page's list.
 */
export function SandboxOutboxPage() {
  const t = useNotificationMessages()
  useDocumentTitle(t('outboxTitle'))
  const initial = new URLSearchParams(useSearch()).get('to') ?? ''
  const [draft, setDraft] = useState(initial)
  const [to, setTo] = useState(initial)
  const messages = useQuery({
    queryKey: ['sandbox-outbox', to],
    queryFn: () => fetchMessages(to),
    enabled: to.length >= 3,
  })
  return (
    <main className="mx-auto grid w-full max-w-2xl gap-4 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t('outboxTitle')}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{t('outboxDescription')}</p>
      </div>
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault()
          setTo(draft.trim())
        }}
      >
        <TextField
          id="outbox-to"
          label={t('outboxTo')}
          className="sm:flex-1"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit">{t('outboxShow')}</Button>
      </form>
      {messages.data?.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('outboxEmpty')}</p>
      ) : null}
      <ul className="grid gap-3" data-testid="outbox-messages">
        {(messages.data ?? []).map((message) => (
          <li key={`${message.createdAt}-${message.channel}-${message.subject ?? ''}`}>
            <Card>
              <CardContent className="grid gap-2 p-4">
                <div className="flex items-center gap-2 text-xs text-muted-foreground">
                  {message.channel === 'email' ? (
                    <Mail className="size-4" aria-hidden="true" />
                  ) : (
                    <MessageSquare className="size-4" aria-hidden="true" />
                  )}
                  <span className="shrink-0 whitespace-nowrap">
                    {message.channel === 'email' ? t('channelEmail') : t('channelSms')}
                  </span>
                  <span>·</span>
                  <span className="truncate">{message.to}</span>
                  <span className="ml-auto shrink-0">
                    {formatDate(message.createdAt, 'dayTime')}
                  </span>
                </div>
                {message.subject ? <h2 className="font-semibold">{message.subject}</h2> : null}
                <p className="whitespace-pre-line break-words text-sm">{linkify(message.text)}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </main>
  )
}

/** Links in a message made clickable, only to this site's own pages. */
function linkify(text: string) {
  return text.split(/(https?:\/\/\S+)/).map((part, index) => {
    if (index % 2 === 0) return part
    let path: string
    try {
      const url = new URL(part)
      path = `${url.pathname}${url.search}`
    } catch {
      return part
    }
    return (
      <a key={part} href={path} className="break-all font-medium text-primary underline">
        {part}
      </a>
    )
  })
}
