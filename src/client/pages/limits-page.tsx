import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { PageHeader } from '#client/components/page-header.tsx'
import { PageLoadState } from '#client/components/page-load-state.tsx'
import { RequireSignedIn } from '#client/components/require-signed-in.tsx'
import { LIMITS_QUERY_KEY, useLimits } from '#client/entities/limits/use-limits.ts'
import { CoolingOffNotice } from '#client/features/limits/cooling-off-notice.tsx'
import { LimitsOverview } from '#client/features/limits/limits-overview.tsx'
import { useLimitsMessages } from '#client/features/limits/messages.ts'
import { TierLadder } from '#client/features/limits/tier-ladder.tsx'
import { TierThreeDialog } from '#client/features/limits/tier-three-dialog.tsx'
import { VerificationDialog } from '#client/features/profile/verification-dialog.tsx'
import { AppShell } from '#client/shell/app-shell.tsx'

function LimitsContent() {
  const t = useLimitsMessages()
  const limits = useLimits()
  const queryClient = useQueryClient()
  const [dialog, setDialog] = useState<'identity' | 'document' | null>(null)
  const closeUnless = (name: 'identity' | 'document') => (open: boolean) => {
    if (open) return
    setDialog((current) => (current === name ? null : current))
    // A verification may have raised the tier: the page shows the new limits.
    void queryClient.invalidateQueries({ queryKey: LIMITS_QUERY_KEY })
  }
  return (
    <AppShell>
      <div className="mx-auto w-full max-w-5xl">
        <PageHeader
          title={t('title')}
          description={t('description')}
          backHref="/profile"
          backLabel={t('back')}
        />
        {limits.data === undefined ? (
          <PageLoadState
            query={limits}
            loadingLabel={t('loading')}
            failedText={t('unavailable')}
            retryLabel={t('retry')}
          />
        ) : (
          <div className="grid grid-cols-1 items-start gap-4 sm:gap-6 lg:grid-cols-2">
            <div className="empty:hidden lg:col-span-2">
              <CoolingOffNotice coolingOff={limits.data.coolingOff} />
            </div>
            <LimitsOverview limits={limits.data} />
            <TierLadder
              limits={limits.data}
              onVerifyIdentity={() => setDialog('identity')}
              onVerifyDocument={() => setDialog('document')}
            />
          </div>
        )}
      </div>
      <VerificationDialog open={dialog === 'identity'} onOpenChange={closeUnless('identity')} />
      <TierThreeDialog
        open={dialog === 'document'}
        onOpenChange={closeUnless('document')}
        onUpgraded={(next) => queryClient.setQueryData(LIMITS_QUERY_KEY, next)}
      />
    </AppShell>
  )
}

/** `/limits` (docs/limits.md): the tier, today's sending, the balance cap, and the way up. */
export function LimitsPage() {
  return (
    <RequireSignedIn>
      <LimitsContent />
    </RequireSignedIn>
  )
}
