import { AlertTriangle, BadgeCheck, Lock, ShieldCheck } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { SummaryRow } from '#client/components/ui/summary-row.tsx'
import { walletShortfall } from '#client/lib/wallet-shortfall.ts'
import { CreatePinForm } from './create-pin-form.tsx'
import { LimitWarning } from './limit-warning.tsx'
import { useMoneyActionMessages } from './messages.ts'
import { MoneyReceipt } from './money-receipt.tsx'
import { PinPad } from './pin-pad.tsx'
import { ShortfallWarning } from './shortfall-warning.tsx'
import { useLimitCheck } from './use-limit-check.ts'
import type { MoneyAction, Review } from './use-money-action.ts'

function ReviewStep({
  review,
  onConfirm,
  onCancel,
  checking,
  needsPin,
}: {
  review: Review
  onConfirm: () => void
  onCancel: () => void
  checking: boolean
  needsPin: boolean
}) {
  const t = useMoneyActionMessages()
  const limit = useLimitCheck(review.limitCheck)
  const overLimit = limit.data?.allowed === false
  // The limit is asked before the PIN; Confirm waits for its answer (one that fails to come
  // leaves the decision to the server, as the posting checks again).
  const limitPending = review.limitCheck !== undefined && limit.isPending
  const short = review.spend ? walletShortfall(review.spend.wallet, review.spend.total) : null
  return (
    <div className="grid gap-4" data-testid="review-sheet">
      <DialogTitle>{review.title}</DialogTitle>
      <DialogDescription className="text-sm text-muted-foreground">
        {needsPin ? t('reviewDescription') : t('reviewDescriptionNoPin')}
      </DialogDescription>
      {review.recipient ? (
        <div className="rounded-xl border bg-secondary/60 p-3" data-testid="review-recipient">
          <p className="text-xs font-medium text-muted-foreground">{t('recipientLabel')}</p>
          <p className="break-words font-semibold">{review.recipient.name}</p>
          {review.recipient.detail ? (
            <p className="break-words text-sm text-muted-foreground">{review.recipient.detail}</p>
          ) : null}
          {review.recipient.verified ? (
            <p className="mt-1 flex items-center gap-1 text-xs font-medium text-success">
              <BadgeCheck className="size-3.5" aria-hidden="true" />
              {t('verifiedName')}
            </p>
          ) : null}
          {review.recipient.caution ? (
            <p
              className="mt-2 flex items-start gap-1.5 rounded-lg border border-amber-300 bg-amber-50 px-2.5 py-2 text-xs font-medium text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
              data-testid="review-name-unchecked"
            >
              <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden="true" />
              <span className="min-w-0 break-words">{review.recipient.caution}</span>
            </p>
          ) : null}
        </div>
      ) : null}
      <dl className="grid gap-2 rounded-xl border p-3 text-sm">
        {review.rows.map((row) => (
          <SummaryRow
            key={row.label}
            label={row.label}
            value={row.value}
            {...(row.strong ? { strong: true } : {})}
            {...(row.text ? { text: true } : {})}
            {...(row.testId ? { testId: row.testId } : {})}
          />
        ))}
      </dl>
      {review.note ? <p className="text-sm text-muted-foreground">{review.note}</p> : null}
      {short && review.spend ? (
        <ShortfallWarning wallet={review.spend.wallet} total={review.spend.total} short={short} />
      ) : null}
      {limit.data ? <LimitWarning check={limit.data} /> : null}
      {/* Cancel as wide as its word, Confirm the rest: "Confirmer et saisir le PIN" fits. */}
      <div className="grid gap-2 sm:grid-cols-[auto_1fr]">
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button
          type="button"
          needsNetwork
          onClick={onConfirm}
          disabled={checking || overLimit || limitPending || short !== null}
        >
          <ShieldCheck aria-hidden="true" />
          {needsPin ? t('confirm') : t('confirmNoPin')}
        </Button>
      </div>
    </div>
  )
}

/**
 * The sheet every outgoing money action opens (docs/screens.md "Money actions"): the review,
 * then the PIN (created first when the user has none), "Processing...", and the receipt.
 */
export function MoneyActionSheet({ action }: { action: MoneyAction }) {
  const t = useMoneyActionMessages()
  const { step, submission } = action
  const open = step.kind !== 'closed' && submission !== null

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : action.close())}>
      {open ? (
        <DialogContent
          closeLabel={t('close')}
          onInteractOutside={(event) => event.preventDefault()}
          {...(step.kind === 'review' ? {} : { 'aria-describedby': undefined })}
        >
          {step.kind === 'review' ? (
            <ReviewStep
              review={submission.review}
              checking={action.needsPin && !action.pinKnown}
              needsPin={action.needsPin}
              onCancel={action.close}
              onConfirm={action.confirm}
            />
          ) : null}
          {step.kind === 'pin' ? (
            <div className="grid gap-4" data-testid="pin-step">
              <DialogTitle>{t('pinTitle')}</DialogTitle>
              <p className="text-sm text-muted-foreground">{t('pinDescription')}</p>
              <PinPad error={step.error} onComplete={action.submitPin} />
            </div>
          ) : null}
          {step.kind === 'create-pin' ? (
            <div className="grid gap-4" data-testid="create-pin-step">
              <DialogTitle>{t('createTitle')}</DialogTitle>
              <p className="text-sm text-muted-foreground">{t('createDescription')}</p>
              <CreatePinForm
                idPrefix="money-action"
                submitLabel={t('createSubmit')}
                onSaved={action.submitPin}
              />
            </div>
          ) : null}
          {step.kind === 'locked' ? (
            <div className="grid gap-4" data-testid="pin-locked">
              <DialogTitle className="flex items-center gap-2">
                <Lock className="size-5 text-destructive" aria-hidden="true" />
                {t('lockedTitle')}
              </DialogTitle>
              <p role="alert" className="text-sm">
                {step.message}
              </p>
              <Button type="button" variant="outline" onClick={action.close}>
                {t('close')}
              </Button>
            </div>
          ) : null}
          {step.kind === 'processing' ? (
            <div className="grid justify-items-center gap-3 py-8 text-center">
              <Spinner label={t('processing')} />
              <DialogTitle>{t('processing')}</DialogTitle>
              <p className="text-sm text-muted-foreground">{t('processingDescription')}</p>
            </div>
          ) : null}
          {step.kind === 'receipt' ? (
            <MoneyReceipt
              transactionId={step.transactionId}
              onStatus={action.receiptStatus}
              onDone={action.close}
            />
          ) : null}
        </DialogContent>
      ) : null}
    </Dialog>
  )
}
