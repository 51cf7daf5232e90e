import { useMutation, useQueryClient } from '@tanstack/react-query'
import { CreditCard, FlaskConical, Landmark, type LucideIcon } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { z } from 'zod'
import { BankAccountCard } from '#client/components/funding/bank-account-card.tsx'
import { useInitInfo } from '#client/components/init-call.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { FieldError } from '#client/components/ui/field-error.tsx'
import { OptionCards } from '#client/components/ui/option-cards.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { useWallets } from '#client/entities/wallets/use-wallets.ts'
import { WalletSelect } from '#client/entities/wallets/wallet-select.tsx'
import {
  amountPlaceholder,
  isPositiveAmountText,
  majorToMinor,
  readAmountInput,
} from '#client/lib/amount-input.ts'
import { apiRequest } from '#client/lib/api.ts'
import { formatAmount, formatAmountDigits, formatMinorAmount } from '#client/lib/format-amount.ts'
import { refetchMoneyLists } from '#client/lib/refetch-money-lists.ts'
import { schemaResolver } from '#client/lib/schema-resolver.ts'
import { useShowErrorToast } from '#client/lib/show-error-toast.ts'
import { toast } from '#client/lib/toast.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import { useIdempotencyKey } from '#client/lib/use-idempotency-key.ts'
import { type AssetCode, exponentOf, formatMoney, isAssetCode } from '#shared/money.ts'
import { type CardCheckout, cardCheckoutSchema } from '#shared/schemas/funding.ts'
import {
  ADD_FUNDS_MAX_MAJOR,
  ADD_FUNDS_METHODS,
  type AddFundsRequest,
} from '#shared/schemas/money-requests.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { type Transaction, transactionSchema } from '#shared/schemas/transactions.ts'
import { useFundingMessages } from './messages.ts'

type FundingMessages = ReturnType<typeof useFundingMessages>
type Method = (typeof ADD_FUNDS_METHODS)[number]

const METHODS: readonly {
  value: Method
  label: 'methodCard' | 'methodBank'
  hint: 'methodCardHint' | 'methodBankHint'
  icon: LucideIcon
}[] = [
  { value: 'card', label: 'methodCard', hint: 'methodCardHint', icon: CreditCard },
  { value: 'bank', label: 'methodBank', hint: 'methodBankHint', icon: Landmark },
]

function assetOf(wallet: Wallet | undefined): AssetCode {
  const code = wallet?.currency.code.toUpperCase() ?? 'USD'
  return isAssetCode(code) ? code : 'USD'
}

/** The top-up limit (ADD_FUNDS_MAX_MAJOR) in the wallet's minor units. */
function maxMinorFor(wallet: Wallet | undefined): bigint {
  return majorToMinor(ADD_FUNDS_MAX_MAJOR, assetOf(wallet))
}

function formatLimit(wallet: Wallet | undefined): string {
  const asset = assetOf(wallet)
  const amountMinor = maxMinorFor(wallet)
  return wallet
    ? formatMinorAmount(amountMinor, asset, wallet.currency.symbol)
    : formatAmountDigits({ amountMinor, asset }, asset)
}

/**
 * The form's rules, in the user's language. The amount's decimals and limit depend on the
 * chosen wallet's currency, so they are checked once the wallet is known.
 */
function addFundsFormSchema(t: FundingMessages, wallets: readonly Wallet[]) {
  return z
    .object({
      walletId: z.string().min(1, t('selectWallet')),
      amount: z.string().refine(isPositiveAmountText, t('amountPositive')),
      method: z.enum(ADD_FUNDS_METHODS, { error: t('selectMethod') }),
    })
    .superRefine((values, context) => {
      const wallet = wallets.find((candidate) => candidate.id === values.walletId)
      if (!wallet) {
        context.addIssue({ code: 'custom', path: ['walletId'], message: t('selectWallet') })
        return
      }
      const amount = readAmountInput(values.amount, wallet.currency.code, maxMinorFor(wallet))
      if (amount.ok) return
      const message =
        amount.problem === 'too_many_decimals'
          ? t('amountDecimals', { decimals: exponentOf(assetOf(wallet)) })
          : amount.problem === 'too_large'
            ? t('amountTooLarge', { max: formatLimit(wallet) })
            : t('amountPositive')
      context.addIssue({ code: 'custom', path: ['amount'], message })
    })
}

type FormValues = z.infer<ReturnType<typeof addFundsFormSchema>>

type Submission = {
  body: AddFundsRequest
  key: string
  /** What the success toast says: the amount with its symbol, and the wallet's currency. */
  shown: { amount: string; currency: string }
}

const NO_WALLETS: readonly Wallet[] = []

type TopUpAnswer =
  | { kind: 'credited'; transaction: Transaction }
  | { kind: 'checkout'; checkout: CardCheckout }

/**
 * POST /api/add-funds: the sandbox credits at once (201, the transaction); a checkout server
 * answers 202 with the provider's page to pay on (docs/funding.md). Either is read by its shape,
 * so the dialog follows what the server did whatever it expected.
 */
async function postAddFunds({ body, key }: Submission): Promise<TopUpAnswer> {
  const answer = await apiRequest('POST', '/api/add-funds', body, { idempotencyKey: key })
  const checkout = cardCheckoutSchema.safeParse(answer)
  if (checkout.success) return { kind: 'checkout', checkout: checkout.data }
  return { kind: 'credited', transaction: transactionSchema.parse(answer) }
}

/** Only a web page may be opened: never a `javascript:` or other scheme from a bad answer. */
function isWebAddress(address: string): boolean {
  try {
    const { protocol } = new URL(address, window.location.href)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}

/**
 * Add Funds (POST /api/add-funds): a wallet, an amount up to 1,000,000.00 and card or bank. How
 * it goes depends on the server (`topUps` of /api/init, docs/funding.md): in the sandbox
 * (`instant`) the money is simulated and credited at once, and the dialog says so; on a
 * `checkout` server a card top-up continues on the provider's payment page, which sends the user
 * back to /add-funds/return, and a bank top-up is a transfer to the user's own account number,
 * shown here. One Idempotency-Key per submission.
 */
export function AddFundsDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const t = useFundingMessages()
  const { isAuthenticated } = useAuth()
  const queryClient = useQueryClient()
  const showErrorToast = useShowErrorToast()
  const keys = useIdempotencyKey()
  const wallets = useWallets({ enabled: isAuthenticated })
  const walletList = wallets.data ?? NO_WALLETS
  const schema = useMemo(() => addFundsFormSchema(t, walletList), [t, walletList])
  const form = useForm<FormValues>({
    resolver: schemaResolver(schema),
    defaultValues: { walletId: '', amount: '', method: 'card' },
  })
  const { errors } = form.formState
  // A second tap lands before React has re-rendered the disabled button; this catches it.
  const submitting = useRef(false)

  const checkout = useInitInfo().data?.topUps === 'checkout'
  // Set once the provider's page is opening: the dialog stays as it is until the browser leaves.
  const [leaving, setLeaving] = useState(false)
  // Back from the provider's page, the browser may show this page as it was left: usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false)
    }
    window.addEventListener('pageshow', onPageShow)
    return () => window.removeEventListener('pageshow', onPageShow)
  }, [])

  const mutation = useMutation({
    mutationFn: postAddFunds,
    onSuccess: async (answer, { shown }) => {
      keys.settle()
      if (answer.kind === 'checkout') {
        if (!isWebAddress(answer.checkout.authorizationUrl)) {
          showErrorToast(new Error('bad checkout address'), {
            title: t('failedTitle'),
            message: t('failedText'),
          })
          return
        }
        setLeaving(true)
        window.location.assign(answer.checkout.authorizationUrl)
        return
      }
      toast({ title: t('successTitle'), description: t('successText', shown) })
      onOpenChange(false)
      await refetchMoneyLists(queryClient)
    },
    onError: (error) => {
      showErrorToast(error, { title: t('failedTitle'), message: t('failedText') })
    },
    onSettled: () => {
      submitting.current = false
    },
  })

  const selectedWallet = walletList.find((wallet) => wallet.id === form.watch('walletId'))
  const pending = mutation.isPending || leaving
  // On a checkout server a bank top-up is a transfer to the user's own account number: there is
  // nothing to submit, only the number to pay to.
  const bankByAccountNumber = checkout && form.watch('method') === 'bank'

  const walletField = (
    <Controller
      control={form.control}
      name="walletId"
      render={({ field }) => (
        <WalletSelect
          id="add-funds-wallet"
          label={t('wallet')}
          placeholder={t('walletPlaceholder')}
          wallets={walletList}
          value={field.value}
          onChange={field.onChange}
          error={errors.walletId?.message}
          disabled={pending || wallets.isPending}
        />
      )}
    />
  )
  const amountField = (
    <TextField
      id="add-funds-amount"
      label={t('amount')}
      inputMode="decimal"
      autoComplete="off"
      placeholder={amountPlaceholder()}
      hint={t('amountHint', { max: formatLimit(selectedWallet) })}
      error={errors.amount?.message}
      disabled={pending}
      {...form.register('amount')}
    />
  )
  const methodField = (
    <fieldset className="grid grid-cols-1 gap-2" disabled={pending}>
      <legend className="mb-2 text-sm font-medium">{t('method')}</legend>
      <Controller
        control={form.control}
        name="method"
        render={({ field }) => (
          <OptionCards
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            options={METHODS.map((method) => ({
              value: method.value,
              label: t(method.label),
              hint: t(method.hint),
              icon: method.icon,
            }))}
          />
        )}
      />
      <FieldError>{errors.method?.message}</FieldError>
    </fieldset>
  )

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')}>
        <div className="flex flex-wrap items-center gap-2 pr-10">
          <DialogTitle>{t('title')}</DialogTitle>
          {checkout ? null : (
            <Badge variant="warning">
              <FlaskConical className="size-3.5" aria-hidden="true" />
              {t('sandbox')}
            </Badge>
          )}
        </div>
        <DialogDescription>{t('description')}</DialogDescription>
        {checkout ? null : (
          <p className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-200">
            {t('sandboxNotice')}
          </p>
        )}

        {wallets.isError ? (
          <div className="mt-5 flex items-center justify-between gap-3 rounded-lg bg-muted px-4 py-3">
            <p className="text-sm text-muted-foreground">{t('walletsUnavailable')}</p>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => {
                void wallets.refetch()
              }}
            >
              {t('retry')}
            </Button>
          </div>
        ) : wallets.isSuccess && walletList.length === 0 ? (
          <p className="mt-5 rounded-lg bg-muted px-4 py-3 text-sm text-muted-foreground">
            {t('noWallets')}
          </p>
        ) : (
          <form
            noValidate
            className="mt-5 grid grid-cols-1 gap-4"
            onSubmit={form.handleSubmit((values) => {
              if (submitting.current) return
              const wallet = walletList.find((candidate) => candidate.id === values.walletId)
              const amount = wallet
                ? readAmountInput(values.amount, wallet.currency.code, maxMinorFor(wallet))
                : null
              if (!wallet || !amount?.ok) return
              const body: AddFundsRequest = {
                walletId: wallet.id,
                amount: formatMoney(amount.value),
                method: values.method,
              }
              submitting.current = true
              mutation.mutate({
                body,
                key: keys.keyFor(body),
                shown: {
                  amount: formatAmount(amount.value, wallet.currency),
                  currency: wallet.currency.code,
                },
              })
            })}
          >
            {checkout ? methodField : null}
            {bankByAccountNumber ? (
              <BankAccountCard
                fallback={
                  <p
                    className="rounded-lg bg-muted px-4 py-3 text-sm text-muted-foreground"
                    data-testid="bank-top-up-unavailable"
                  >
                    {t('bankTopUpUnavailable')}
                  </p>
                }
              />
            ) : (
              <>
                {walletField}
                {amountField}
                {checkout ? null : methodField}
                <Button type="submit" size="lg" className="mt-1 w-full" disabled={pending}>
                  {checkout
                    ? pending
                      ? t('openingCheckout')
                      : t('submitCheckout')
                    : pending
                      ? t('submitting')
                      : t('submit')}
                </Button>
                {checkout ? (
                  <p className="text-center text-xs text-muted-foreground">{t('checkoutNote')}</p>
                ) : null}
              </>
            )}
          </form>
        )}
      </DialogContent>
    </Dialog>
  )
}
