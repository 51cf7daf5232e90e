import { AlertTriangle, Send, Zap } from 'lucide-react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Controller, type FieldErrors, useForm } from 'react-hook-form'
import { useSearch } from 'wouter'
import { z } from 'zod'
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
import { SummaryRow } from '#client/components/ui/summary-row.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { useWalletPreset } from '#client/entities/wallets/default-wallet.ts'
import { useWallets } from '#client/entities/wallets/use-wallets.ts'
import { formatWalletBalance } from '#client/entities/wallets/wallet-format.ts'
import { WalletSelect } from '#client/entities/wallets/wallet-select.tsx'
import {
  amountPlaceholder,
  isPositiveAmountText,
  readAmountInput,
} from '#client/lib/amount-input.ts'
import {
  describeAmountProblem,
  typedWalletAmount,
  useAmountMessages,
} from '#client/lib/amount-messages.ts'
import { formatAmount } from '#client/lib/format-amount.ts'
import { readRepeatParams } from '#client/lib/repeat-params.ts'
import { schemaResolver } from '#client/lib/schema-resolver.ts'
import { toast } from '#client/lib/toast.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import { walletShortfall } from '#client/lib/wallet-shortfall.ts'
import { formatMoney } from '#shared/money.ts'
import {
  DESCRIPTION_MAX_LENGTH,
  type SendToUserRequest,
  type UserSearchResult,
} from '#shared/schemas/money-requests.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { transactionSchema } from '#shared/schemas/transactions.ts'
import { RecipientAvatar } from '../../entities/recipients/recipient-avatar.tsx'
import { recipientName } from '../../entities/recipients/recipient-display.ts'
import { useTransferMessages } from './messages.ts'
import { RecipientSearch } from './recipient-search.tsx'
import { useRequestedRecipient } from './use-requested-recipient.ts'

type AmountMessages = ReturnType<typeof useAmountMessages>

type TransferMessages = ReturnType<typeof useTransferMessages>

const NO_WALLETS: readonly Wallet[] = []

/**
 * The Sabi transfer rules (docs/transfers.md "Sabi transfers"), worded in the user's language: a
 * wallet, a recipient, an amount of at least one minor unit, an optional description. The amount's
 * decimals depend on the chosen wallet's currency, so they are checked once the wallet is known.
 */
function sendFormSchema(t: TransferMessages, a: AmountMessages, wallets: readonly Wallet[]) {
  return z
    .object({
      fromWalletId: z.string().min(1, t('selectWallet')),
      recipientUserId: z.string().min(1, t('selectRecipient')),
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
      const amount = readAmountInput(values.amount, wallet.currency.code)
      if (amount.ok) return
      const message = describeAmountProblem(amount.problem, wallet.currency.code, a)
      context.addIssue({ code: 'custom', path: ['amount'], message })
    })
}

type FormValues = z.infer<ReturnType<typeof sendFormSchema>>

const EMPTY_FORM: FormValues = {
  fromWalletId: '',
  recipientUserId: '',
  amount: '',
  description: '',
}

/**
 * The user-to-user transfer (docs/screens.md "Sabi transfer screen"): pick a recipient, then a
 * wallet and an amount. Success resets the form and the selection; every submission carries one
 * Idempotency-Key, reused if the same submission is sent again.
 */
export function SabiTransfer() {
  const t = useTransferMessages()
  const a = useAmountMessages()
  const { isAuthenticated } = useAuth()
  const wallets = useWallets({ enabled: isAuthenticated })
  const walletList = wallets.data ?? NO_WALLETS
  const [recipient, setRecipient] = useState<UserSearchResult | null>(null)
  // The details appear with the first recipient and stay while the user changes their mind.
  const [detailsShown, setDetailsShown] = useState(false)
  const s = useScheduleMessages()
  // Now, or on a schedule (docs/scheduled-transfers.md): the same form sets up either.
  const search = useSearch()
  const [schedule, setSchedule] = useState<ScheduleChoice>(() => ({
    ...sendNow(),
    ...(readRepeatParams(search).schedule ? { when: 'later' } : {}),
  }))
  const [scheduleErrors, setScheduleErrors] = useState<ScheduleProblems>({})
  const scheduleReview = useScheduleReview()

  const schema = useMemo(() => sendFormSchema(t, a, walletList), [t, a, walletList])
  const form = useForm<FormValues>({ resolver: schemaResolver(schema), defaultValues: EMPTY_FORM })
  const { errors } = form.formState
  // The default wallet (Settings, else the primary) is chosen already once the wallets load.
  const startWallet = useWalletPreset(walletList, (wallet) => {
    if (form.getValues('fromWalletId') === '') form.setValue('fromWalletId', wallet.id)
  })

  const action = useMoneyAction({
    parse: (data) => transactionSchema.parse(data),
    transactionIdOf: (transaction) => transaction.id,
    failure: { title: t('failedTitle'), message: t('failedText') },
    success: { title: t('successTitle'), description: t('successText') },
    onSuccess: () => {
      form.reset({ ...EMPTY_FORM, fromWalletId: startWallet?.id ?? '' })
      setRecipient(null)
      setDetailsShown(false)
    },
  })
  const scheduling = useScheduleAction(() => {
    form.reset({ ...EMPTY_FORM, fromWalletId: startWallet?.id ?? '' })
    setRecipient(null)
    setDetailsShown(false)
    setSchedule(sendNow())
  })
  const pending = action.busy || scheduling.busy

  const chooseRecipient = useCallback(
    (user: UserSearchResult | null) => {
      setRecipient(user)
      form.setValue('recipientUserId', user?.id ?? '', {
        shouldValidate: form.formState.isSubmitted,
      })
      if (user) setDetailsShown(true)
    },
    [form],
  )
  useRequestedRecipient(isAuthenticated, chooseRecipient)
  // A "Repeat this" link (docs/scheduled-transfers.md) brings the amount and description too.
  const repeated = useRef(false)
  useEffect(() => {
    if (repeated.current || !wallets.isSuccess) return
    repeated.current = true
    const { amount, description, walletId } = readRepeatParams(search)
    if (walletList.some((candidate) => candidate.id === walletId))
      form.setValue('fromWalletId', walletId)
    if (amount) form.setValue('amount', amount)
    if (description) form.setValue('description', description)
  }, [search, form, wallets.isSuccess, walletList])

  function submit(values: FormValues) {
    const wallet = walletList.find((candidate) => candidate.id === values.fromWalletId)
    const amount = typedWalletAmount(wallet, values.amount)
    if (!wallet || !amount || !recipient) return
    const body: SendToUserRequest = {
      fromWalletId: wallet.id,
      recipientUserId: values.recipientUserId,
      amount: formatMoney(amount),
      ...(values.description ? { description: values.description } : {}),
    }
    const shown = formatAmount(amount, wallet.currency)
    const reviewedRecipient = {
      name: recipientName(recipient),
      detail: `@${recipient.username}`,
      verified: true,
    }
    if (schedule.when === 'later') {
      const problems = scheduleProblems(schedule, s)
      setScheduleErrors(problems)
      if (Object.keys(problems).length > 0) return
      const when = scheduleReview(schedule)
      scheduling.review({
        path: '/api/scheduled-transfers',
        body: { kind: 'sabi', ...body, ...scheduleBody(schedule) },
        review: {
          title: when.title,
          recipient: reviewedRecipient,
          rows: [
            { label: t('summaryRecipientGets'), value: shown },
            { label: t('summaryFee'), value: t('summaryFeeFree') },
            ...when.rows,
            ...(values.description
              ? [{ label: t('reviewDescription'), value: values.description, text: true }]
              : []),
          ],
          note: when.note,
        },
      })
      return
    }
    action.review({
      path: '/api/send-money/sabi-user',
      body,
      review: {
        title: t('reviewTitle'),
        recipient: reviewedRecipient,
        rows: [
          { label: t('summaryRecipientGets'), value: shown },
          { label: t('summaryFee'), value: t('summaryFeeFree') },
          { label: t('summaryTotal'), value: shown, strong: true },
          ...(values.description
            ? [{ label: t('reviewDescription'), value: values.description, text: true }]
            : []),
        ],
        note: t('reviewArrival'),
        limitCheck: { currency: wallet.currency.code, amount: formatMoney(amount) },
        spend: { wallet, total: amount },
      },
    })
  }

  function refuse(fieldErrors: FieldErrors<FormValues>) {
    // A missing recipient is a toast, as it has no field of its own to sit beside.
    if (fieldErrors.recipientUserId) {
      toast({
        title: t('noRecipientTitle'),
        description: t('noRecipientText'),
        variant: 'destructive',
      })
    }
  }

  const wallet = walletList.find((candidate) => candidate.id === form.watch('fromWalletId'))
  const amount = typedWalletAmount(wallet, form.watch('amount'))
  // Transfers to Sabi users are free: the amount is all that leaves the wallet.
  // A scheduled transfer needs the money on its day, not now.
  const overBalance = schedule.when === 'now' && walletShortfall(wallet, amount) !== null
  const shownAmount = wallet && amount ? formatAmount(amount, wallet.currency) : null

  return (
    <div className="grid grid-cols-1 gap-4 sm:gap-6">
      <Card>
        <section aria-labelledby="recipient-heading" className="p-5">
          <h2 id="recipient-heading" className="text-base font-semibold">
            {t('recipientHeading')}
          </h2>
          <div className="mt-3">
            {recipient ? (
              <div
                className="flex flex-wrap items-center gap-3 rounded-xl border border-primary/30 bg-secondary p-3"
                data-testid="selected-recipient"
              >
                {/* The full name confirms whom the money goes to: it wraps, never cut short, and
                    the Change button takes a line of its own when the name needs the room. */}
                <RecipientAvatar user={recipient} className="size-11 ring-2 ring-primary/20" />
                <div className="min-w-0 flex-1 basis-40">
                  <p className="text-xs font-medium text-secondary-foreground/80">
                    {t('sendingTo')}
                  </p>
                  <p
                    className="font-semibold wrap-break-word"
                    data-testid="selected-recipient-name"
                  >
                    {recipientName(recipient)}
                  </p>
                  <p className="text-xs text-muted-foreground wrap-anywhere">
                    @{recipient.username}
                  </p>
                </div>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="ml-auto"
                  disabled={pending}
                  onClick={() => chooseRecipient(null)}
                >
                  {t('changeRecipient')}
                </Button>
              </div>
            ) : (
              <RecipientSearch onSelect={chooseRecipient} />
            )}
          </div>
        </section>
      </Card>

      {detailsShown ? (
        <Card>
          <section aria-labelledby="details-heading" className="p-5">
            <h2 id="details-heading" className="text-base font-semibold">
              {t('detailsHeading')}
            </h2>
            <form
              noValidate
              className="mt-4 grid grid-cols-1 gap-4"
              onSubmit={form.handleSubmit(submit, refuse)}
            >
              {recipient ? null : (
                <p className="rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground">
                  {t('noRecipientYet')}
                </p>
              )}
              <div className="grid grid-cols-1 gap-2">
                <Controller
                  control={form.control}
                  name="fromWalletId"
                  render={({ field }) => (
                    <WalletSelect
                      id="transfer-wallet"
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
                <TextField
                  id="transfer-amount"
                  label={t('amount')}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={amountPlaceholder()}
                  error={errors.amount?.message}
                  disabled={pending}
                  {...form.register('amount')}
                />
                {overBalance && wallet ? (
                  <p
                    role="status"
                    className="flex items-start gap-1.5 text-xs font-medium text-amber-700 dark:text-amber-300"
                  >
                    <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                    {t('overBalance', { balance: formatWalletBalance(wallet) })}
                  </p>
                ) : null}
              </div>
              <TextField
                id="transfer-description"
                label={t('description')}
                autoComplete="off"
                maxLength={DESCRIPTION_MAX_LENGTH}
                placeholder={t('descriptionPlaceholder')}
                error={errors.description?.message}
                disabled={pending}
                {...form.register('description')}
              />
              <ScheduleFields
                idPrefix="transfer"
                value={schedule}
                onChange={setSchedule}
                problems={scheduleErrors}
                disabled={pending}
              />
              <p className="flex items-center gap-2 rounded-lg bg-secondary px-3 py-2.5 text-sm text-secondary-foreground">
                <Zap className="size-4 shrink-0" aria-hidden="true" />
                {t('freeNotice')}
              </p>
              {shownAmount ? (
                <dl
                  className="grid grid-cols-1 gap-2 rounded-lg border p-3 text-sm"
                  data-testid="transfer-summary"
                >
                  <SummaryRow label={t('summaryRecipientGets')} value={shownAmount} />
                  <SummaryRow label={t('summaryFee')} value={t('summaryFeeFree')} />
                  <div className="border-t" />
                  <SummaryRow label={t('summaryTotal')} value={shownAmount} strong />
                </dl>
              ) : null}
              <Button type="submit" size="lg" className="w-full" disabled={pending || overBalance}>
                <Send aria-hidden="true" />
                {pending
                  ? t('submitting')
                  : schedule.when === 'later'
                    ? s('submitSchedule')
                    : t('submit')}
              </Button>
            </form>
          </section>
        </Card>
      ) : null}
      <MoneyActionSheet action={action} />
      <MoneyActionSheet action={scheduling} />
    </div>
  )
}
