import { useMutation } from '@tanstack/react-query'
import { Snowflake } from 'lucide-react'
import { Link } from 'wouter'
import { FormAlert } from '#client/components/form-alert.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { apiRequest } from '#client/lib/api.ts'
import { serverErrorMessage } from '#client/lib/server-errors.ts'
import { freezeLinkRequestSchema } from '#shared/schemas/account-freeze.ts'
import { useAccountFreezeMessages } from './messages.ts'

/**
 * The "This wasn't me" link of a security alert: the account freezes only when the button is
 * pressed, never as the page opens, because mail scanners open links too. No session is needed.
 */
export function FreezeByLink({ token }: { token: string }) {
  const t = useAccountFreezeMessages()
  const wellFormed = freezeLinkRequestSchema.safeParse({ token }).success
  const freeze = useMutation({
    mutationFn: () => apiRequest('POST', '/api/account/freeze/link', { token }),
  })
  if (freeze.isSuccess) {
    return (
      <div className="grid gap-4" role="status" data-testid="freeze-done">
        <p className="text-sm">{t('linkDone')}</p>
        <Button asChild size="lg" className="w-full">
          <Link href="/sign-in">{t('signIn')}</Link>
        </Button>
      </div>
    )
  }
  const alert = !wellFormed
    ? t('linkInvalid')
    : freeze.isError
      ? serverErrorMessage(freeze.error, t('linkFailed'))
      : null
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{t('linkText')}</p>
      <FormAlert message={alert} />
      {wellFormed ? (
        <Button
          type="button"
          size="lg"
          variant="destructive"
          className="w-full"
          needsNetwork
          disabled={freeze.isPending}
          onClick={() => freeze.mutate()}
        >
          <Snowflake aria-hidden="true" />
          {freeze.isPending ? t('linkFreezing') : t('linkButton')}
        </Button>
      ) : null}
    </div>
  )
}
