import { LogOut } from 'lucide-react'
import type { ReactNode } from 'react'
import { PageHeader } from '#client/components/page-header.tsx'
import { PageLoadState } from '#client/components/page-load-state.tsx'
import { RequireSignedIn } from '#client/components/require-signed-in.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { useSettingsMessages } from '#client/entities/settings/messages.ts'
import { useSettings } from '#client/entities/settings/use-settings.ts'
import { FrozenBanner } from '#client/features/account-freeze/frozen-banner.tsx'
import { DangerZoneSection } from '#client/features/settings/danger-zone-section.tsx'
import { LoginActivitySection } from '#client/features/settings/login-activity-section.tsx'
import { NotificationsSection } from '#client/features/settings/notifications-section.tsx'
import { PaymentsSection } from '#client/features/settings/payments-section.tsx'
import { PreferencesSection } from '#client/features/settings/preferences-section.tsx'
import { SecuritySection } from '#client/features/settings/security-section.tsx'
import { YourDataSection } from '#client/features/settings/your-data-section.tsx'
import { onSignOutClick, SIGN_OUT_PATH } from '#client/lib/sign-out.ts'
import { AppShell } from '#client/shell/app-shell.tsx'

/** A card in the two-column flow: it never splits across the columns. */
function Block({ children }: { children: ReactNode }) {
  return <div className="mb-4 break-inside-avoid sm:mb-6">{children}</div>
}

function SettingsContent() {
  const t = useSettingsMessages()
  const settings = useSettings()
  return (
    <AppShell>
      <div className="mx-auto w-full max-w-5xl">
        <PageHeader
          title={t('title')}
          description={t('description')}
          backHref="/"
          backLabel={t('back')}
        />
        <div className="mb-4 empty:hidden sm:mb-6">
          <FrozenBanner />
        </div>
        {settings.data === undefined ? (
          <PageLoadState
            query={settings}
            loadingLabel={t('loading')}
            failedText={t('loadFailed')}
            retryLabel={t('retry')}
          />
        ) : (
          // CSS columns keep the page's reading order (top to bottom, then the next column)
          // while cards of different heights pack without gaps.
          <div className="gap-6 lg:columns-2">
            <Block>
              <SecuritySection />
            </Block>
            <Block>
              <LoginActivitySection />
            </Block>
            <Block>
              <NotificationsSection settings={settings.data} />
            </Block>
            <Block>
              <PreferencesSection settings={settings.data} />
            </Block>
            <Block>
              <PaymentsSection settings={settings.data} />
            </Block>
            <Block>
              <YourDataSection />
            </Block>
            <Block>
              <DangerZoneSection />
            </Block>
            <Block>
              {/* The stored answers are wiped, then a full page load ends the session (sign-out.ts). */}
              <Button
                asChild
                variant="outline"
                size="lg"
                className="w-full text-destructive hover:text-destructive"
              >
                <a href={SIGN_OUT_PATH} onClick={onSignOutClick}>
                  <LogOut aria-hidden="true" />
                  {t('signOut')}
                </a>
              </Button>
            </Block>
          </div>
        )}
      </div>
    </AppShell>
  )
}

/** `/settings` (docs/screens.md): every item saved on the server as soon as it changes. */
export function SettingsPage() {
  return (
    <RequireSignedIn>
      <SettingsContent />
    </RequireSignedIn>
  )
}
