import { ArrowRight } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { MoneyActionSheet } from '#client/components/money-action/money-action-sheet.tsx'
import { useMoneyAction } from '#client/components/money-action/use-money-action.ts'
import { Button } from '#client/components/ui/button.tsx'
import { useWalletPreset } from '#client/entities/wallets/default-wallet.ts'
import { useWallets } from '#client/entities/wallets/use-wallets.ts'
import { typedWalletAmount, useAmountMessages } from '#client/lib/amount-messages.ts'
import { schemaResolver } from '#client/lib/schema-resolver.ts'
import { toast } from '#client/lib/toast.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import { formatMoney } from '#shared/money.ts'
import {
  findCountry,
  INTERNATIONAL_METHODS,
  type InternationalMethod,
  type InternationalRegion,
  type InternationalTransferRequest,
} from '#shared/schemas/international.ts'
import type { Recipient } from '#shared/schemas/recipients.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { transactionSchema } from '#shared/schemas/transactions.ts'
import { AmountSection } from './amount-section.tsx'
import { balanceShortfall } from './balance-shortfall.ts'
import { useCountryName } from './country-select.tsx'
import { DestinationSection } from './destination-section.tsx'
import {
  type FormProblems,
  formProblemsOf,
  type InternationalFormValues,
  internationalFormSchema,
} from './international-form-schema.ts'
import { InternationalTransferProgress } from './international-transfer-progress.tsx'
import { useInternationalMessages } from './messages.ts'
import { RecipientSection } from './recipient-section.tsx'
import { EMPTY_RECIPIENT, toRecipientPayload, valuesOfRecipient } from './recipient-values.ts'
import { TransferReview } from './transfer-review.tsx'
import { useInternationalQuote } from './use-international-quote.ts'
import { useInternationalRecipients } from './use-international-recipients.ts'

const NO_WALLETS: readonly Wallet[] = []
const NO_RECIPIENTS: readonly Recipient[] = []

export type InternationalTransferProps = {
  region: InternationalRegion
  countryCode: string | undefined
  method: InternationalMethod | undefined
  recipientId: string | undefined
}

/**
 * The international transfer (issue "Money out"): country and method in the region, source
 * wallet and amount, a live locked quote (rate, fee, total, what arrives and when), the
 * recipient's details for the method, a review of everything, then the send, followed until
 * the partner abroad pays out. One Idempotency-Key per submission; an expired quote is
 * replaced at once and the new figures shown for the user to send again.
 */
export function InternationalTransfer({
  region,
  countryCode: initialCountry,
  method: initialMethod,
  recipientId,
}: InternationalTransferProps) {
  const t = useInternationalMessages()
  const a = useAmountMessages()
  const { isAuthenticated } = useAuth()
  const countryName = useCountryName()
  const wallets = useWallets({ enabled: isAuthenticated })
  const walletList = wallets.data ?? NO_WALLETS
  const saved = useInternationalRecipients({ enabled: isAuthenticated })
  const savedList = saved.data ?? NO_RECIPIENTS
  const [step, setStep] = useState<'edit' | 'review'>('edit')
  const [sent, setSent] = useState<{ id: string; name: string } | null>(null)

  const schema = useMemo(
    () => internationalFormSchema(t, a, walletList, region),
    [t, a, walletList, region],
  )
  const onlyCountry = region.countries.length === 1 ? region.countries[0]?.code : undefined
  const form = useForm<InternationalFormValues>({
    resolver: schemaResolver(schema),
    // The page stays where the user is: the messages under the fields say what to fix.
    shouldFocusError: false,
    defaultValues: {
      countryCode: initialCountry ?? onlyCountry ?? null,
      method: initialMethod ?? 'bank_wire',
      fromWalletId: '',
      amount: '',
      recipient: EMPTY_RECIPIENT,
      description: '',
    },
  })
  // The default wallet (Settings, else the primary) is chosen already once the wallets load.
  useWalletPreset(walletList, (wallet) => {
    if (form.getValues('fromWalletId') === '') form.setValue('fromWalletId', wallet.id)
  })

  // A saved recipient named in the address (from the transfer options) fills the form once.
  const prefilled = useRef(false)
  useEffect(() => {
    if (prefilled.current || !recipientId || !saved.data) return
    prefilled.current = true
    const match = saved.data.find((candidate) => candidate.id === recipientId)
    if (!match) return
    const savedMethod = INTERNATIONAL_METHODS.find((each) => each === match.details.method)
    if (savedMethod) form.setValue('method', savedMethod)
    if (match.countryCode && findCountry(region, match.countryCode))
      form.setValue('countryCode', match.countryCode)
    form.setValue('recipient', valuesOfRecipient(match))
  }, [recipientId, saved.data, region, form])

  // A new step starts at the top of the page, where its heading is, not where the button was.
  const sentId = sent?.id
  useEffect(() => {
    if (step === 'review' || sentId) window.scrollTo({ top: 0 })
  }, [step, sentId])

  const values = form.watch()
  const { method } = values
  const wallet = walletList.find((candidate) => candidate.id === values.fromWalletId)
  const country = values.countryCode ? findCountry(region, values.countryCode) : undefined
  const amount = typedWalletAmount(wallet, values.amount)

  const quoteState = useInternationalQuote(
    wallet && country && amount
      ? {
          fromWalletId: wallet.id,
          region: region.id,
          countryCode: country.code,
          method,
          amount: formatMoney(amount),
        }
      : null,
  )
  const quote = quoteState.quote
  const shortfall = balanceShortfall(wallet, amount, region, method)

  // Every problem speaks up after the first "Continue"; before it, only an amount typed that
  // cannot be sent, and a description too long, say so at once.
  const liveProblems = formProblemsOf(schema, values)
  const submitted = form.formState.isSubmitted
  const problems: FormProblems = (path) => {
    if (submitted || path === 'description') return liveProblems(path)
    return path === 'amount' && values.amount.trim() ? liveProblems(path) : undefined
  }

  const matchingSaved = savedList.filter(
    (candidate) =>
      candidate.countryCode === values.countryCode && candidate.details.method === method,
  )

  // The recipient's name of the transfer under way, for the progress panel that follows it.
  const sendingTo = useRef('')
  const action = useMoneyAction({
    parse: (data) => transactionSchema.parse(data),
    transactionIdOf: (transaction) => transaction.id,
    failure: { title: t('failedTitle'), message: t('failedText') },
    success: { title: t('successTitle'), description: t('successText') },
    onSuccess: () => {
      setStep('edit')
      // The country, method and wallet stay for the next transfer; the rest starts again.
      form.reset({ ...form.getValues(), amount: '', recipient: EMPTY_RECIPIENT, description: '' })
    },
    // The progress panel replaces the form, so it comes once the receipt is closed.
    onReceiptClosed: (transaction) => setSent({ id: transaction.id, name: sendingTo.current }),
    onRefused: (error) => {
      // An expired, used or unknown quote: a fresh one is asked for at once, and the review
      // shows its figures for the user to send again.
      const staleQuote =
        error.status === 404 || error.code === 'QUOTE_EXPIRED' || error.code === 'QUOTE_USED'
      if (!staleQuote) return false
      quoteState.refresh()
      toast({ title: t('newQuoteTitle'), description: t('newQuoteText') })
      return true
    },
  })
  const pending = action.busy

  // The schema checks the fields; the balance and the quote are checked as they stand now.
  const review = form.handleSubmit(() => {
    if (shortfall || !quote) return
    setStep('review')
  })

  function send() {
    if (pending || quoteState.isFetching || !quote || !wallet) return
    const description = values.description.trim()
    // A fixed key order: the idempotency key store compares submissions by their JSON text.
    const body: InternationalTransferRequest = {
      quoteId: quote.id,
      fromWalletId: wallet.id,
      recipient: toRecipientPayload(method, values.recipient),
      ...(description ? { description } : {}),
    }
    sendingTo.current = body.recipient.fullName
    // The review page has shown every figure: the sheet goes straight to the PIN.
    action.confirmReviewed({
      path: '/api/send-money/international',
      body,
      review: {
        title: t('reviewHeading'),
        rows: [],
        limitCheck: { currency: wallet.currency.code, amount: quote.amount },
      },
    })
  }

  const sheet = <MoneyActionSheet action={action} />

  if (sent) {
    return (
      <>
        <InternationalTransferProgress
          transactionId={sent.id}
          recipientName={sent.name}
          onSendAnother={() => setSent(null)}
        />
        {sheet}
      </>
    )
  }

  if (step === 'review' && wallet && country) {
    return (
      <>
        <TransferReview
          quote={quote}
          wallet={wallet}
          countryLabel={countryName(country)}
          countryCode={country.code}
          method={method}
          recipient={values.recipient}
          description={values.description.trim()}
          secondsLeft={quoteState.secondsLeft}
          pending={pending}
          refreshing={quoteState.isFetching}
          onEdit={() => setStep('edit')}
          onSend={send}
        />
        {sheet}
      </>
    )
  }

  return (
    <>
      <form noValidate onSubmit={review} className="grid grid-cols-1 gap-4 sm:gap-6">
        <DestinationSection form={form} region={region} problems={problems} pending={pending} />
        <AmountSection
          form={form}
          wallets={walletList}
          walletsFailed={wallets.isError}
          walletsLoading={wallets.isPending}
          wallet={wallet}
          shortfall={shortfall}
          quoteState={quoteState}
          quoteReady={Boolean(wallet && country && amount)}
          problems={problems}
          pending={pending}
        />
        <RecipientSection
          form={form}
          savedChoices={matchingSaved}
          problems={problems}
          pending={pending}
        />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={
            pending || shortfall !== null || (amount !== null && country !== undefined && !quote)
          }
        >
          {t('continue')}
          <ArrowRight aria-hidden="true" />
        </Button>
      </form>
      {sheet}
    </>
  )
}
