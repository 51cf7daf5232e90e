import { useMutation } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link, useSearch } from 'wouter'
import { FormAlert } from '#client/components/form-alert.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { AuthLayout } from '#client/features/auth/auth-layout.tsx'
import { useNotificationMessages } from '#client/features/notifications/messages.ts'
import { apiRequest } from '#client/lib/api.ts'
import { queryClient } from '#client/lib/query-client.ts'

/**
 * `/verify-email?token=`: spends the link at once and says whether the address is confirmed;
 * it works signed in or not, on any device (docs/account.md "E-mail verification").
 */
export function VerifyEmailPage() {
  const t = useNotificationMessages()
  const token = new URLSearchParams(useSearch()).get('token') ?? ''
  const verify = useMutation({
    mutationFn: (value: string) => apiRequest('POST', '/api/auth/verify-email', { token: value }),
    // The profile's e-mail card reads the user: it is fetched again to tell the truth.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/auth/user'] }),
  })
  const { mutate } = verify
  useEffect(() => {
    mutate(token)
  }, [mutate, token])
  return (
    <AuthLayout
      title={t('verifyTitle')}
      description=""
      footer={
        <Link href="/" className="font-medium text-primary hover:underline">
          {t('continue')}
        </Link>
      }
    >
      {verify.isSuccess ? (
        <div className="grid gap-4" role="status">
          <p className="text-sm">{t('verified')}</p>
          <Button asChild size="lg" className="w-full">
            <Link href="/profile">{t('continue')}</Link>
          </Button>
        </div>
      ) : verify.isError ? (
        <FormAlert message={t('invalidLink')} />
      ) : (
        <p className="text-sm text-muted-foreground" role="status">
          {t('verifying')}
        </p>
      )}
    </AuthLayout>
  )
}
