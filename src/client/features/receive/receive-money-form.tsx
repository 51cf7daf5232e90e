import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Copy, QrCode, Share2 } from 'lucide-react'
import { useRef, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { SummaryRow } from '#client/components/ui/summary-row.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { useAuth } from '#client/features/auth/use-auth.ts'
import { copyText } from '#client/features/card/copy-text.ts'
import { userFullName } from '#client/features/shell/user-display.ts'
import { useDefaultWallet } from '#client/features/wallets/default-wallet.ts'
import { useWallets } from '#client/features/wallets/use-wallets.ts'
import { WalletSelect } from '#client/features/wallets/wallet-select.tsx'
import { readAmountInput } from '#client/lib/amount-input.ts'
import { formatMoneyForDisplay } from '#client/lib/format-amount.ts'
import { useShowErrorToast } from '#client/lib/show-error-toast.ts'
import { toast } from '#client/lib/toast.ts'
import { exponentOf, formatMoney, isAssetCode } from '#shared/money.ts'
import { DESCRIPTION_MAX_LENGTH } from '#shared/schemas/money-requests.ts'
import {
  type CreatePaymentRequest,
  DEFAULT_REQUEST_DESCRIPTION,
  type PaymentRequest,
} from '#shared/schemas/payment-requests.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { useReceiveMessages } from './messages.ts'
import { PaymentRequestQrDialog } from './payment-request-qr-dialog.tsx'
import {
  createPaymentRequest,
  fullPaymentUrl,
  PAYMENT_REQUESTS_QUERY_KEY,
} from './payment-requests-api.ts'
import { requestAmountText } from './request-format.ts'
import { sharePaymentRequest } from './share-payment-request.ts'

const NO_WALLETS: readonly Wallet[] = []

/** How many decimals the wallet's currency has (a currency this client does not know: 2). */
function decimalsOf(wallet: Wallet): number {
  const code = wallet.currency.code.toUpperCase()
  return isAssetCode(code) ? exponentOf(code) : 2
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
  const { user, isAuthenticated } = useAuth()
  const queryClient = useQueryClient()
  const showErrorToast = useShowErrorToast()
  const wallets = useWallets({ enabled: isAuthenticated })
  const walletList = wallets.data ?? NO_WALLETS
  const [chosenWalletId, setWalletId] = useState('')
  // The default wallet (Settings, else the primary) until the user picks another.
  const startWallet = useDefaultWallet(walletList)
  const walletId = chosenWalletId || (startWallet?.id ?? '')
  const [amountText, setAmountText] = useState('')
  const [description, setDescription] = useState('')
  const [showAmountError, setShowAmountError] = useState(false)
  const [created, setCreated] = useState<Created | null>(null)
  const [qrRequest, setQrRequest] = useState<PaymentRequest | null>(null)
  // A second tap lands before React has re-rendered the disabled buttons; this catches it.
  const busy = useRef(false)

  const mutation = useMutation({ mutationFn: createPaymentRequest })

  const wallet = walletList.find((candidate) => candidate.id === walletId)
  const amount = wallet ? readAmountInput(amountText, wallet.currency.code) : null
  const trimmedDescription = description.trim()
  const body: CreatePaymentRequest | null =
    wallet && amount?.ok
      ? {
          walletId: wallet.id,
          amount: formatMoney(amount.value),
          ...(trimmedDescription ? { description: trimmedDescription } : {}),
        }
      : null
  const fingerprint = body ? JSON.stringify(body) : null
  const current = created && created.fingerprint === fingerprint ? created.request : null

  const amountError =
    showAmountError && wallet && amount && !amount.ok && amount.problem !== 'not_positive'
      ? amount.problem === 'too_many_decimals'
        ? t('amountDecimals', { decimals: decimalsOf(wallet) })
        : t('amountTooLarge')
      : undefined

  /** The stored request for the form as it is, made now if there is none yet. */
  async function ensureRequest(): Promise<PaymentRequest | null> {
    if (!body || !fingerprint) {
      // A missing wallet or amount is a toast; a malformed amount shows by its field.
      if (wallet && amount && !amount.ok && amount.problem !== 'not_positive') {
        setShowAmountError(true)
      } else {
        toast({ title: t('missingTitle'), description: t('missingText'), variant: 'destructive' })
      }
      return null
    }
    if (current) return current
    try {
      const request = await mutation.mutateAsync(body)
      setCreated({ fingerprint, request })
      await queryClient.invalidateQueries({ queryKey: PAYMENT_REQUESTS_QUERY_KEY })
      return request
    } catch (error) {
      showErrorToast(error, { title: t('createFailedTitle'), message: t('createFailedText') })
      return null
    }
  }

  async function run(action: (request: PaymentRequest) => Promise<void> | void) {
    if (busy.current) return
    busy.current = true
    try {
      const request = await ensureRequest()
      if (request) await action(request)
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
  const previewAmount =
    wallet && amount?.ok ? `${wallet.currency.symbol}${formatMoneyForDisplay(amount.value)}` : null
  const recipientName = userFullName(user) || (user ? `@${user.username}` : '')

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
            <WalletSelect
              id="receive-wallet"
              label={t('wallet')}
              placeholder={t('walletPlaceholder')}
              wallets={walletList}
              value={walletId}
              onChange={setWalletId}
              error={wallets.isError ? t('walletsUnavailable') : undefined}
              disabled={pending || wallets.isPending}
            />
            <TextField
              id="receive-amount"
              label={t('amount')}
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('amountPlaceholder')}
              value={amountText}
              onChange={(event) => setAmountText(event.target.value)}
              error={amountError}
              disabled={pending}
            />
            <TextField
              id="receive-description"
              label={t('requestDescription')}
              autoComplete="off"
              maxLength={DESCRIPTION_MAX_LENGTH}
              placeholder={t('descriptionPlaceholder')}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              disabled={pending}
            />
            <p className="text-xs text-muted-foreground">{t('lifetimeNote')}</p>
          </form>
        </section>
      </Card>

      <Card>
        <section aria-labelledby="receive-preview-heading" className="grid gap-4 p-5">
          <h2 id="receive-preview-heading" className="text-base font-semibold">
            {t('previewHeading')}
          </h2>
          <div className="rounded-xl bg-secondary px-4 py-5 text-center text-secondary-foreground">
            <p className="text-xs font-medium opacity-80">{t('previewAmount')}</p>
            <p
              className="mt-1 break-all text-3xl font-bold tabular-nums"
              data-testid="request-preview-amount"
            >
              {previewAmount ?? '—'}
            </p>
          </div>
          <dl className="grid grid-cols-1 gap-2 text-sm" data-testid="request-preview">
            <SummaryRow
              label={t('previewWallet')}
              value={
                wallet
                  ? `${wallet.currency.flagEmoji} ${t('previewWalletValue', { code: wallet.currency.code })}`
                  : t('previewNone')
              }
            />
            <SummaryRow
              label={t('previewDescription')}
              value={trimmedDescription || DEFAULT_REQUEST_DESCRIPTION}
            />
            <SummaryRow label={t('previewRecipient')} value={recipientName} />
          </dl>
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
