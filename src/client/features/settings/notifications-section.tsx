import { Bell } from 'lucide-react'
import { subscribeThisBrowser, unsubscribeThisBrowser } from '#client/lib/push-subscription.ts'
import type { Settings } from '#shared/schemas/account.ts'
import { useSettingsMessages } from '../../entities/settings/messages.ts'
import { useUpdateSettings } from '../../entities/settings/use-update-settings.ts'
import { SettingsCard } from './settings-card.tsx'
import { SwitchRow } from './switch-row.tsx'

type NotificationKey = 'pushNotifications' | 'emailNotifications' | 'smsNotifications'

const ROWS = [
  { key: 'pushNotifications', label: 'push', text: 'pushText' },
  { key: 'emailNotifications', label: 'email', text: 'emailText' },
  { key: 'smsNotifications', label: 'sms', text: 'smsText' },
] as const satisfies readonly { key: NotificationKey; label: string; text: string }[]

/** Push on, e-mail on, SMS off until the user changes them; each saves at once. */
export function NotificationsSection({ settings }: { settings: Settings }) {
  const t = useSettingsMessages()
  const save = useUpdateSettings()
  return (
    <SettingsCard icon={Bell} title={t('notifications')} description={t('notificationsText')}>
      {ROWS.map((row) => (
        <SwitchRow
          key={row.key}
          label={t(row.label)}
          description={t(row.text)}
          checked={settings[row.key]}
          onCheckedChange={(checked) => {
            save.mutate({ change: { [row.key]: checked } })
            // The push setting also subscribes this browser, or ends its subscription.
            if (row.key === 'pushNotifications') {
              const done = checked ? subscribeThisBrowser() : unsubscribeThisBrowser()
              done.catch((error: unknown) => console.warn('Push subscription failed', error))
            }
          }}
        />
      ))}
    </SettingsCard>
  )
}
