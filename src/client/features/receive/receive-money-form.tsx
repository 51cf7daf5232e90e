import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Copy, QrCode, Share2 } from 'lucide-react'
import { useMemo, useRef, useState } from 'react'
import { Controller, type FieldErrors, useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { BankAccountCard } from '#client/components/funding/bank-account-card.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { useWalletPreset } from '#client/entities/wallets/default-wallet.ts'
import { useWallets } from '#client/entities/wallets/use-wallets.ts'
import { WalletSelect } from '#client/entities/wallets/wallet-select.tsx'
import { amountPlaceholder, readAmountInput } from '#client/lib/amount-input.ts'
import {
  describeAmountProblem,
  typedWalletAmount,
  useAmountMessages,
} from '#client/lib/amount-messages.ts'
import { copyText } from '#client/lib/copy-text.ts'
import { schemaResolver } from '#client/lib/schema-resolver.ts'
import { useShowErrorToast } from '#client/lib/show-error-toast.ts'
import { toast } from '#client/lib/toast.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import { formatMoney } from '#shared/money.ts'
import { DESCRIPTION_MAX_LENGTH } from '#shared/schemas/money-requests.ts'
import {
  type CreatePaymentRequest,
  DEFAULT_REQUEST_DESCRIPTION,
  type PaymentRequest,
} from '#shared/schemas/payment-requests.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import {
  createPaymentRequest,
  fullPaymentUrl,
  PAYMENT_REQUESTS_QUERY_KEY,
} from '../../entities/payment-requests/payment-requests-api.ts'
import { requestAmountText } from '../../entities/payment-requests/request-format.ts'
import { useReceiveMessages } from './messages.ts'
import { PaymentRequestQrDialog } from './payment-request-qr-dialog.tsx'
import { RequestPreview } from './request-preview.tsx'
import { sharePaymentRequest } from './share-payment-request.ts'

type ReceiveMessages = ReturnType<typeof useReceiveMessages>

type AmountMessages = ReturnType<typeof useAmountMessages>

const NO_WALLETS: readonly Wallet[] = []

/**
 * The payment request rules (docs/getting-paid.md "Payment requests"), worded in the user's
 * language: a wallet, an amount above zero with no more decimals than the wallet's currency has,
 * an optional description. A missing wallet or amount has no field of its own and is a toast
 * (docs/screens.md "Validation"), so it is reported on the wallet field, which shows no message;
 * a malformed amount is reported on the amount field, which shows it.
 */
function receiveFormSchema(t: ReceiveMessages, a: AmountMessages, wallets: readonly Wallet[]) {
  return z
    .object({
      walletId: z.string(),
      amount: z.string(),
      description: z
        .string()
        .trim()
        .max(DESCRIPTION_MAX_LENGTH, t('descriptionTooLong', { max: DESCRIPTION_MAX_LENGTH })),
    })
    .superRefine((values, context) => {
      const missing = () =>
        context.addIssue({ code: 'custom', path: ['walletId'], message: t('missingText') })
      const wallet = wallets.find((candidate) => candidate.id === values.walletId)
      if (!wallet) {
        missing()
        return
      }
      const amount = readAmountInput(values.amount, wallet.currency.code)
      if (amount.ok) return
      if (amount.problem === 'not_positive') {
        missing()
        return
      }
      const message = describeAmountProblem(amount.problem, wallet.currency.code, a)
      context.addIssue({ code: 'custom', path: ['amount'], message })
    })
}

type FormValues = z.infer<ReturnType<typeof receiveFormSchema>>

const EMPTY_FORM: FormValues = { walletId: '', amount: '', description: '' }

/** The request the form asks for, when it has a wallet and a valid amount of its currency. */
function requestBody(
  wallet: Wallet | undefined,
  amountText: string,
  description: string,
): CreatePaymentRequest | null {
  const amount = typedWalletAmount(wallet, amountText)
  if (!wallet || !amount) return null
  const trimmed = description.trim()
  return {
    walletId: wallet.id,
    amount: formatMoney(amount),
    ...(trimmed ? { description: trimmed } : {}),
  }
}

/** The request made for the form as it is now; any change to the form needs a new one. */
type Created = { fingerprint: string; request: PaymentRequest }

/**
 * /receive-money (docs/screens.md "Receive Money screen"): a wallet, an amount and an optional
 * description, a preview of what the payer will see, and three ways to send the request. Each
 * action stores the request on the server first (once for the same form content; the next action
 * reuses it), then copies its link, shares it, or shows it as a QR code.
 */
export function ReceiveMoneyForm() {
  const t = useReceiveMessages()
  const a = useAmountMessages()
  const { isAuthenticated } = useAuth()
  const queryClient = useQueryClient()
  const showErrorToast = useShowErrorToast()
  const wallets = useWallets({ enabled: isAuthenticated })
  const walletList = wallets.data ?? NO_WALLETS
  const [created, setCreated] = useState<Created | null>(null)
  const [qrRequest, setQrRequest] = useState<PaymentRequest | null>(null)
  // A second tap lands before React has re-rendered the disabled buttons; this catches it.
  const busy = useRef(false)

  const schema = useMemo(() => receiveFormSchema(t, a, walletList), [t, a, walletList])
  const form = useForm<FormValues>({
    resolver: schemaResolver(schema),
    defaultValues: EMPTY_FORM,
    // Focus stays on the action the user pressed, which sits in the preview card away from the
    // fields; the message beside the amount says what to change.
    shouldFocusError: false,
  })
  const { errors } = form.formState
  // The default wallet (Settings, else the primary) until the user picks another: the field
  // follows the default while the user has not changed it, so Settings that load after the
  // wallets still choose it.
  useWalletPreset(walletList, (wallet) => {
    if (!form.getFieldState('walletId').isDirty) form.setValue('walletId', wallet.id)
  })

  const mutation = useMutation({ mutationFn: createPaymentRequest })

  const [walletId, amountText, description] = useWatch({
    control: form.control,
    name: ['walletId', 'amount', 'description'],
  })
  const wallet = walletList.find((candidate) => candidate.id === walletId)
  const body = requestBody(wallet, amountText, description)
  const current =
    created && body && created.fingerprint === JSON.stringify(body) ? created.request : null

  /** The stored request for these values, made now if there is none for them yet. */
  async function ensureRequest(values: FormValues): Promise<PaymentRequest | null> {
    const submitted = requestBody(
      walletList.find((candidate) => candidate.id === values.walletId),
      values.amount,
      values.description,
    )
    if (!submitted) return null
    const fingerprint = JSON.stringify(submitted)
    if (created && created.fingerprint === fingerprint) return created.request
    try {
      const request = await mutation.mutateAsync(submitted)
      setCreated({ fingerprint, request })
      await queryClient.invalidateQueries({ queryKey: PAYMENT_REQUESTS_QUERY_KEY })
      return request
    } catch (error) {
      showErrorToast(error, { title: t('createFailedTitle'), message: t('createFailedText') })
      return null
    }
  }

  function refuse(fieldErrors: FieldErrors<FormValues>) {
    // A malformed amount shows by its field; a missing wallet or amount has no field to sit by.
    if (fieldErrors.walletId) {
      toast({ title: t('missingTitle'), description: t('missingText'), variant: 'destructive' })
    }
  }

  async function run(action: (request: PaymentRequest) => Promise<void> | void) {
    if (busy.current) return
    busy.current = true
    try {
      await form.handleSubmit(async (values) => {
        const request = await ensureRequest(values)
        if (request) await action(request)
      }, refuse)()
    } finally {
      busy.current = false
    }
  }

  async function copyLink(request: PaymentRequest) {
    if (await copyText(fullPaymentUrl(request.link))) {
      toast({ title: t('linkCopiedTitle'), description: t('linkCopiedText') })
    } else {
      toast({
        title: t('copyFailedTitle'),
        description: t('copyFailedText'),
        variant: 'destructive',
      })
    }
  }

  async function share(request: PaymentRequest) {
    const amountShown = requestAmountText(request)
    const outcome = await sharePaymentRequest({
      title: t('shareTitle'),
      // The default description reads badly in a sentence: "for Payment request".
      text:
        request.description === DEFAULT_REQUEST_DESCRIPTION
          ? t('shareTextPlain', { amount: amountShown })
          : t('shareText', { amount: amountShown, description: request.description }),
      url: fullPaymentUrl(request.link),
    })
    if (outcome === 'copied') {
      toast({ title: t('requestCopiedTitle'), description: t('requestCopiedText') })
    } else if (outcome === 'failed') {
      toast({
        title: t('copyFailedTitle'),
        description: t('copyFailedText'),
        variant: 'destructive',
      })
    }
  }

  const pending = mutation.isPending

  return (
    <div className="grid grid-cols-1 items-start gap-4 sm:gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card>
        <section aria-labelledby="receive-form-heading" className="p-5">
          <h2 id="receive-form-heading" className="text-base font-semibold">
            {t('formHeading')}
          </h2>
          <form
            noValidate
            className="mt-4 grid grid-cols-1 gap-4"
            onSubmit={(event) => {
              event.preventDefault()
              void run(copyLink)
            }}
          >
            <Controller
              control={form.control}
              name="walletId"
              // Another wallet can allow more or fewer decimals: the amount's message follows it.
              rules={{ deps: ['amount'] }}
              render={({ field }) => (
                <WalletSelect
                  id="receive-wallet"
                  label={t('wallet')}
                  placeholder={t('walletPlaceholder')}
                  wallets={walletList}
                  value={field.value}
                  onChange={field.onChange}
                  error={wallets.isError ? t('walletsUnavailable') : undefined}
                  disabled={pending || wallets.isPending}
                />
              )}
            />
            <TextField
              id="receive-amount"
              label={t('amount')}
              inputMode="decimal"
              autoComplete="off"
              placeholder={amountPlaceholder()}
              error={errors.amount?.message}
              disabled={pending}
              {...form.register('amount')}
            />
            <TextField
              id="receive-description"
              label={t('requestDescription')}
              autoComplete="off"
              maxLength={DESCRIPTION_MAX_LENGTH}
              placeholder={t('descriptionPlaceholder')}
              error={errors.description?.message}
              disabled={pending}
              {...form.register('description')}
            />
            <p className="text-xs text-muted-foreground">{t('lifetimeNote')}</p>
          </form>
        </section>
      </Card>

      <div className="grid min-w-0 grid-cols-1 gap-4 sm:gap-6">
        <Card>
          <section aria-labelledby="receive-preview-heading" className="grid gap-4 p-5">
            <h2 id="receive-preview-heading" className="text-base font-semibold">
              {t('previewHeading')}
            </h2>
            <RequestPreview
              wallet={wallet}
              amount={typedWalletAmount(wallet, amountText)}
              description={description.trim()}
            />
            <div className="grid grid-cols-1 gap-2">
              <Button type="button" disabled={pending} onClick={() => void run(copyLink)}>
                <Copy aria-hidden="true" />
                {t('copyLink')}
              </Button>
              <Button
                type="button"
                variant="outline"
                disabled={pending}
                onClick={() => void run(share)}
              >
                <Share2 aria-hidden="true" />
                {t('shareRequest')}
              </Button>
              <Button
                type="button"
                variant="outline"
                disabled={pending}
                onClick={() => void run(setQrRequest)}
              >
                <QrCode aria-hidden="true" />
                {t('generateQr')}
              </Button>
              {pending ? (
                <p role="status" className="text-center text-xs text-muted-foreground">
                  {t('creating')}
                </p>
              ) : null}
            </div>
            {current ? (
              <div className="grid gap-2">
                <Label htmlFor="receive-link">{t('linkLabel')}</Label>
                <Input
                  id="receive-link"
                  readOnly
                  value={fullPaymentUrl(current.link)}
                  onFocus={(event) => event.currentTarget.select()}
                  className="text-xs"
                  data-testid="payment-link"
                />
              </div>
            ) : null}
          </section>
        </Card>
        {/* Another way in: a bank transfer from anyone, with no request (docs/funding.md). */}
        <BankAccountCard />
      </div>

      {qrRequest ? (
        <PaymentRequestQrDialog
          request={qrRequest}
          onOpenChange={(open) => {
            if (!open) setQrRequest(null)
          }}
        />
      ) : null}
    </div>
  )
}
