import { useMutation } from '@tanstack/react-query'
import {
  CircleAlert,
  CircleDashed,
  CircleUserRound,
  Gauge,
  type LucideIcon,
  Mail,
  ShieldCheck,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { apiRequest } from '#client/lib/api.ts'
import { cn } from '#client/lib/cn.ts'
import { useShowErrorToast } from '#client/lib/show-error-toast.ts'
import { toast } from '#client/lib/toast.ts'
import { nationalIdCountryOf } from '#shared/identity-numbers.ts'
import type { User } from '#shared/schemas/auth.ts'
import { useProfileMessages } from './messages.ts'
import { verificationStatusOf } from './profile-display.ts'

type Tone = 'good' | 'waiting' | 'bad'

const TONES: Record<Tone, string> = {
  good: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300',
  waiting: 'bg-amber-100 text-amber-700 dark:bg-amber-900/40 dark:text-amber-300',
  bad: 'bg-red-100 text-red-700 dark:bg-red-900/40 dark:text-red-300',
}

function StatusRow({
  icon: Icon,
  label,
  value,
  hint,
  tone,
  testId,
  action,
}: {
  icon: LucideIcon
  label: string
  value: string
  hint?: string
  tone: Tone
  testId: string
  /** Something the user can do about it, under the row's text. */
  action?: ReactNode
}) {
  return (
    <li className="flex items-start gap-3 py-3" data-testid={testId}>
      <span
        className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg', TONES[tone])}
      >
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <p className="text-sm font-medium">{label}</p>
          <p
            className={cn(
              'text-sm font-semibold',
              tone === 'good' && 'text-emerald-700 dark:text-emerald-400',
              tone === 'waiting' && 'text-amber-700 dark:text-amber-400',
              tone === 'bad' && 'text-destructive',
            )}
          >
            {value}
          </p>
        </div>
        {hint ? <p className="mt-0.5 text-xs text-muted-foreground">{hint}</p> : null}
        {action}
      </div>
    </li>
  )
}

/** Sends a new verification link to the user's address (docs/account.md "E-mail verification"). */
function SendVerificationLink() {
  const t = useProfileMessages()
  const showError = useShowErrorToast()
  const send = useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/verify-email/send'),
    onSuccess: () => toast({ title: t('verificationSent') }),
    onError: (error) =>
      showError(error, { title: t('sendVerification'), message: t('emailNotVerified') }),
  })
  return (
    <button
      type="button"
      className="mt-1 text-sm font-medium text-primary hover:underline disabled:opacity-50"
      disabled={send.isPending || send.isSuccess}
      onClick={() => send.mutate()}
    >
      {t('sendVerification')}
    </button>
  )
}

/**
 * Email, account and identity verification (the last from `verificationStatus`), and the KYC
 * tier that sets the user's limits (docs/limits.md).
 */
export function StatusCards({ user }: { user: User }) {
  const t = useProfileMessages()
  const status = verificationStatusOf(user)
  // The number the user's country verifies with: a national ID in South Africa and Kenya.
  const nationalId = nationalIdCountryOf(user)
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('statusTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          <StatusRow
            icon={Mail}
            label={t('emailStatus')}
            value={
              user.email === null
                ? t('notProvided')
                : user.isEmailVerified
                  ? t('emailVerified')
                  : t('emailNotVerified')
            }
            tone={user.isEmailVerified ? 'good' : 'waiting'}
            testId="status-email"
            // An account made with a phone number alone has no address to verify.
            action={user.isEmailVerified || user.email === null ? null : <SendVerificationLink />}
          />
          <StatusRow
            icon={CircleUserRound}
            label={t('accountStatus')}
            value={t('accountActive')}
            tone="good"
            testId="status-account"
          />
          {status === 'verified' ? (
            <StatusRow
              icon={ShieldCheck}
              label={t('identityStatus')}
              value={t('identityVerified')}
              hint={t('identityVerifiedHint')}
              tone="good"
              testId="status-identity"
            />
          ) : status === 'failed' ? (
            <StatusRow
              icon={CircleAlert}
              label={t('identityStatus')}
              value={t('identityFailed')}
              hint={t('identityFailedHint')}
              tone="bad"
              testId="status-identity"
            />
          ) : (
            <StatusRow
              icon={CircleDashed}
              label={t('identityStatus')}
              value={t('identityUnverified')}
              hint={t(
                nationalId === 'ZA'
                  ? 'identityUnverifiedHintZA'
                  : nationalId === 'KE'
                    ? 'identityUnverifiedHintKE'
                    : 'identityUnverifiedHint',
              )}
              tone="waiting"
              testId="status-identity"
            />
          )}
          <StatusRow
            icon={Gauge}
            label={t('tierStatus')}
            value={t('tierValue', { tier: user.kycTier })}
            hint={t(
              user.kycTier >= 3
                ? 'tierHint3'
                : user.kycTier === 2
                  ? 'tierHint2'
                  : nationalId === 'ZA'
                    ? 'tierHint1ZA'
                    : nationalId === 'KE'
                      ? 'tierHint1KE'
                      : 'tierHint1',
            )}
            tone={user.kycTier >= 2 ? 'good' : 'waiting'}
            testId="status-tier"
          />
        </ul>
        <Link
          href="/limits"
          className="mt-2 inline-flex text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('seeLimits')}
        </Link>
      </CardContent>
    </Card>
  )
}
