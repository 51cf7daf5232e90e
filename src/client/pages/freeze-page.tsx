import { Link, useSearch } from 'wouter'
import { FreezeByLink } from '#client/features/account-freeze/freeze-by-link.tsx'
import { useAccountFreezeMessages } from '#client/features/account-freeze/messages.ts'
import { AuthLayout } from '#client/features/auth/auth-layout.tsx'

/**
 * `/freeze?token=`: the "This wasn't me" link of a security alert (docs/security.md "Freezing"),
 * signed in or not, on any device.
 */
export function FreezePage() {
  const t = useAccountFreezeMessages()
  const token = new URLSearchParams(useSearch()).get('token') ?? ''
  return (
    <AuthLayout
      title={t('linkTitle')}
      description=""
      footer={
        <Link href="/sign-in" className="font-medium text-primary hover:underline">
          {t('signIn')}
        </Link>
      }
    >
      <FreezeByLink token={token} />
    </AuthLayout>
  )
}
