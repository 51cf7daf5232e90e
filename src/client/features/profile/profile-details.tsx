import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { cn } from '#client/lib/cn.ts'
import type { User } from '#shared/schemas/auth.ts'
import { useProfileMessages } from './messages.ts'
import { memberSinceDate } from './profile-display.ts'

function DetailRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const t = useProfileMessages()
  const empty = value.trim() === ''
  return (
    <div className="grid grid-cols-1 gap-0.5 py-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd
        data-testid={testId}
        className={cn(
          'min-w-0 break-words text-sm font-medium',
          empty && 'font-normal text-muted-foreground italic',
        )}
      >
        {empty ? t('notProvided') : value}
      </dd>
    </div>
  )
}

/** First and last name ("Not provided" when empty), username, e-mail, phone, member since. */
export function ProfileDetails({ user }: { user: User }) {
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
          <DetailRow label={t('email')} value={user.email} testId="profile-detail-email" />
          <DetailRow
            label={t('phoneNumber')}
            value={user.phoneNumber ?? ''}
            testId="profile-phone"
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
