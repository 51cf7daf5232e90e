import { Controller, type FieldErrors, type UseFormReturn } from 'react-hook-form'
import { Link } from 'wouter'
import { TextField } from '#client/components/ui/text-field.tsx'
import { WalletSelect } from '#client/entities/wallets/wallet-select.tsx'
import { ACCOUNT_NUMBER_MAX_LENGTH } from '#shared/schemas/bank.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import type { Bank } from '../../entities/banks/use-banks.ts'
import { AccountLookupStatus } from './account-lookup-status.tsx'
import { BankSelect } from './bank-select.tsx'
import {
  ACCOUNT_NAME_MAX_LENGTH,
  type BankTransferFormValues,
} from './bank-transfer-form-schema.ts'
import { useBankTransferMessages } from './messages.ts'
import { NameMismatch } from './name-mismatch.tsx'

/**
 * Where the money goes from and to: the wallet that pays, the bank, the account number with what
 * the name enquiry says of it, and the holder's name with a warning when it is not the bank's.
 * Its fields go straight into the form's grid, with no wrapper of their own, so the form stays one
 * evenly spaced column.
 */
export function AccountSection({
  form,
  errors,
  wallets,
  walletsFailed,
  walletsLoading,
  banks,
  onChooseWallet,
  banksFailed,
  banksLoading,
  bankCode,
  onChooseBank,
  bankProblem,
  payerExists,
  checking,
  resolvedName,
  nameUncheckedAt,
  lookupError,
  onRetryLookup,
  mismatch,
  onUseBankName,
  pending,
}: {
  form: UseFormReturn<BankTransferFormValues>
  errors: FieldErrors<BankTransferFormValues>
  wallets: readonly Wallet[]
  walletsFailed: boolean
  walletsLoading: boolean
  /** The banks the chosen wallet can pay (bank-currency.ts `banksForWallet`). */
  banks: readonly Bank[]
  /** Chooses the wallet, letting go of a bank it cannot pay. */
  onChooseWallet: (walletId: string) => void
  banksFailed: boolean
  banksLoading: boolean
  bankCode: string
  onChooseBank: (code: string) => void
  /** Why the chosen bank cannot be paid from the chosen wallet, when it cannot. */
  bankProblem: string | undefined
  /**
   * Whether any of the user's wallets holds the chosen bank's currency; true while no bank is
   * chosen, so the link to open a wallet shows only for a bank none of them can pay.
   */
  payerExists: boolean
  checking: boolean
  /** The holder's name the bank's enquiry returned, when it has. */
  resolvedName: string | null
  /** The bank's name, when it confirms no account names: the user types the holder's name. */
  nameUncheckedAt: string | null
  lookupError: Error | null
  onRetryLookup: () => void
  /** The typed name is not the one the bank gave. */
  mismatch: boolean
  onUseBankName: (name: string) => void
  pending: boolean
}) {
  const t = useBankTransferMessages()
  return (
    <>
      <div className="grid grid-cols-1 gap-2">
        <Controller
          control={form.control}
          name="fromWalletId"
          render={({ field }) => (
            <WalletSelect
              id="bank-transfer-wallet"
              label={t('fromWallet')}
              placeholder={t('walletPlaceholder')}
              wallets={wallets}
              value={field.value}
              onChange={onChooseWallet}
              error={errors.fromWalletId?.message}
              loadFailed={walletsFailed}
              showAvailable
              disabled={pending || walletsLoading}
            />
          )}
        />
      </div>

      <div className="grid grid-cols-1 gap-2">
        <BankSelect
          id="bank-transfer-bank"
          banks={banks}
          value={bankCode}
          onChange={onChooseBank}
          error={
            errors.bankCode?.message ??
            bankProblem ??
            (banksFailed ? t('banksUnavailable') : undefined)
          }
          disabled={pending || banksLoading}
        />
        {payerExists ? null : (
          <Link
            href="/"
            className="w-fit text-xs font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('openWallet')}
          </Link>
        )}
      </div>

      <div className="grid grid-cols-1 gap-2">
        <Controller
          control={form.control}
          name="accountNumber"
          render={({ field }) => (
            <TextField
              id="bank-transfer-account-number"
              label={t('accountNumber')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={ACCOUNT_NUMBER_MAX_LENGTH}
              placeholder={t('accountNumberPlaceholder')}
              error={errors.accountNumber?.message}
              disabled={pending}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              // Digits only: spaces and dashes people paste from a statement are dropped.
              onChange={(event) => field.onChange(event.target.value.replace(/\D/g, ''))}
            />
          )}
        />
        <AccountLookupStatus
          checking={checking}
          resolvedName={resolvedName}
          error={lookupError}
          onRetry={onRetryLookup}
        />
      </div>

      <div className="grid grid-cols-1 gap-2">
        <TextField
          id="bank-transfer-account-name"
          label={t('accountName')}
          autoComplete="off"
          maxLength={ACCOUNT_NAME_MAX_LENGTH}
          placeholder={t('accountNamePlaceholder')}
          hint={nameUncheckedAt ? t('nameNotCheckedHint', { bank: nameUncheckedAt }) : undefined}
          error={errors.accountName?.message}
          disabled={pending}
          {...form.register('accountName')}
        />
        {mismatch && resolvedName ? (
          <NameMismatch bankName={resolvedName} onUseBankName={() => onUseBankName(resolvedName)} />
        ) : null}
      </div>
    </>
  )
}
