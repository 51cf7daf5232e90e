import { BadgeCheck, CircleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { cn } from '#client/lib/cn.ts'
import { formatPhoneNational } from '#shared/phone-numbers.ts'
import type { User } from '#shared/schemas/auth.ts'
import { useProfileMessages } from './messages.ts'
import { memberSinceDate } from './profile-display.ts'

function DetailRow({
  label,
  value,
  testId,
  extra,
}: {
  label: string
  value: string
  testId: string
  /** Shown after the value: the phone number's state and its Verify button. */
  extra?: ReactNode
}) {
  const t = useProfileMessages()
  const empty = value.trim() === ''
  return (
    <div className="grid grid-cols-1 gap-0.5 py-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2">
        <span
          data-testid={testId}
          className={cn(
            'min-w-0 break-words text-sm font-medium',
            empty && 'font-normal text-muted-foreground italic',
          )}
        >
          {empty ? t('notProvided') : value}
        </span>
        {extra}
      </dd>
    </div>
  )
}

/** Verified, or not yet with a button that texts a code (docs/phone-numbers.md). */
function PhoneState({ user, onVerifyPhone }: { user: User; onVerifyPhone: () => void }) {
  const t = useProfileMessages()
  if (!user.phoneNumber) return null
  if (user.phoneVerified) {
    return (
      <Badge variant="success" className="gap-1" data-testid="phone-state">
        <BadgeCheck className="size-3.5" aria-hidden="true" />
        {t('phoneVerified')}
      </Badge>
    )
  }
  return (
    <>
      <Badge variant="warning" className="gap-1" data-testid="phone-state">
        <CircleAlert className="size-3.5" aria-hidden="true" />
        {t('phoneNotVerified')}
      </Badge>
      <Button size="sm" variant="outline" onClick={onVerifyPhone}>
        {t('verifyPhone')}
      </Button>
    </>
  )
}

/**
 * First and last name ("Not provided" when empty), username, e-mail, phone (in its national
 * format, with its verified state), member since.
 */
export function ProfileDetails({ user, onVerifyPhone }: { user: User; onVerifyPhone: () => void }) {
  const t = useProfileMessages()
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('detailsTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y">
          <DetailRow
            label={t('firstName')}
            value={user.firstName ?? ''}
            testId="profile-first-name"
          />
          <DetailRow label={t('lastName')} value={user.lastName ?? ''} testId="profile-last-name" />
          <DetailRow label={t('username')} value={`@${user.username}`} testId="profile-username" />
          <DetailRow label={t('email')} value={user.email ?? ''} testId="profile-detail-email" />
          <DetailRow
            label={t('phoneNumber')}
            value={user.phoneNumber ? formatPhoneNational(user.phoneNumber) : ''}
            testId="profile-phone"
            extra={<PhoneState user={user} onVerifyPhone={onVerifyPhone} />}
          />
          <DetailRow
            label={t('memberSince')}
            value={memberSinceDate(user.createdAt) ?? t('recentlyJoined')}
            testId="profile-member-since"
          />
        </dl>
      </CardContent>
    </Card>
  )
}
