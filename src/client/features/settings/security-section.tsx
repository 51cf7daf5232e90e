import { KeyRound, ListRestart, LockKeyhole, ShieldCheck, Snowflake } from 'lucide-react'
import { useState } from 'react'
import { usePinStatus } from '#client/components/money-action/use-pin-status.ts'
import { Button } from '#client/components/ui/button.tsx'
import { useAuth } from '#client/lib/use-auth.ts'
import { useSettingsMessages } from '../../entities/settings/messages.ts'
import { BackupCodesDialog } from './backup-codes-dialog.tsx'
import { ChangePasswordDialog } from './change-password-dialog.tsx'
import { FreezeAccountDialog } from './freeze-account-dialog.tsx'
import { SettingRow, SettingsCard } from './settings-card.tsx'
import { SwitchRow } from './switch-row.tsx'
import { TransactionPinDialog } from './transaction-pin-dialog.tsx'
import { TwoFactorDisableDialog } from './two-factor-disable-dialog.tsx'
import { TwoFactorEnrolDialog } from './two-factor-enrol-dialog.tsx'

type SecurityDialog = 'enrol' | 'disable' | 'backup' | 'password' | 'pin' | 'freeze'

/**
 * Two-factor sign-in and its backup codes, the password, the PIN, and freezing the account. The
 * switch shows what the server says (`twoFactorEnabled`); flipping it opens the dialog that
 * actually turns it on or off. A frozen account has the page's banner to unfreeze it instead.
 */
export function SecuritySection() {
  const t = useSettingsMessages()
  const { user } = useAuth()
  const enabled = user?.twoFactorEnabled ?? false
  const frozen = (user?.frozenAt ?? null) !== null
  const pin = usePinStatus()
  const pinIsSet = pin.data?.isSet ?? false
  const [dialog, setDialog] = useState<SecurityDialog | null>(null)
  const close = (open: boolean) => {
    if (!open) setDialog(null)
  }
  return (
    <SettingsCard icon={ShieldCheck} title={t('security')} description={t('securityText')}>
      <SwitchRow
        label={t('twoFactor')}
        description={enabled ? t('twoFactorOnText') : t('twoFactorOffText')}
        checked={enabled}
        onCheckedChange={(checked) => setDialog(checked ? 'enrol' : 'disable')}
      />
      {enabled ? (
        <SettingRow label={t('backupCodesLabel')} description={t('backupCodesText')}>
          <Button variant="outline" size="sm" onClick={() => setDialog('backup')}>
            <ListRestart aria-hidden="true" />
            {t('newBackupCodes')}
          </Button>
        </SettingRow>
      ) : null}
      <SettingRow label={t('password')} description={t('passwordText')}>
        <Button variant="outline" size="sm" onClick={() => setDialog('password')}>
          <KeyRound aria-hidden="true" />
          {t('changePassword')}
        </Button>
      </SettingRow>
      <SettingRow
        label={t('transactionPin')}
        description={pinIsSet ? t('transactionPinSetText') : t('transactionPinUnsetText')}
      >
        <Button
          variant="outline"
          size="sm"
          disabled={pin.isPending}
          onClick={() => setDialog('pin')}
        >
          <LockKeyhole aria-hidden="true" />
          {pinIsSet ? t('changePin') : t('createPin')}
        </Button>
      </SettingRow>
      {frozen ? null : (
        <SettingRow label={t('freeze')} description={t('freezeText')} stacked>
          <Button
            variant="outline"
            className="w-full text-destructive hover:text-destructive sm:w-auto sm:justify-self-start"
            onClick={() => setDialog('freeze')}
          >
            <Snowflake aria-hidden="true" />
            {t('freezeButton')}
          </Button>
        </SettingRow>
      )}
      <TransactionPinDialog open={dialog === 'pin'} isSet={pinIsSet} onOpenChange={close} />
      <TwoFactorEnrolDialog open={dialog === 'enrol'} onOpenChange={close} />
      <TwoFactorDisableDialog open={dialog === 'disable'} onOpenChange={close} />
      <BackupCodesDialog open={dialog === 'backup'} onOpenChange={close} />
      <ChangePasswordDialog open={dialog === 'password'} onOpenChange={close} />
      <FreezeAccountDialog open={dialog === 'freeze'} onOpenChange={close} />
    </SettingsCard>
  )
}
