import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { AlertTriangle, BadgeCheck, FlaskConical, Loader2, Receipt } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { z } from 'zod'
import { useInitInfo } from '#client/components/init-call.tsx'
import { MoneyActionSheet } from '#client/components/money-action/money-action-sheet.tsx'
import { useMoneyAction } from '#client/components/money-action/use-money-action.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { Label } from '#client/components/ui/label.tsx'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx'
import { SummaryRow } from '#client/components/ui/summary-row.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { useAuth } from '#client/features/auth/use-auth.ts'
import { useWallets } from '#client/features/wallets/use-wallets.ts'
import { formatWalletBalance } from '#client/features/wallets/wallet-format.ts'
import { WalletSelect } from '#client/features/wallets/wallet-select.tsx'
import { majorToMinor, readAmountInput } from '#client/lib/amount-input.ts'
import { ApiError } from '#client/lib/api.ts'
import { formatMinorForDisplay, formatMoneyForDisplay, toMoney } from '#client/lib/format-amount.ts'
import { useShowErrorToast } from '#client/lib/show-error-toast.ts'
import { exponentOf, formatMoney, type Money } from '#shared/money.ts'
import {
  BILL_AMOUNT_MAX_MAJOR,
  BILL_PAYMENT_TYPES,
  type BillCustomer,
  type Biller,
  type BillPaymentRequest,
  type BillPaymentType,
  billersOf,
  CUSTOMER_NUMBER_MAX_LENGTH,
  customerNumberProblem,
  findBiller,
  isBillPaymentType,
  normaliseCustomerNumber,
} from '#shared/schemas/bills.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { transactionSchema } from '#shared/schemas/transactions.ts'
import {
  BILL_TYPE_LOOKS,
  type BillMessages,
  customerNumberLabel,
  customerNumberRuleText,
} from './bill-labels.ts'
import type { PaidBill } from './bill-payment-status.tsx'
import { useBillMessages } from './messages.ts'
import { checkableNumber, fetchBillCustomer, useBillCustomer } from './use-bill-customer.ts'

/** Every biller is paid in naira (issue "Money out"), so only the NGN wallet can pay. */
const BILL_CURRENCY = 'NGN'
const MAX_AMOUNT_MINOR = majorToMinor(BILL_AMOUNT_MAX_MAJOR, BILL_CURRENCY)
const NO_WALLETS: readonly Wallet[] = []

type FormValues = {
  billType: string
  provider: string
  accountNumber: string
  amount: string
  walletId: string
}

const EMPTY_FORM: FormValues = {
  billType: '',
  provider: '',
  accountNumber: '',
  amount: '',
  walletId: '',
}

function typeOf(value: string): BillPaymentType | undefined {
  return isBillPaymentType(value) ? value : undefined
}

function isPaymentReferenceType(type: BillPaymentType | undefined): boolean {
  return type === 'government' || type === 'tax'
}

/**
 * The bill pay rules with their messages (docs/transfers.md "Bills"), in the user's language, plus
 * what the chosen biller expects of the number (length, digits) and the amount's decimals and limit
 * in naira.
 */
function billFormSchema(t: BillMessages, wallets: readonly Wallet[]) {
  return z
    .object({
      billType: z.string(),
      provider: z.string(),
      accountNumber: z.string(),
      amount: z.string(),
      walletId: z.string(),
    })
    .superRefine((values, context) => {
      const issue = (path: keyof FormValues, message: string) =>
        context.addIssue({ code: 'custom', path: [path], message })
      const type = typeOf(values.billType)
      if (!type) issue('billType', t('selectBillType'))
      const biller = type ? findBiller(type, values.provider) : undefined
      if (!biller) issue('provider', t('selectProvider'))

      const number = normaliseCustomerNumber(values.accountNumber)
      if (number === '') {
        issue(
          'accountNumber',
          isPaymentReferenceType(type) ? t('referenceRequired') : t('accountRequired'),
        )
      } else if (biller && customerNumberProblem(biller.customerNumber, number) !== null) {
        issue(
          'accountNumber',
          t('numberRule', {
            name: customerNumberLabel(t, type, biller.customerNumber),
            rule: customerNumberRuleText(t, biller.customerNumber),
          }),
        )
      }

      if (values.amount.trim() === '') {
        issue('amount', t('amountRequired'))
      } else {
        const amount = readAmountInput(values.amount, BILL_CURRENCY, MAX_AMOUNT_MINOR)
        if (!amount.ok) {
          issue(
            'amount',
            amount.problem === 'too_many_decimals'
              ? t('amountDecimals', { decimals: exponentOf(BILL_CURRENCY) })
              : amount.problem === 'too_large'
                ? t('amountTooLarge', {
                    max: `₦${formatMinorForDisplay(MAX_AMOUNT_MINOR, BILL_CURRENCY)}`,
                  })
                : t('amountPositive'),
          )
        }
      }

      if (!wallets.some((wallet) => wallet.id === values.walletId)) {
        issue('walletId', t('selectWallet'))
      }
    })
}

function typedAmount(text: string): Money | null {
  const amount = readAmountInput(text, BILL_CURRENCY, MAX_AMOUNT_MINOR)
  return amount.ok ? amount.value : null
}

/**
 * The bill form (docs/screens.md "Bill pay screen"): bill type, provider for that type, the
 * customer number, amount and wallet. The number is checked with the biller as it is typed, and the
 * customer's name shown before paying; a number the biller does not know blocks paying, and so does
 * an amount above the balance. Bills carry no fee. One Idempotency-Key per submission.
 */
export function BillPayForm({
  billType,
  onBillTypeChange,
  onPaid,
}: {
  billType: BillPaymentType | undefined
  onBillTypeChange: (type: BillPaymentType) => void
  onPaid: (paid: PaidBill) => void
}) {
  const t = useBillMessages()
  const { isAuthenticated } = useAuth()
  const queryClient = useQueryClient()
  const showErrorToast = useShowErrorToast()
  const { data: init } = useInitInfo()
  const wallets = useWallets({ enabled: isAuthenticated })
  const walletList = useMemo(
    () =>
      (wallets.data ?? NO_WALLETS).filter(
        (wallet) => wallet.currency.code.toUpperCase() === BILL_CURRENCY,
      ),
    [wallets.data],
  )

  const schema = useMemo(() => billFormSchema(t, walletList), [t, walletList])
  const form = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: { ...EMPTY_FORM, billType: billType ?? '' },
  })
  const { errors, isSubmitted } = form.formState

  // The bill type is chosen above the form too (the buttons and the two cards): a new type
  // means a new list of providers, so the provider chosen for the old one goes.
  useEffect(() => {
    if (form.getValues('billType') === (billType ?? '')) return
    form.setValue('billType', billType ?? '', { shouldValidate: isSubmitted })
    form.setValue('provider', '')
  }, [billType, form, isSubmitted])

  // Bills are paid from the one NGN wallet, so it is chosen already once it has loaded.
  const onlyWallet = walletList.length === 1 ? walletList[0] : undefined
  useEffect(() => {
    if (onlyWallet && form.getValues('walletId') === '') form.setValue('walletId', onlyWallet.id)
  }, [onlyWallet, form])

  const type = typeOf(form.watch('billType'))
  const biller = type ? findBiller(type, form.watch('provider')) : undefined
  const numberText = form.watch('accountNumber')
  const customer = useBillCustomer(biller, numberText)
  const amount = typedAmount(form.watch('amount'))
  const wallet = walletList.find((candidate) => candidate.id === form.watch('walletId'))
  const balance = wallet ? toMoney(wallet.balance, wallet.currency.code) : null
  const shortfall =
    amount && balance && balance.asset === amount.asset && amount.amountMinor > balance.amountMinor
      ? { amountMinor: amount.amountMinor - balance.amountMinor, asset: amount.asset }
      : null

  // Whom the payment under review is for, for the status panel once it has gone through.
  const reviewed = useRef<{ biller: Biller; customer: BillCustomer } | null>(null)
  const [confirmingCustomer, setConfirmingCustomer] = useState(false)
  const action = useMoneyAction({
    parse: (data) => transactionSchema.parse(data),
    transactionIdOf: (transaction) => transaction.id,
    failure: { title: t('failedTitle'), message: t('failedText') },
    // Paid means paid by the biller: while it is pending, the receipt says so instead.
    success: { title: t('successTitle'), description: t('successText') },
    announce: 'completed',
    // The status panel replaces this form, so it comes once the receipt is closed.
    onReceiptClosed: (transaction) => {
      if (reviewed.current) onPaid({ transaction, ...reviewed.current })
    },
  })
  const pending = action.busy || confirmingCustomer

  async function submit(values: FormValues) {
    if (pending) return
    const chosenType = typeOf(values.billType)
    const payee = chosenType ? findBiller(chosenType, values.provider) : undefined
    const number = checkableNumber(payee, values.accountNumber)
    const paidAmount = typedAmount(values.amount)
    const chosenWallet = walletList.find((candidate) => candidate.id === values.walletId)
    if (!chosenType || !payee || !number || !paidAmount || !chosenWallet) return
    // The name is normally on screen already; a quick typist may submit before it arrives.
    let found: BillCustomer
    setConfirmingCustomer(true)
    try {
      found = await fetchBillCustomer(queryClient, payee, number)
    } catch (error) {
      if (error instanceof ApiError && error.status !== 401) {
        form.setError('accountNumber', { message: error.serverMessage ?? t('checkFailed') })
      } else {
        showErrorToast(error, { title: t('failedTitle'), message: t('failedText') })
      }
      return
    } finally {
      setConfirmingCustomer(false)
    }
    // A fixed key order: the idempotency key store compares submissions by their JSON text.
    const body: BillPaymentRequest = {
      billType: chosenType,
      provider: payee.id,
      accountNumber: number,
      amount: formatMoney(paidAmount),
      walletId: values.walletId,
    }
    reviewed.current = { biller: payee, customer: found }
    const shown = `${chosenWallet.currency.symbol}${formatMoneyForDisplay(paidAmount)}`
    action.review({
      path: '/api/bill-pay',
      body,
      review: {
        title: t('reviewTitle'),
        recipient: {
          name: found.customerName,
          detail: `${payee.name} · ${number}`,
          verified: true,
        },
        rows: [
          { label: t('reviewAmount'), value: shown },
          { label: t('reviewFee'), value: t('reviewNoFee') },
          { label: t('reviewTotal'), value: shown, strong: true },
        ],
        note: t('reviewNote'),
      },
    })
  }

  const numberLabel = customerNumberLabel(t, type, biller?.customerNumber)
  const checkError =
    customer.number !== null && customer.settled && customer.isError
      ? customer.error instanceof ApiError && customer.error.status === 404
        ? (customer.error.serverMessage ?? t('checkFailed'))
        : t('checkFailed')
      : undefined
  const notFound =
    customer.number !== null &&
    customer.settled &&
    customer.isError &&
    customer.error instanceof ApiError &&
    customer.error.status === 404
  const checking =
    biller !== undefined &&
    customer.number !== null &&
    !customer.isError &&
    (!customer.settled || customer.isFetching)
  const found = customer.number !== null && customer.settled ? customer.data : undefined
  const shownAmount = amount ? `₦${formatMoneyForDisplay(amount)}` : null

  return (
    <>
      <Card>
        <section aria-labelledby="bill-form-heading" className="p-5">
          <h2 id="bill-form-heading" className="text-base font-semibold">
            {t('formHeading')}
          </h2>
          <form
            noValidate
            className="mt-4 grid grid-cols-1 gap-4"
            onSubmit={form.handleSubmit(submit)}
          >
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <Controller
                control={form.control}
                name="billType"
                render={({ field }) => (
                  <ChoiceSelect
                    id="bill-type"
                    label={t('billType')}
                    placeholder={t('billTypePlaceholder')}
                    value={field.value}
                    options={BILL_PAYMENT_TYPES.map((value) => ({
                      value,
                      label: t(BILL_TYPE_LOOKS[value].label),
                    }))}
                    onChange={(value) => {
                      const next = typeOf(value)
                      if (next) onBillTypeChange(next)
                    }}
                    error={errors.billType?.message}
                    disabled={pending}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="provider"
                render={({ field }) => (
                  <ChoiceSelect
                    id="bill-provider"
                    label={t('provider')}
                    placeholder={type ? t('providerPlaceholder') : t('providerNeedsType')}
                    value={field.value}
                    options={(type ? billersOf(type) : []).map((candidate) => ({
                      value: candidate.id,
                      label: candidate.name,
                    }))}
                    onChange={field.onChange}
                    error={errors.provider?.message}
                    disabled={pending || !type}
                  />
                )}
              />
            </div>

            <div className="grid grid-cols-1 gap-2">
              <TextField
                id="bill-number"
                label={numberLabel}
                inputMode={
                  biller?.customerNumber.characters === 'alphanumeric' ? 'text' : 'numeric'
                }
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={CUSTOMER_NUMBER_MAX_LENGTH}
                error={errors.accountNumber?.message ?? checkError}
                hint={
                  biller && customer.number === null
                    ? customerNumberRuleText(t, biller.customerNumber)
                    : undefined
                }
                disabled={pending}
                {...form.register('accountNumber')}
              />
              {checking && biller ? (
                <p
                  role="status"
                  className="flex items-center gap-2 text-xs text-muted-foreground"
                  data-testid="bill-customer-checking"
                >
                  <Loader2 className="size-3.5 animate-spin" aria-hidden="true" />
                  {t('checking', { provider: biller.name })}
                </p>
              ) : null}
              {found && !errors.accountNumber ? (
                <p
                  className="flex items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:border-emerald-900/60 dark:bg-emerald-950/40 dark:text-emerald-200"
                  data-testid="bill-customer"
                >
                  <BadgeCheck className="size-4 shrink-0" aria-hidden="true" />
                  <span className="grid min-w-0">
                    <span className="text-xs text-emerald-800/80 dark:text-emerald-300/80">
                      {t('customerFound')}
                    </span>
                    <span className="break-words font-semibold" data-testid="bill-customer-name">
                      {found.customerName}
                    </span>
                  </span>
                </p>
              ) : null}
              {customer.isError && !notFound && customer.number !== null ? (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="justify-self-start"
                  onClick={() => void customer.refetch()}
                >
                  {t('checkAgain')}
                </Button>
              ) : null}
            </div>

            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <div className="grid content-start gap-2">
                <TextField
                  id="bill-amount"
                  label={t('amount')}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={t('amountPlaceholder')}
                  error={errors.amount?.message}
                  disabled={pending}
                  {...form.register('amount')}
                />
              </div>
              <div className="grid content-start gap-2">
                <Controller
                  control={form.control}
                  name="walletId"
                  render={({ field }) => (
                    <WalletSelect
                      id="bill-wallet"
                      label={t('wallet')}
                      placeholder={t('walletPlaceholder')}
                      wallets={walletList}
                      value={field.value}
                      onChange={field.onChange}
                      error={
                        errors.walletId?.message ??
                        (wallets.isError ? t('walletsUnavailable') : undefined)
                      }
                      disabled={pending || wallets.isPending}
                    />
                  )}
                />
                <p className="text-xs text-muted-foreground" data-testid="bill-wallet-balance">
                  {wallet
                    ? t('available', { balance: formatWalletBalance(wallet) })
                    : t('walletNgnOnly')}
                </p>
              </div>
            </div>

            {shortfall && wallet ? (
              <p
                role="status"
                className="flex items-start gap-1.5 rounded-lg bg-amber-50 px-3 py-2 text-xs font-medium text-amber-800 dark:bg-amber-950/40 dark:text-amber-300"
                data-testid="bill-shortfall"
              >
                <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                {t('shortfall', {
                  shortfall: `${wallet.currency.symbol}${formatMoneyForDisplay(shortfall)}`,
                  balance: formatWalletBalance(wallet),
                })}
              </p>
            ) : null}

            {shownAmount ? (
              <dl
                className="grid grid-cols-1 gap-2 rounded-lg border p-3 text-sm"
                data-testid="bill-summary"
              >
                <SummaryRow label={t('summaryAmount')} value={shownAmount} />
                <SummaryRow label={t('summaryFee')} value={t('summaryFeeFree')} />
                <div className="border-t" />
                <SummaryRow label={t('summaryTotal')} value={shownAmount} strong />
              </dl>
            ) : null}

            {init?.sandbox ? (
              <p className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-200">
                <FlaskConical className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                {t('sandboxNote')}
              </p>
            ) : null}

            <Button
              type="submit"
              size="lg"
              className="w-full"
              disabled={pending || shortfall !== null || notFound}
            >
              <Receipt aria-hidden="true" />
              {pending ? t('submitting') : t('submit')}
            </Button>
          </form>
        </section>
      </Card>
      <MoneyActionSheet action={action} />
    </>
  )
}

/** A labelled select of fixed choices, shaped like the wallet select beside it. */
function ChoiceSelect({
  id,
  label,
  placeholder,
  value,
  options,
  onChange,
  error,
  disabled,
}: {
  id: string
  label: string
  placeholder: string
  value: string
  options: readonly { value: string; label: string }[]
  onChange: (value: string) => void
  error?: string | undefined
  disabled?: boolean
}) {
  const messageId = `${id}-message`
  return (
    <div className="grid grid-cols-1 content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      {/* A value no option has (nothing chosen yet) shows the placeholder. */}
      <Select
        value={options.some((option) => option.value === value) ? value : ''}
        onValueChange={onChange}
        disabled={disabled ?? false}
      >
        <SelectTrigger
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
        >
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {error ? (
        <p id={messageId} className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  )
}
