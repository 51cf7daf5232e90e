import { useState } from 'react'
import { PageHeader } from '#client/components/page-header.tsx'
import { RequireSignedIn } from '#client/components/require-signed-in.tsx'
import { VerifyPhoneDialog } from '#client/features/phone/verify-phone-dialog.tsx'
import { EditProfileDialog } from '#client/features/profile/edit-profile-dialog.tsx'
import { useProfileMessages } from '#client/features/profile/messages.ts'
import { ProfileDetails } from '#client/features/profile/profile-details.tsx'
import { ProfileQuickActions } from '#client/features/profile/profile-quick-actions.tsx'
import { ProfileSummary } from '#client/features/profile/profile-summary.tsx'
import { StatusCards } from '#client/features/profile/status-cards.tsx'
import { useSaveUser } from '#client/features/profile/use-save-user.ts'
import { VerificationDialog } from '#client/features/profile/verification-dialog.tsx'
import { useAuth } from '#client/lib/use-auth.ts'
import { AppShell } from '#client/shell/app-shell.tsx'

function ProfileContent() {
  const t = useProfileMessages()
  const { user } = useAuth()
  const saveUser = useSaveUser()
  const [dialog, setDialog] = useState<'edit' | 'verify' | 'phone' | null>(null)
  if (!user) return null
  const closeUnless = (name: 'edit' | 'verify' | 'phone') => (open: boolean) => {
    if (!open) setDialog((current) => (current === name ? null : current))
  }
  return (
    <AppShell>
      <div className="mx-auto w-full max-w-5xl">
        <PageHeader
          title={t('title')}
          description={t('description')}
          backHref="/"
          backLabel={t('back')}
        />
        <div className="grid grid-cols-1 items-start gap-4 sm:gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="grid grid-cols-1 gap-4 sm:gap-6">
            <ProfileSummary
              user={user}
              onEdit={() => setDialog('edit')}
              onVerify={() => setDialog('verify')}
            />
            <ProfileDetails user={user} onVerifyPhone={() => setDialog('phone')} />
          </div>
          <div className="grid grid-cols-1 gap-4 sm:gap-6">
            <StatusCards user={user} />
            <ProfileQuickActions />
          </div>
        </div>
      </div>
      <EditProfileDialog user={user} open={dialog === 'edit'} onOpenChange={closeUnless('edit')} />
      <VerificationDialog open={dialog === 'verify'} onOpenChange={closeUnless('verify')} />
      {user.phoneNumber ? (
        <VerifyPhoneDialog
          phoneNumber={user.phoneNumber}
          open={dialog === 'phone'}
          onOpenChange={closeUnless('phone')}
          onVerified={saveUser}
        />
      ) : null}
    </AppShell>
  )
}

/** `/profile`: who the user is, the state of the account, and the ways to change it. */
export function ProfilePage() {
  return (
    <RequireSignedIn>
      <ProfileContent />
    </RequireSignedIn>
  )
}
