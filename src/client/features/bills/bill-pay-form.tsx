import { useQueryClient } from '@tanstack/react-query'
import { FlaskConical, Receipt } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useInitInfo } from '#client/components/init-call.tsx'
import { MoneyActionSheet } from '#client/components/money-action/money-action-sheet.tsx'
import { useMoneyAction } from '#client/components/money-action/use-money-action.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { useWallets } from '#client/entities/wallets/use-wallets.ts'
import { ApiError } from '#client/lib/api.ts'
import { schemaResolver } from '#client/lib/schema-resolver.ts'
import { useShowErrorToast } from '#client/lib/show-error-toast.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import { walletShortfall } from '#client/lib/wallet-shortfall.ts'
import { formatMoney } from '#shared/money.ts'
import { guessNigerianNetwork } from '#shared/nigerian-networks.ts'
import type { BillCustomer, BillPaymentRequest, BillPaymentType } from '#shared/schemas/bills.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { transactionSchema } from '#shared/schemas/transactions.ts'
import { AmountSection } from './amount-section.tsx'
import { billCustomerCheck } from './bill-customer-check.ts'
import {
  BILL_CURRENCY,
  type BillFormValues,
  billFormSchema,
  billTypeOf,
  EMPTY_BILL_FORM,
  typedBillAmount,
} from './bill-pay-form-schema.ts'
import type { PaidBill } from './bill-payment-status.tsx'
import { billReview } from './bill-review.ts'
import { BillerSection } from './biller-section.tsx'
import { CustomerSection } from './customer-section.tsx'
import { useBillMessages } from './messages.ts'
import { checkableNumber, fetchBillCustomer, useBillCustomer } from './use-bill-customer.ts'
import { billerIn, itemIn, useBillers } from './use-billers.ts'

const NO_WALLETS: readonly Wallet[] = []
/** One tap for the top-ups people buy most, in naira (docs/transfers.md "Airtime"). */
const AIRTIME_QUICK_AMOUNTS = ['100', '200', '500', '1000'] as const

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

  const catalogue = useBillers()
  const catalogueState = catalogue.data ? 'ready' : catalogue.isError ? 'failed' : 'loading'
  const schema = useMemo(
    () => billFormSchema(t, walletList, catalogue.data),
    [t, walletList, catalogue.data],
  )
  const form = useForm<BillFormValues>({
    resolver: schemaResolver(schema),
    defaultValues: { ...EMPTY_BILL_FORM, billType: billType ?? '' },
  })
  const { isSubmitted } = form.formState

  // The bill type is chosen above the form too (the buttons and the two cards): a new type
  // means a new list of providers, so the provider chosen for the old one goes.
  useEffect(() => {
    if (form.getValues('billType') === (billType ?? '')) return
    form.setValue('billType', billType ?? '', { shouldValidate: isSubmitted })
    form.setValue('provider', '')
    form.setValue('item', '')
  }, [billType, form, isSubmitted])

  // Bills are paid from the one NGN wallet, so it is chosen already once it has loaded.
  const onlyWallet = walletList.length === 1 ? walletList[0] : undefined
  useEffect(() => {
    if (onlyWallet && form.getValues('walletId') === '') form.setValue('walletId', onlyWallet.id)
  }, [onlyWallet, form])

  const type = billTypeOf(form.watch('billType'))
  const biller = billerIn(catalogue.data, type, form.watch('provider'))
  const item = itemIn(biller, form.watch('item'))
  const numberText = form.watch('accountNumber')
  const customer = useBillCustomer(biller, item, numberText)

  // A new provider sells other things: what was chosen goes, and its any-amount item (airtime,
  // a meter's top-up) is chosen, or nothing where only packages are sold.
  const billerId = biller?.id
  useEffect(() => {
    if (!billerId || !biller) return
    const current = form.getValues('item')
    if (current !== '' && biller.items.some((candidate) => candidate.id === current)) return
    form.setValue('item', biller.items.find((candidate) => candidate.amount === null)?.id ?? '')
  }, [billerId, biller, form])

  // A package has its price: the amount is that, and is not typed.
  const price = item?.amount ?? null
  useEffect(() => {
    if (price !== null && form.getValues('amount') !== price)
      form.setValue('amount', price, { shouldValidate: form.formState.isSubmitted })
  }, [price, form])
  const amount = typedBillAmount(form.watch('amount'))
  const wallet = walletList.find((candidate) => candidate.id === form.watch('walletId'))

  // Airtime and data: the network is guessed from the number's prefix as it is typed, and stays
  // changeable; a new guess replaces the provider only when the number points elsewhere.
  const guessed = type === 'mobile' ? guessNigerianNetwork(numberText) : undefined
  const guessedNetwork = billerIn(catalogue.data, type, guessed ?? '')?.id
  useEffect(() => {
    if (guessedNetwork && form.getValues('provider') !== guessedNetwork)
      form.setValue('provider', guessedNetwork, { shouldValidate: form.formState.isSubmitted })
  }, [guessedNetwork, form])
  const shortfall = walletShortfall(wallet, amount)

  // Whom the payment under review is for, for the status panel once it has gone through.
  const reviewed = useRef<Omit<PaidBill, 'transaction'> | null>(null)
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

  async function submit(values: BillFormValues) {
    if (pending) return
    const chosenType = billTypeOf(values.billType)
    const payee = billerIn(catalogue.data, chosenType, values.provider)
    const bought = itemIn(payee, values.item)
    const number = checkableNumber(payee, values.accountNumber)
    const paidAmount = typedBillAmount(values.amount)
    const chosenWallet = walletList.find((candidate) => candidate.id === values.walletId)
    if (!chosenType || !payee || bought === undefined || !number || !paidAmount || !chosenWallet)
      return
    // The name is normally on screen already; a quick typist may submit before it arrives.
    let found: BillCustomer
    setConfirmingCustomer(true)
    try {
      found = await fetchBillCustomer(queryClient, payee, bought, number)
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
      ...(bought ? { item: bought.id } : {}),
    }
    reviewed.current = { biller: payee, item: bought, customer: found }
    action.review({
      path: '/api/bill-pay',
      body,
      review: {
        ...billReview(t, {
          biller: payee,
          item: bought,
          customer: found,
          customerNumber: number,
          amount: paidAmount,
          wallet: chosenWallet,
        }),
        limitCheck: { currency: paidAmount.asset, amount: formatMoney(paidAmount) },
        spend: { wallet: chosenWallet, total: paidAmount },
      },
    })
  }

  const check = billCustomerCheck(t, biller, customer)

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
            <BillerSection
              form={form}
              type={type}
              catalogue={catalogue.data}
              catalogueState={catalogueState}
              biller={biller}
              onBillTypeChange={onBillTypeChange}
              pending={pending}
            />
            <CustomerSection
              form={form}
              type={type}
              biller={biller}
              customer={customer}
              check={check}
              onCheckAgain={() => void customer.refetch()}
              pending={pending}
            />
            <AmountSection
              form={form}
              quickAmounts={type === 'mobile' && price === null ? AIRTIME_QUICK_AMOUNTS : undefined}
              fixedPrice={price !== null}
              wallets={walletList}
              walletsFailed={wallets.isError}
              walletsLoading={wallets.isPending}
              wallet={wallet}
              amount={amount}
              shortfall={shortfall}
              pending={pending}
            />

            {init?.sandbox ? (
              <p className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-200">
                <FlaskConical className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                {/* A phone number is not looked up (issue 31): only the payment can fail. */}
                {t(type === 'mobile' ? 'sandboxNoteTopUp' : 'sandboxNote')}
              </p>
            ) : null}

            <Button
              type="submit"
              size="lg"
              className="w-full"
              disabled={pending || shortfall !== null || check.notFound}
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
