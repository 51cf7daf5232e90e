import { BadgeCheck, CircleAlert, CircleDashed, PenLine, ShieldCheck } from 'lucide-react'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { UserAvatar } from '#client/entities/user/user-avatar.tsx'
import { formatPhoneNational } from '#shared/phone-numbers.ts'
import type { User } from '#shared/schemas/auth.ts'
import { useProfileMessages } from './messages.ts'
import { profileName, type VerificationStatus, verificationStatusOf } from './profile-display.ts'

/** The "Verified Account" badge only for a verified user; otherwise what is true instead. */
export function VerificationBadge({ status }: { status: VerificationStatus }) {
  const t = useProfileMessages()
  if (status === 'verified') {
    return (
      <Badge variant="success" data-testid="verification-badge">
        <BadgeCheck className="size-3.5" aria-hidden="true" />
        {t('verifiedBadge')}
      </Badge>
    )
  }
  if (status === 'failed') {
    return (
      <Badge variant="destructive" data-testid="verification-badge">
        <CircleAlert className="size-3.5" aria-hidden="true" />
        {t('failedBadge')}
      </Badge>
    )
  }
  return (
    <Badge variant="warning" data-testid="verification-badge">
      <CircleDashed className="size-3.5" aria-hidden="true" />
      {t('notVerifiedBadge')}
    </Badge>
  )
}

/**
 * The top of the profile (docs/screens.md "Profile screen"): avatar or initials, name, @username,
 * e-mail and the verification badge, with Edit Profile and, until the user is verified, Complete
 * Verification.
 */
export function ProfileSummary({
  user,
  onEdit,
  onVerify,
}: {
  user: User
  onEdit: () => void
  onVerify: () => void
}) {
  const t = useProfileMessages()
  const status = verificationStatusOf(user)
  return (
    <Card className="overflow-hidden">
      <div
        aria-hidden="true"
        className="h-20 bg-linear-to-br from-emerald-600 via-emerald-700 to-emerald-900 sm:h-24"
      />
      <div className="px-5 pb-5">
        <UserAvatar
          user={user}
          className="-mt-10 size-20 border-4 border-card text-2xl shadow-sm sm:-mt-12 sm:size-24 sm:text-3xl"
        />
        <div className="mt-3 grid min-w-0 gap-1">
          <h2 className="break-words text-xl font-bold tracking-tight" data-testid="profile-name">
            {profileName(user, t('defaultName'))}
          </h2>
          <p className="text-sm text-muted-foreground wrap-anywhere">@{user.username}</p>
          <p className="text-sm text-muted-foreground wrap-anywhere" data-testid="profile-email">
            {user.email ?? (user.phoneNumber ? formatPhoneNational(user.phoneNumber) : '')}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <VerificationBadge status={status} />
            <Badge variant="secondary" data-testid="tier-badge">
              {t('tierValue', { tier: user.kycTier })}
            </Badge>
          </div>
        </div>
        <div className="mt-5 grid grid-cols-1 gap-2 sm:grid-cols-2">
          <Button variant="outline" onClick={onEdit}>
            <PenLine aria-hidden="true" />
            {t('editProfile')}
          </Button>
          {status === 'verified' ? null : (
            <Button onClick={onVerify}>
              <ShieldCheck aria-hidden="true" />
              {t('completeVerification')}
            </Button>
          )}
        </div>
      </div>
    </Card>
  )
}
