import { Landmark } from 'lucide-react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useSearch } from 'wouter'
import { MoneyActionSheet } from '#client/components/money-action/money-action-sheet.tsx'
import { useMoneyAction } from '#client/components/money-action/use-money-action.ts'
import { useScheduleMessages } from '#client/components/schedule/messages.ts'
import {
  type ScheduleChoice,
  ScheduleFields,
  type ScheduleProblems,
  scheduleBody,
  scheduleProblems,
  sendNow,
} from '#client/components/schedule/schedule-fields.tsx'
import {
  useScheduleAction,
  useScheduleReview,
} from '#client/components/schedule/use-schedule-action.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { useWalletPreset } from '#client/entities/wallets/default-wallet.ts'
import { useWallets } from '#client/entities/wallets/use-wallets.ts'
import { typedWalletAmount, useAmountMessages } from '#client/lib/amount-messages.ts'
import { ApiError } from '#client/lib/api.ts'
import { readRepeatParams } from '#client/lib/repeat-params.ts'
import { schemaResolver } from '#client/lib/schema-resolver.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import { walletShortfall } from '#client/lib/wallet-shortfall.ts'
import { formatMoney } from '#shared/money.ts'
import type { BankTransferRequest } from '#shared/schemas/bank.ts'
import type { Recipient } from '#shared/schemas/recipients.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { transactionSchema } from '#shared/schemas/transactions.ts'
import { useBankRecipients } from '../../entities/banks/use-bank-recipients.ts'
import { type Bank, useBanks } from '../../entities/banks/use-banks.ts'
import { AccountSection } from './account-section.tsx'
import { AmountSection } from './amount-section.tsx'
import { bankPayerCheck, banksForWallet, sameCurrency, walletForBank } from './bank-currency.ts'
import { bankTransferCost } from './bank-transfer-cost.ts'
import {
  type BankTransferFormValues,
  bankTransferFormSchema,
  EMPTY_BANK_TRANSFER_FORM,
} from './bank-transfer-form-schema.ts'
import { bankTransferReview } from './bank-transfer-review.ts'
import { useBankTransferMessages } from './messages.ts'
import { namesMatch } from './name-match.ts'
import { SavedRecipients } from './saved-recipients.tsx'
import { TransferProgress } from './transfer-progress.tsx'
import { useAccountLookup } from './use-account-lookup.ts'

const NO_WALLETS: readonly Wallet[] = []
const NO_BANKS: readonly Bank[] = []

/** A transfer just sent, followed by the progress panel. */
type SentTransfer = { id: string; recipientName: string }

/**
 * The bank transfer (docs/screens.md "Bank transfer screen"; issue "Money out"): wallet, bank,
 * account number, the holder's name filled by name enquiry (a different typed name warns; where
 * the bank has no name enquiry the user types it, and the review says it was not checked), amount
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
  const s = useScheduleMessages()
  // Now, or on a schedule (docs/scheduled-transfers.md): the same form sets up either.
  const [schedule, setSchedule] = useState<ScheduleChoice>(() => ({
    ...sendNow(),
    ...(readRepeatParams(search).schedule ? { when: 'later' } : {}),
  }))
  const [scheduleErrors, setScheduleErrors] = useState<ScheduleProblems>({})
  const scheduleReview = useScheduleReview()

  const schema = useMemo(() => bankTransferFormSchema(t, a, walletList), [t, a, walletList])
  const form = useForm<BankTransferFormValues>({
    resolver: schemaResolver(schema),
    defaultValues: EMPTY_BANK_TRANSFER_FORM,
  })
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
  // South African banks and M-Pesa confirm no names (docs/transfers.md "Banks"): the bank list
  // says so, and so does the enquiry's answer. The user types the name, and nothing waits.
  const nameUnchecked =
    bank?.nameEnquiry === false || (lookup.active && lookup.query.data?.nameChecked === false)
  const checking =
    lookup.active &&
    !nameUnchecked &&
    !resolvedName &&
    !lookupError &&
    (lookup.settling || lookup.query.isFetching)

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
      const payer = walletForBank(walletList, chosen)
      if (payer) {
        form.setValue('fromWalletId', payer.id, { shouldValidate: form.formState.isSubmitted })
      }
    },
    [bankList, walletList, form],
  )

  /**
   * Chooses the wallet to pay from. A bank that does not receive its currency goes with the
   * change: the picker now offers other banks, and the account belongs to the old one.
   */
  const chooseWallet = useCallback(
    (id: string) => {
      form.setValue('fromWalletId', id, { shouldValidate: form.formState.isSubmitted })
      const chosen = walletList.find((candidate) => candidate.id === id)
      const current = bankList.find((candidate) => candidate.code === form.getValues('bankCode'))
      if (chosen && current && !sameCurrency(chosen, current)) form.setValue('bankCode', '')
    },
    [bankList, walletList, form],
  )
  const shownBanks = useMemo(
    () => banksForWallet(bankList, wallet, bankCode),
    [bankList, wallet, bankCode],
  )

  // `?bank=<code>` (the transfer options' bank list links here) preselects that bank once; a
  // "Repeat this" link also brings the account, the name, the amount and the description.
  const preselected = useRef(false)
  useEffect(() => {
    if (preselected.current || !banks.isSuccess || !wallets.isSuccess) return
    preselected.current = true
    const params = new URLSearchParams(search)
    const code = params.get('bank')
    if (code && bankList.some((candidate) => candidate.code === code)) chooseBank(code)
    const account = params.get('account') ?? ''
    if (/^\d{6,20}$/.test(account)) form.setValue('accountNumber', account)
    const name = (params.get('name') ?? '').slice(0, 100)
    if (name) {
      form.setValue('accountName', name)
      autoFilledName.current = name
    }
    const repeat = readRepeatParams(search)
    if (repeat.amount) form.setValue('amount', repeat.amount)
    if (repeat.description) form.setValue('description', repeat.description)
  }, [banks.isSuccess, wallets.isSuccess, search, bankList, chooseBank, form])

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

  /** Puts the bank's name in the name field; a newer enquiry may replace it like its own. */
  function acceptBankName(name: string) {
    form.setValue('accountName', name, { shouldValidate: form.formState.isSubmitted })
    autoFilledName.current = name
  }

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
      form.reset({ ...EMPTY_BANK_TRANSFER_FORM, fromWalletId: body.fromWalletId })
    },
  })
  const scheduling = useScheduleAction(() => {
    autoFilledName.current = null
    form.reset({ ...EMPTY_BANK_TRANSFER_FORM, fromWalletId: form.getValues('fromWalletId') })
    setSchedule(sendNow())
  })
  const pending = action.busy || scheduling.busy

  const amount = typedWalletAmount(wallet, form.watch('amount'))
  const cost = amount ? bankTransferCost(amount) : null
  const shortfall = walletShortfall(wallet, cost?.total)
  const { payerExists, problem: bankProblem } = bankPayerCheck(t, bank, wallet, walletList)

  const mismatch =
    resolvedName !== null && accountName.trim() !== '' && !namesMatch(accountName, resolvedName)

  // A scheduled transfer needs the money on its day, not now.
  const short = schedule.when === 'now' && shortfall !== null
  const blocked = pending || short || accountMissing || checking || bankProblem !== undefined

  function submit(values: BankTransferFormValues) {
    if (blocked) return
    const chosenWallet = walletList.find((candidate) => candidate.id === values.fromWalletId)
    const value = typedWalletAmount(chosenWallet, values.amount)
    if (!chosenWallet || !value) return
    // A fixed key order: the idempotency key store compares submissions by their JSON text.
    const body: BankTransferRequest = {
      fromWalletId: chosenWallet.id,
      bankCode: values.bankCode,
      accountNumber: values.accountNumber,
      accountName: values.accountName,
      amount: formatMoney(value),
      ...(values.description ? { description: values.description } : {}),
    }
    const review = bankTransferReview({
      t,
      wallet: chosenWallet,
      charges: bankTransferCost(value),
      values,
      resolvedName,
      nameUnchecked,
      bankNames,
    })
    if (schedule.when === 'later') {
      const problems = scheduleProblems(schedule, s)
      setScheduleErrors(problems)
      if (Object.keys(problems).length > 0) return
      const when = scheduleReview(schedule)
      scheduling.review({
        path: '/api/scheduled-transfers',
        body: { kind: 'bank', ...body, ...scheduleBody(schedule) },
        review: {
          ...review,
          title: when.title,
          rows: [...review.rows, ...when.rows],
          note: when.note,
        },
      })
      return
    }
    reviewed.current = body
    action.review({
      path: '/api/send-money/bank',
      body,
      review: {
        ...review,
        limitCheck: { currency: chosenWallet.currency.code, amount: formatMoney(value) },
        spend: { wallet: chosenWallet, total: bankTransferCost(value).total },
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
            <AccountSection
              form={form}
              errors={errors}
              wallets={walletList}
              walletsFailed={wallets.isError}
              walletsLoading={wallets.isPending}
              banks={shownBanks}
              onChooseWallet={chooseWallet}
              banksFailed={banks.isError}
              banksLoading={banks.isPending}
              bankCode={bankCode}
              onChooseBank={chooseBank}
              bankProblem={bankProblem}
              payerExists={payerExists}
              checking={checking}
              resolvedName={resolvedName}
              nameUncheckedAt={nameUnchecked ? (bank?.name ?? bankCode) : null}
              lookupError={lookupError}
              onRetryLookup={() => {
                void lookup.query.refetch()
              }}
              mismatch={mismatch}
              onUseBankName={acceptBankName}
              pending={pending}
            />
            <AmountSection
              form={form}
              errors={errors}
              wallet={wallet}
              cost={cost}
              shortfall={schedule.when === 'now' ? shortfall : null}
              pending={pending}
            />
            <ScheduleFields
              idPrefix="bank-transfer"
              value={schedule}
              onChange={setSchedule}
              problems={scheduleErrors}
              disabled={pending}
            />
            <Button type="submit" size="lg" className="w-full" disabled={blocked}>
              <Landmark aria-hidden="true" />
              {pending
                ? t('submitting')
                : schedule.when === 'later'
                  ? s('submitSchedule')
                  : t('submit')}
            </Button>
          </form>
        </section>
      </Card>
      <MoneyActionSheet action={action} />
      <MoneyActionSheet action={scheduling} />
    </div>
  )
}
