import { useMutation, useQueryClient } from '@tanstack/react-query'
import { CreditCard, FlaskConical, Printer, QrCode } from 'lucide-react'
import { useRef, useState } from 'react'
import { z } from 'zod'
import { useInitInfo } from '#client/components/init-call.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { requestAmountText } from '#client/entities/payment-requests/request-format.ts'
import { userFullName } from '#client/entities/user/user-display.ts'
import { useWallets } from '#client/entities/wallets/use-wallets.ts'
import { WalletSelect } from '#client/entities/wallets/wallet-select.tsx'
import { amountPlaceholder, readAmountInput } from '#client/lib/amount-input.ts'
import { formatAmount } from '#client/lib/format-amount.ts'
import { refetchMoneyLists } from '#client/lib/refetch-money-lists.ts'
import { markSettledHere } from '#client/lib/settled-here.ts'
import { useShowErrorToast } from '#client/lib/show-error-toast.ts'
import { toast } from '#client/lib/toast.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import { useIdempotencyKey } from '#client/lib/use-idempotency-key.ts'
import { exponentOf, formatMoney, isAssetCode } from '#shared/money.ts'
import { DESCRIPTION_MAX_LENGTH } from '#shared/schemas/money-requests.ts'
import {
  cardNumberSchema,
  DEFAULT_SALE_DESCRIPTION,
  POS_SALE_TYPE,
  type PosSale,
} from '#shared/schemas/pos.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { postSale, refetchPosLists, type SaleBody } from '../../entities/pos/pos-api.ts'
import { usePosMessages } from './messages.ts'
import { PosReceipt, type ReceiptData, usePrintReceipt } from './pos-receipt.tsx'
import { QrSaleDialog } from './qr-sale-dialog.tsx'
import { salePaymentText, saleReference } from './sale-format.ts'
import { SalePreview } from './sale-preview.tsx'

const NO_WALLETS: readonly Wallet[] = []
const CUSTOMER_NAME_MAX_LENGTH = 100
const CUSTOMER_EMAIL_MAX_LENGTH = 254
const CUSTOMER_PHONE_MAX_LENGTH = 20
const emailSchema = z.email()

type Fields = {
  walletId: string
  amount: string
  description: string
  name: string
  email: string
  phone: string
  card: string
}

const EMPTY: Fields = {
  walletId: '',
  amount: '',
  description: '',
  name: '',
  email: '',
  phone: '',
  card: '',
}

type Method = SaleBody['method']

function decimalsOf(wallet: Wallet): number {
  const code = wallet.currency.code.toUpperCase()
  return isAssetCode(code) ? exponentOf(code) : 2
}

/**
 * New Sale (docs/screens.md "POS terminal screen"): a receiving wallet, an amount, a description
 * and an optional customer. Charge takes the card at once ("Processing..." meanwhile; the form
 * resets on success, all but the receiving wallet); Generate QR Code makes a QR sale that completes when the customer pays it
 * with Sabi; Print Receipt prints the last completed sale, or the sale being rung up.
 */
export function NewSale() {
  const t = usePosMessages()
  const { user, isAuthenticated } = useAuth()
  const sandbox = useInitInfo().data?.sandbox === true
  const queryClient = useQueryClient()
  const showErrorToast = useShowErrorToast()
  const keys = useIdempotencyKey()
  const wallets = useWallets({ enabled: isAuthenticated })
  const walletList = wallets.data ?? NO_WALLETS
  const [fields, setFields] = useState<Fields>(EMPTY)
  const [showErrors, setShowErrors] = useState(false)
  const [lastSale, setLastSale] = useState<PosSale | null>(null)
  const [qrSale, setQrSale] = useState<PosSale | null>(null)
  const [qrOpen, setQrOpen] = useState(false)
  // A second tap lands before React has re-rendered the disabled buttons; this catches it.
  const submitting = useRef(false)
  const receiptRef = useRef<HTMLDivElement | null>(null)
  const printReceipt = usePrintReceipt(receiptRef)

  function update(name: keyof Fields, value: string) {
    setFields((previous) => ({ ...previous, [name]: value }))
    // Ringing up the next sale: the last one is done with.
    setLastSale(null)
  }

  const wallet = walletList.find((candidate) => candidate.id === fields.walletId)
  const amount = wallet ? readAmountInput(fields.amount, wallet.currency.code) : null
  const email = fields.email.trim()
  const card = fields.card.trim()
  const emailError = email && !emailSchema.safeParse(email).success ? t('emailInvalid') : undefined
  const cardCheck = sandbox && card ? cardNumberSchema.safeParse(card) : null
  const cardError = cardCheck && !cardCheck.success ? cardCheck.error.issues[0]?.message : undefined
  const amountError =
    wallet && amount && !amount.ok && amount.problem !== 'not_positive'
      ? amount.problem === 'too_many_decimals'
        ? t('amountDecimals', { decimals: decimalsOf(wallet) })
        : t('amountTooLarge')
      : undefined

  async function completeSale(sale: PosSale) {
    if (sale.transactionId) markSettledHere(sale.transactionId)
    toast({ title: t('successTitle'), description: t('successText') })
    // The next customer pays into the same till: the receiving wallet stays chosen (issue 31),
    // and only what belonged to this sale is cleared.
    setFields((previous) => ({ ...EMPTY, walletId: previous.walletId }))
    setShowErrors(false)
    setLastSale(sale)
    setQrSale(null)
    setQrOpen(false)
    await Promise.all([refetchMoneyLists(queryClient), refetchPosLists(queryClient)])
  }

  const mutation = useMutation({
    mutationFn: ({ body, key }: { body: SaleBody; key: string }) => postSale(body, key),
    onSuccess: async (sale) => {
      keys.settle()
      if (sale.status === 'completed') {
        await completeSale(sale)
        return
      }
      setQrSale(sale)
      setQrOpen(true)
      await refetchPosLists(queryClient)
    },
    onError: (error) => {
      showErrorToast(error, { title: t('failedTitle'), message: t('failedText') })
    },
    onSettled: () => {
      submitting.current = false
    },
  })
  const pending = mutation.isPending

  /** The sale's body for the form as it is, or null after saying what is missing. */
  function saleBody(method: Method): SaleBody | null {
    if (!wallet || !amount?.ok) {
      if (amountError) setShowErrors(true)
      else
        toast({ title: t('missingTitle'), description: t('missingText'), variant: 'destructive' })
      return null
    }
    if (emailError || (method === 'card' && cardError)) {
      setShowErrors(true)
      return null
    }
    // A fixed key order: the idempotency key store compares submissions by their JSON text.
    return {
      walletId: wallet.id,
      amount: formatMoney(amount.value),
      customerInfo: { name: fields.name.trim(), email, phone: fields.phone.trim() },
      description: fields.description.trim() || DEFAULT_SALE_DESCRIPTION,
      type: POS_SALE_TYPE,
      method,
      ...(method === 'card' && sandbox && card ? { card: { number: card } } : {}),
    }
  }

  function submit(method: Method) {
    if (submitting.current) return
    const body = saleBody(method)
    if (!body) return
    submitting.current = true
    mutation.mutate({ body, key: keys.keyFor(body) })
  }

  const merchant = userFullName(user) || (user ? `@${user.username}` : '')
  const previewAmount = wallet && amount?.ok ? formatAmount(amount.value, wallet.currency) : null
  const typedCustomer = fields.name.trim() || null
  const typedPayment =
    sandbox && card && !cardError
      ? t('cardEnding', { last4: card.replace(/\D/g, '').slice(-4) })
      : t('cardTap')
  const receipt: ReceiptData | null = lastSale
    ? {
        kind: 'sale',
        merchant,
        amount: requestAmountText(lastSale),
        description: lastSale.description,
        customer: lastSale.customer.name,
        payment: salePaymentText(lastSale, t),
        atIso: lastSale.completedAt ?? lastSale.createdAt,
        reference: saleReference(lastSale.id),
      }
    : previewAmount
      ? {
          kind: 'preview',
          merchant,
          amount: previewAmount,
          description: fields.description.trim() || DEFAULT_SALE_DESCRIPTION,
          customer: typedCustomer,
          payment: typedPayment,
          atIso: new Date().toISOString(),
          reference: null,
        }
      : null

  function print() {
    if (!receipt) {
      toast({
        title: t('nothingToPrintTitle'),
        description: t('nothingToPrintText'),
        variant: 'destructive',
      })
      return
    }
    printReceipt()
  }

  return (
    <div className="grid grid-cols-1 items-start gap-4 sm:gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card>
        <section aria-labelledby="sale-heading" className="p-5">
          <h2 id="sale-heading" className="text-base font-semibold">
            {t('saleHeading')}
          </h2>
          <form
            noValidate
            className="mt-4 grid grid-cols-1 gap-4"
            onSubmit={(event) => {
              event.preventDefault()
              submit('card')
            }}
          >
            <WalletSelect
              id="pos-wallet"
              label={t('wallet')}
              placeholder={t('walletPlaceholder')}
              wallets={walletList}
              value={fields.walletId}
              onChange={(value) => update('walletId', value)}
              error={wallets.isError ? t('walletsUnavailable') : undefined}
              disabled={pending || wallets.isPending}
            />
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <TextField
                id="pos-amount"
                className="content-start"
                label={t('amount')}
                inputMode="decimal"
                autoComplete="off"
                placeholder={amountPlaceholder()}
                value={fields.amount}
                onChange={(event) => update('amount', event.target.value)}
                error={showErrors ? amountError : undefined}
                disabled={pending}
              />
              <TextField
                id="pos-description"
                className="content-start"
                label={t('saleDescription')}
                autoComplete="off"
                maxLength={DESCRIPTION_MAX_LENGTH}
                placeholder={t('descriptionPlaceholder')}
                value={fields.description}
                onChange={(event) => update('description', event.target.value)}
                disabled={pending}
              />
            </div>
            <fieldset className="grid grid-cols-1 gap-4" disabled={pending}>
              <legend className="mb-3 text-sm font-medium">{t('customerHeading')}</legend>
              <TextField
                id="pos-customer-name"
                label={t('customerName')}
                autoComplete="off"
                maxLength={CUSTOMER_NAME_MAX_LENGTH}
                value={fields.name}
                onChange={(event) => update('name', event.target.value)}
              />
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                <TextField
                  id="pos-customer-email"
                  className="content-start"
                  label={t('customerEmail')}
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  maxLength={CUSTOMER_EMAIL_MAX_LENGTH}
                  value={fields.email}
                  onChange={(event) => update('email', event.target.value)}
                  error={showErrors ? emailError : undefined}
                />
                <TextField
                  id="pos-customer-phone"
                  className="content-start"
                  label={t('customerPhone')}
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  maxLength={CUSTOMER_PHONE_MAX_LENGTH}
                  value={fields.phone}
                  onChange={(event) => update('phone', event.target.value)}
                />
              </div>
            </fieldset>
            {sandbox ? (
              <details className="group rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-200">
                <summary className="flex cursor-pointer items-center gap-2 text-sm font-medium">
                  <FlaskConical className="size-4 shrink-0" aria-hidden="true" />
                  {t('testCard')}
                  <Badge variant="warning">{t('sandbox')}</Badge>
                </summary>
                <TextField
                  id="pos-test-card"
                  className="mt-3 pb-1 text-foreground"
                  label={t('testCard')}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={23}
                  placeholder="4242 4242 4242 4242"
                  value={fields.card}
                  onChange={(event) => update('card', event.target.value)}
                  error={showErrors ? cardError : undefined}
                  hint={t('testCardHint')}
                  disabled={pending}
                />
              </details>
            ) : null}
            <div className="grid grid-cols-1 gap-2">
              <Button type="submit" size="lg" className="w-full" disabled={pending}>
                <CreditCard aria-hidden="true" />
                {pending ? t('processing') : t('charge')}
              </Button>
              <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                <Button
                  type="button"
                  variant="outline"
                  disabled={pending}
                  onClick={() => submit('qr')}
                >
                  <QrCode aria-hidden="true" />
                  {t('generateQr')}
                </Button>
                <Button type="button" variant="outline" disabled={pending} onClick={print}>
                  <Printer aria-hidden="true" />
                  {t('printReceipt')}
                </Button>
              </div>
            </div>
          </form>
        </section>
      </Card>

      <div className="grid grid-cols-1 gap-4">
        {qrSale && !qrOpen ? (
          <div
            role="status"
            className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-primary/30 bg-secondary p-3 text-sm text-secondary-foreground"
          >
            <p className="min-w-0 flex-1 basis-48">
              {t('qrPending', { amount: requestAmountText(qrSale) })}
            </p>
            <Button size="sm" onClick={() => setQrOpen(true)}>
              <QrCode aria-hidden="true" />
              {t('showQr')}
            </Button>
          </div>
        ) : null}
        <SalePreview
          sale={lastSale}
          typed={{
            amount: previewAmount,
            wallet: wallet ?? null,
            description: fields.description.trim() || DEFAULT_SALE_DESCRIPTION,
            customer: typedCustomer,
            payment: typedPayment,
          }}
        />
      </div>

      {qrSale ? (
        <QrSaleDialog
          sale={qrSale}
          open={qrOpen}
          onOpenChange={setQrOpen}
          onCompleted={(sale) => void completeSale(sale)}
          onCancelled={() => {
            setQrSale(null)
            setQrOpen(false)
            void refetchPosLists(queryClient)
          }}
        />
      ) : null}
      {receipt ? <PosReceipt data={receipt} receiptRef={receiptRef} /> : null}
    </div>
  )
}
