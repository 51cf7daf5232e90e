import { FlaskConical } from 'lucide-react'
import { useInitInfo } from '#client/components/init-call.tsx'
import { CLIENT_ROUTES } from '#shared/client-routes.ts'
import { usePhoneMessages } from './messages.ts'

/**
 * In sandbox mode no text message leaves the server: the code waits in the sandbox outbox
 * (docs/running.md "Sandbox"), and someone trying Sabi would otherwise wait for an SMS that
 * never comes. The outbox opens in a new tab, filtered to this number, so the code step and
 * what was typed before it stay where they are.
 */
export function SandboxCodeNote({ phoneNumber }: { phoneNumber: string }) {
  const t = usePhoneMessages()
  const { data: init } = useInitInfo()
  if (!init?.sandbox) return null
  const href = `${CLIENT_ROUTES.sandboxOutbox}?to=${encodeURIComponent(phoneNumber)}`
  return (
    <p
      className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-200"
      data-testid="sandbox-code-note"
    >
      <FlaskConical className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span>
        {t('sandboxNote')}{' '}
        <a
          href={href}
          target="_blank"
          rel="noopener"
          className="font-semibold underline underline-offset-2"
        >
          {t('sandboxOutboxLink')}
        </a>
      </span>
    </p>
  )
}
