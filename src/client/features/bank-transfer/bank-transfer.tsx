import { zodResolver } from '@hookform/resolvers/zod'
import { AlertTriangle, CheckCircle2, Info, Landmark, Loader2 } from 'lucide-react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { Link, useSearch } from 'wouter'
import { z } from 'zod'
import { MoneyActionSheet } from '#client/components/money-action/money-action-sheet.tsx'
import { useMoneyAction } from '#client/components/money-action/use-money-action.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { SummaryRow } from '#client/components/ui/summary-row.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { useAuth } from '#client/features/auth/use-auth.ts'
import { useWalletPreset } from '#client/features/wallets/default-wallet.ts'
import { useWallets } from '#client/features/wallets/use-wallets.ts'
import { formatWalletBalance } from '#client/features/wallets/wallet-format.ts'
import { WalletSelect } from '#client/features/wallets/wallet-select.tsx'
import { isPositiveAmountText, readAmountInput } from '#client/lib/amount-input.ts'
import {
  describeAmountProblem,
  typedWalletAmount,
  useAmountMessages,
} from '#client/lib/amount-messages.ts'

import { ApiError } from '#client/lib/api.ts'
import { formatMoneyForDisplay, toMoney } from '#client/lib/format-amount.ts'
import { formatMoney, type Money, subtract } from '#shared/money.ts'
import {
  ACCOUNT_NUMBER_MAX_LENGTH,
  ACCOUNT_NUMBER_MIN_LENGTH,
  type BankTransferRequest,
} from '#shared/schemas/bank.ts'
import { DESCRIPTION_MAX_LENGTH } from '#shared/schemas/money-requests.ts'
import type { Recipient } from '#shared/schemas/recipients.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { transactionSchema } from '#shared/schemas/transactions.ts'
import { BankSelect } from './bank-select.tsx'
import { bankFeePercentText, bankTransferCost } from './bank-transfer-cost.ts'
import { useBankTransferMessages } from './messages.ts'
import { namesMatch } from './name-match.ts'
import { SavedRecipients } from './saved-recipients.tsx'
import { TransferProgress } from './transfer-progress.tsx'
import { useAccountLookup } from './use-account-lookup.ts'
import { useBankRecipients } from './use-bank-recipients.ts'
import { type Bank, useBanks } from './use-banks.ts'

type AmountMessages = ReturnType<typeof useAmountMessages>

type BankTransferMessages = ReturnType<typeof useBankTransferMessages>

/** An account name of at least 2 characters; at most what the server accepts. */
const ACCOUNT_NAME_MIN_LENGTH = 2
const ACCOUNT_NAME_MAX_LENGTH = 100

const NO_WALLETS: readonly Wallet[] = []
const NO_BANKS: readonly Bank[] = []

/**
 * docs/transfers.md "Bank transfers", worded in the user's language with the shared schema's
 * messages: a wallet, a bank, an account number of at least 10 digits, an account name, an amount
 * above zero with no more decimals than the wallet's currency has, an optional description.
 */
function bankTransferFormSchema(
  t: BankTransferMessages,
  a: AmountMessages,
  wallets: readonly Wallet[],
) {
  return z
    .object({
      fromWalletId: z.string().min(1, t('selectWallet')),
      bankCode: z.string().min(1, t('selectBank')),
      accountNumber: z
        .string()
        .trim()
        .min(ACCOUNT_NUMBER_MIN_LENGTH, t('accountNumberShort'))
        .regex(/^\d+$/, t('accountNumberShort')),
      accountName: z
        .string()
        .trim()
        .min(ACCOUNT_NAME_MIN_LENGTH, t('accountNameRequired'))
        .max(ACCOUNT_NAME_MAX_LENGTH, t('accountNameTooLong', { max: ACCOUNT_NAME_MAX_LENGTH })),
      amount: z.string().refine(isPositiveAmountText, a('amountPositive')),
      description: z
        .string()
        .trim()
        .max(DESCRIPTION_MAX_LENGTH, t('descriptionTooLong', { max: DESCRIPTION_MAX_LENGTH })),
    })
    .superRefine((values, context) => {
      const wallet = wallets.find((candidate) => candidate.id === values.fromWalletId)
      if (!wallet) {
        context.addIssue({ code: 'custom', path: ['fromWalletId'], message: t('selectWallet') })
        return
      }
      if (!isPositiveAmountText(values.amount)) return
      const amount = readAmountInput(values.amount, wallet.currency.code)
      if (amount.ok) return
      const message = describeAmountProblem(amount.problem, wallet.currency.code, a)
      context.addIssue({ code: 'custom', path: ['amount'], message })
    })
}

type FormValues = z.infer<ReturnType<typeof bankTransferFormSchema>>

const EMPTY_FORM: FormValues = {
  fromWalletId: '',
  bankCode: '',
  accountNumber: '',
  accountName: '',
  amount: '',
  description: '',
}

function withSymbol(wallet: Wallet, value: Money): string {
  return `${wallet.currency.symbol}${formatMoneyForDisplay(value)}`
}

function sameCurrency(wallet: Wallet, bank: Bank): boolean {
  return wallet.currency.code.toUpperCase() === bank.currency.toUpperCase()
}

/** A transfer just sent, followed by the progress panel. */
type SentTransfer = { id: string; recipientName: string }

/**
 * The bank transfer (docs/screens.md "Bank transfer screen"; issue "Money out"): wallet, bank,
 * account number, the holder's name filled by name enquiry (a different typed name warns), amount
 * and the 2% fee on top. Insufficient funds disable "Send to Bank" and say by how much. Saved
 * recipients fill the form in one tap. After sending, a panel follows the transfer until the bank
 * settles it. Every submission carries one Idempotency-Key, reused if the same submission is
 * retried.
 */
export function BankTransfer() {
  const t = useBankTransferMessages()
  const a = useAmountMessages()
  const { isAuthenticated } = useAuth()
  const search = useSearch()
  const wallets = useWallets({ enabled: isAuthenticated })
  const banks = useBanks({ enabled: isAuthenticated })
  const walletList = wallets.data ?? NO_WALLETS
  const bankList = banks.data ?? NO_BANKS
  const bankNames = useMemo(
    () => new Map(bankList.map((bank) => [bank.code, bank.name])),
    [bankList],
  )
  const [sent, setSent] = useState<SentTransfer | null>(null)
  // The name the enquiry last wrote into the name field: a newer answer may replace it, but
  // never a name the user typed.
  const autoFilledName = useRef<string | null>(null)

  const schema = useMemo(() => bankTransferFormSchema(t, a, walletList), [t, a, walletList])
  const form = useForm<FormValues>({ resolver: zodResolver(schema), defaultValues: EMPTY_FORM })
  const { errors } = form.formState
  // The default wallet (Settings, else the primary) is chosen already; a bank in another
  // currency switches to the wallet that pays it.
  useWalletPreset(walletList, (wallet) => {
    if (form.getValues('fromWalletId') === '') form.setValue('fromWalletId', wallet.id)
  })

  const walletId = form.watch('fromWalletId')
  const bankCode = form.watch('bankCode')
  const accountNumber = form.watch('accountNumber')
  const accountName = form.watch('accountName')
  const wallet = walletList.find((candidate) => candidate.id === walletId)
  const bank = bankList.find((candidate) => candidate.code === bankCode)

  const lookup = useAccountLookup(bankCode, accountNumber)
  const resolvedName = lookup.active ? (lookup.query.data?.accountName ?? null) : null
  const lookupError = lookup.active && !resolvedName ? lookup.query.error : null
  const accountMissing = lookupError instanceof ApiError && lookupError.status === 404
  const checking =
    lookup.active && !resolvedName && !lookupError && (lookup.settling || lookup.query.isFetching)

  useEffect(() => {
    if (!resolvedName) return
    const current = form.getValues('accountName').trim()
    if (current === '' || current === autoFilledName.current) {
      form.setValue('accountName', resolvedName, { shouldValidate: form.formState.isSubmitted })
      autoFilledName.current = resolvedName
    }
  }, [resolvedName, form])

  /** Chooses a bank and, when the wallet cannot pay it, the user's wallet in its currency. */
  const chooseBank = useCallback(
    (code: string) => {
      form.setValue('bankCode', code, { shouldValidate: form.formState.isSubmitted })
      const chosen = bankList.find((candidate) => candidate.code === code)
      const current = walletList.find(
        (candidate) => candidate.id === form.getValues('fromWalletId'),
      )
      if (!chosen || (current && sameCurrency(current, chosen))) return
      const payer = walletList.find((candidate) => sameCurrency(candidate, chosen))
      if (payer) {
        form.setValue('fromWalletId', payer.id, { shouldValidate: form.formState.isSubmitted })
      }
    },
    [bankList, walletList, form],
  )

  // `?bank=<code>` (the transfer options' bank list links here) preselects that bank once.
  const preselected = useRef(false)
  useEffect(() => {
    if (preselected.current || !banks.isSuccess || !wallets.isSuccess) return
    preselected.current = true
    const code = new URLSearchParams(search).get('bank')
    if (code && bankList.some((candidate) => candidate.code === code)) chooseBank(code)
  }, [banks.isSuccess, wallets.isSuccess, search, bankList, chooseBank])

  const fillFromRecipient = useCallback(
    (recipient: Recipient) => {
      if (recipient.bankCode) chooseBank(recipient.bankCode)
      form.setValue('accountNumber', recipient.accountNumber ?? '', {
        shouldValidate: form.formState.isSubmitted,
      })
      form.setValue('accountName', recipient.name, { shouldValidate: form.formState.isSubmitted })
      // The saved name is the bank's own, so a fresh enquiry may correct it.
      autoFilledName.current = recipient.name
      form.setFocus('amount')
    },
    [chooseBank, form],
  )

  // `?recipient=<id>` (a saved account on the transfer options screen) fills the form once.
  const recipients = useBankRecipients({ enabled: isAuthenticated })
  const recipientApplied = useRef(false)
  useEffect(() => {
    if (recipientApplied.current || !banks.isSuccess || !wallets.isSuccess) return
    if (!recipients.isSuccess) return
    recipientApplied.current = true
    const id = new URLSearchParams(search).get('recipient')
    const chosen = recipients.data.find((candidate) => candidate.id === id)
    if (chosen) fillFromRecipient(chosen)
  }, [banks.isSuccess, wallets.isSuccess, recipients, search, fillFromRecipient])

  // The body under review, for what the form does once it has gone through.
  const reviewed = useRef<BankTransferRequest | null>(null)
  const action = useMoneyAction({
    parse: (data) => transactionSchema.parse(data),
    transactionIdOf: (transfer) => transfer.id,
    failure: { title: t('failedTitle'), message: t('failedText') },
    success: { title: t('successTitle'), description: t('successText') },
    onSuccess: (transfer) => {
      const body = reviewed.current
      if (!body) return
      setSent({ id: transfer.id, recipientName: resolvedName ?? body.accountName })
      autoFilledName.current = null
      // The wallet stays chosen: the next transfer is most likely paid from it too.
      form.reset({ ...EMPTY_FORM, fromWalletId: body.fromWalletId })
    },
  })
  const pending = action.busy

  const amount = typedWalletAmount(wallet, form.watch('amount'))
  const cost = amount ? bankTransferCost(amount) : null
  const balance = wallet ? toMoney(wallet.balance, wallet.currency.code) : null
  const shortfall =
    cost &&
    balance &&
    balance.asset === cost.total.asset &&
    balance.amountMinor < cost.total.amountMinor
      ? subtract(cost.total, balance)
      : null

  // A bank receives one currency only (docs/transfers.md "Banks"): say which wallet pays it, or
  // that none does.
  const payerExists = bank ? walletList.some((candidate) => sameCurrency(candidate, bank)) : true
  const bankProblem = !bank
    ? undefined
    : !payerExists
      ? t('bankNoWallet', { bank: bank.name, currency: bank.currency })
      : wallet && !sameCurrency(wallet, bank)
        ? t('bankWrongWallet', { bank: bank.name, currency: bank.currency })
        : undefined

  const mismatch =
    resolvedName !== null && accountName.trim() !== '' && !namesMatch(accountName, resolvedName)

  const blocked =
    pending || shortfall !== null || accountMissing || checking || bankProblem !== undefined

  const feePercent = bankFeePercentText()

  function submit(values: FormValues) {
    if (blocked) return
    const chosenWallet = walletList.find((candidate) => candidate.id === values.fromWalletId)
    const value = typedWalletAmount(chosenWallet, values.amount)
    if (!chosenWallet || !value) return
    const charges = bankTransferCost(value)
    // A fixed key order: the idempotency key store compares submissions by their JSON text.
    const body: BankTransferRequest = {
      fromWalletId: chosenWallet.id,
      bankCode: values.bankCode,
      accountNumber: values.accountNumber,
      accountName: values.accountName,
      amount: formatMoney(value),
      ...(values.description ? { description: values.description } : {}),
    }
    reviewed.current = body
    action.review({
      path: '/api/send-money/bank',
      body,
      review: {
        title: t('reviewTitle'),
        recipient: {
          name: resolvedName ?? values.accountName,
          detail: `${bankNames.get(values.bankCode) ?? values.bankCode} · ${values.accountNumber}`,
          verified: resolvedName !== null && namesMatch(values.accountName, resolvedName),
        },
        rows: [
          { label: t('summaryAmount'), value: withSymbol(chosenWallet, charges.amount) },
          {
            label: t('summaryFee', { percent: feePercent }),
            value: withSymbol(chosenWallet, charges.fee),
          },
          {
            label: t('summaryTotal'),
            value: withSymbol(chosenWallet, charges.total),
            strong: true,
          },
        ],
        note: t('reviewArrival'),
      },
    })
  }

  return (
    // Named columns (minmax(0, …)) keep a long name or figure from widening the page.
    <div className="grid grid-cols-1 items-start gap-4 sm:gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="grid min-w-0 grid-cols-1 gap-4 sm:gap-6 lg:order-2">
        {sent ? (
          <TransferProgress
            key={sent.id}
            transactionId={sent.id}
            recipientName={sent.recipientName}
            onDismiss={() => setSent(null)}
          />
        ) : null}
        <SavedRecipients
          enabled={isAuthenticated}
          bankNames={bankNames}
          onUse={fillFromRecipient}
          disabled={pending}
        />
      </div>

      <Card className="min-w-0 lg:order-1">
        <section aria-labelledby="bank-transfer-heading" className="p-5 sm:p-6">
          <h2 id="bank-transfer-heading" className="text-base font-semibold">
            {t('formHeading')}
          </h2>
          <form
            noValidate
            className="mt-4 grid grid-cols-1 gap-4"
            onSubmit={form.handleSubmit(submit)}
          >
            <div className="grid grid-cols-1 gap-2">
              <Controller
                control={form.control}
                name="fromWalletId"
                render={({ field }) => (
                  <WalletSelect
                    id="bank-transfer-wallet"
                    label={t('fromWallet')}
                    placeholder={t('walletPlaceholder')}
                    wallets={walletList}
                    value={field.value}
                    onChange={field.onChange}
                    error={errors.fromWalletId?.message}
                    loadFailed={wallets.isError}
                    showAvailable
                    disabled={pending || wallets.isPending}
                  />
                )}
              />
            </div>

            <div className="grid grid-cols-1 gap-2">
              <BankSelect
                id="bank-transfer-bank"
                banks={bankList}
                value={bankCode}
                onChange={chooseBank}
                error={
                  errors.bankCode?.message ??
                  bankProblem ??
                  (banks.isError ? t('banksUnavailable') : undefined)
                }
                disabled={pending || banks.isPending}
              />
              {bank && !payerExists ? (
                <Link
                  href="/"
                  className="w-fit text-xs font-medium text-primary underline-offset-4 hover:underline"
                >
                  {t('openWallet')}
                </Link>
              ) : null}
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
                t={t}
                checking={checking}
                resolvedName={resolvedName}
                error={lookupError}
                onRetry={() => {
                  void lookup.query.refetch()
                }}
              />
            </div>

            <div className="grid grid-cols-1 gap-2">
              <TextField
                id="bank-transfer-account-name"
                label={t('accountName')}
                autoComplete="off"
                maxLength={ACCOUNT_NAME_MAX_LENGTH}
                placeholder={t('accountNamePlaceholder')}
                error={errors.accountName?.message}
                disabled={pending}
                {...form.register('accountName')}
              />
              {mismatch && resolvedName ? (
                <div
                  role="status"
                  className="grid grid-cols-1 gap-1.5 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-200"
                  data-testid="name-mismatch"
                >
                  <p className="flex min-w-0 items-start gap-1.5 font-medium">
                    <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                    <span className="min-w-0 break-words">
                      {t('nameMismatch', { name: resolvedName })}
                    </span>
                  </p>
                  <button
                    type="button"
                    className="w-fit pl-5 text-left font-semibold underline underline-offset-2"
                    onClick={() => {
                      form.setValue('accountName', resolvedName, {
                        shouldValidate: form.formState.isSubmitted,
                      })
                      autoFilledName.current = resolvedName
                    }}
                  >
                    {t('useBankName', { name: resolvedName })}
                  </button>
                </div>
              ) : null}
            </div>

            <div className="grid grid-cols-1 gap-2">
              <TextField
                id="bank-transfer-amount"
                label={t('amount')}
                inputMode="decimal"
                autoComplete="off"
                placeholder={t('amountPlaceholder')}
                error={errors.amount?.message}
                disabled={pending}
                {...form.register('amount')}
              />
              {shortfall && wallet && cost ? (
                <p
                  role="status"
                  className="flex items-start gap-1.5 text-xs font-medium text-amber-700 dark:text-amber-300"
                  data-testid="insufficient-balance"
                >
                  <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                  {t('insufficient', {
                    total: withSymbol(wallet, cost.total),
                    balance: formatWalletBalance(wallet),
                    shortfall: withSymbol(wallet, shortfall),
                  })}
                </p>
              ) : null}
            </div>

            <TextField
              id="bank-transfer-description"
              label={t('description')}
              autoComplete="off"
              maxLength={DESCRIPTION_MAX_LENGTH}
              placeholder={t('descriptionPlaceholder')}
              error={errors.description?.message}
              disabled={pending}
              {...form.register('description')}
            />

            <div className="grid gap-3 rounded-xl border p-4 text-sm">
              {cost && wallet ? (
                <dl className="grid gap-2" data-testid="bank-transfer-summary">
                  <SummaryRow
                    label={t('summaryAmount')}
                    value={withSymbol(wallet, cost.amount)}
                    testId="bank-summary-amount"
                  />
                  <SummaryRow
                    label={t('summaryFee', { percent: feePercent })}
                    value={withSymbol(wallet, cost.fee)}
                    testId="bank-summary-fee"
                  />
                  <div className="border-t" />
                  <SummaryRow
                    label={t('summaryTotal')}
                    value={withSymbol(wallet, cost.total)}
                    strong
                    testId="bank-summary-total"
                  />
                </dl>
              ) : null}
              <p className="flex items-start gap-2 text-xs text-muted-foreground">
                <Info className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                {t('feeNote', { percent: feePercent })}
              </p>
            </div>

            <Button type="submit" size="lg" className="w-full" disabled={blocked}>
              <Landmark aria-hidden="true" />
              {pending ? t('submitting') : t('submit')}
            </Button>
          </form>
        </section>
      </Card>
      <MoneyActionSheet action={action} />
    </div>
  )
}

function AccountLookupStatus({
  t,
  checking,
  resolvedName,
  error,
  onRetry,
}: {
  t: BankTransferMessages
  checking: boolean
  resolvedName: string | null
  error: Error | null
  onRetry: () => void
}) {
  if (resolvedName) {
    return (
      <p
        className="flex items-center gap-1.5 rounded-lg bg-secondary px-3 py-2 text-sm font-medium text-secondary-foreground"
        data-testid="resolved-account-name"
      >
        <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0 break-words">{t('accountHolder', { name: resolvedName })}</span>
      </p>
    )
  }
  if (error) {
    const missing = error instanceof ApiError && error.status === 404
    // No bank partner is connected: say so, rather than suggest the account is at fault.
    const unavailable = error instanceof ApiError && error.code === 'PROVIDER_UNAVAILABLE'
    return (
      <div
        role="alert"
        className="flex items-start justify-between gap-3 rounded-lg border border-destructive/30 bg-red-50 px-3 py-2 text-xs font-medium text-destructive dark:bg-red-950/40"
        data-testid="account-lookup-error"
      >
        <p className="flex min-w-0 items-start gap-1.5">
          <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          <span className="min-w-0 break-words">
            {missing
              ? t('accountNotFound')
              : unavailable
                ? t('bankTransfersUnavailable')
                : t('accountCheckFailed')}
          </span>
        </p>
        {missing ? null : (
          <button type="button" className="shrink-0 underline underline-offset-2" onClick={onRetry}>
            {t('retry')}
          </button>
        )}
      </div>
    )
  }
  if (checking) {
    return (
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground" role="status">
        <Loader2 className="size-3.5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
        {t('checkingAccount')}
      </p>
    )
  }
  return null
}
