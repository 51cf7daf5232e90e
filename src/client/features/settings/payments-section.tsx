import { ChevronRight, WalletCards } from 'lucide-react'
import { useId } from 'react'
import { Link } from 'wouter'
import { useWallets } from '#client/entities/wallets/use-wallets.ts'
import { WalletSelect } from '#client/entities/wallets/wallet-select.tsx'
import type { Settings } from '#shared/schemas/account.ts'
import { useSettingsMessages } from '../../entities/settings/messages.ts'
import { useUpdateSettings } from '../../entities/settings/use-update-settings.ts'
import { SettingsCard } from './settings-card.tsx'
import { SwitchRow } from './switch-row.tsx'

/** The default wallet, the way to the limits, and whether recipients are kept. */
export function PaymentsSection({ settings }: { settings: Settings }) {
  const t = useSettingsMessages()
  const save = useUpdateSettings()
  const wallets = useWallets({ enabled: true })
  const walletId = useId()
  return (
    <SettingsCard icon={WalletCards} title={t('payments')} description={t('paymentsText')}>
      <div className="grid gap-2 py-4">
        <WalletSelect
          id={walletId}
          label={t('defaultWallet')}
          placeholder={t('defaultWalletPlaceholder')}
          wallets={wallets.data ?? []}
          value={settings.defaultWalletId ?? ''}
          onChange={(id) => save.mutate({ change: { defaultWalletId: id } })}
        />
        <p className="text-xs text-muted-foreground">{t('defaultWalletHint')}</p>
      </div>
      <Link
        href="/limits"
        className="flex items-center justify-between gap-3 border-t py-4 text-sm"
        data-testid="settings-limits"
      >
        <span>
          <span className="block font-medium">{t('limits')}</span>
          <span className="block text-xs text-muted-foreground">{t('limitsText')}</span>
        </span>
        <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      </Link>
      <Link
        href="/disputes"
        className="flex items-center justify-between gap-3 border-t py-4 text-sm"
        data-testid="settings-reports"
      >
        <span>
          <span className="block font-medium">{t('reports')}</span>
          <span className="block text-xs text-muted-foreground">{t('reportsText')}</span>
        </span>
        <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      </Link>
      <SwitchRow
        label={t('autoSave')}
        description={t('autoSaveText')}
        checked={settings.autoSaveRecipients}
        onCheckedChange={(checked) => save.mutate({ change: { autoSaveRecipients: checked } })}
      />
    </SettingsCard>
  )
}
