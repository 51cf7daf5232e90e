import { useMutation, useQueryClient } from '@tanstack/react-query'
import { CircleCheck, ShieldAlert, Snowflake } from 'lucide-react'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useLocation } from 'wouter'
import type { z } from 'zod'
import { FormAlert } from '#client/components/form-alert.tsx'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { FieldError } from '#client/components/ui/field-error.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { OptionCards } from '#client/components/ui/option-cards.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { DisputeStatusBadge } from '#client/entities/disputes/dispute-badges.tsx'
import { DISPUTES_QUERY_KEY } from '#client/entities/disputes/use-disputes.ts'
import { TRANSACTIONS_QUERY_KEY } from '#client/entities/transactions/use-transactions.ts'
import { apiRequest } from '#client/lib/api.ts'
import { schemaResolver } from '#client/lib/schema-resolver.ts'
import { serverFieldErrors } from '#client/lib/server-errors.ts'
import { toast } from '#client/lib/toast.ts'
import { forgetEndedSession } from '#client/lib/use-auth.ts'
import { CLIENT_ROUTES } from '#shared/client-routes.ts'
import { DISPUTE_REASONS, type DisputeReason } from '#shared/schemas/dispute-states.ts'
import {
  DISPUTE_DETAILS_MAX_LENGTH,
  type OpenDisputeRequest,
  type OpenedDispute,
  openDisputeRequestSchema,
  openedDisputeSchema,
} from '#shared/schemas/disputes.ts'
import { REASON_TEXTS } from './dispute-reasons.ts'
import { useDisputeMessages } from './messages.ts'
import { useFormFailure } from './use-form-failure.ts'

type FormInput = z.input<typeof openDisputeRequestSchema>
type Sent = { opened: OpenedDispute; reason: DisputeReason }

async function openDispute(transactionId: string, body: OpenDisputeRequest) {
  return openedDisputeSchema.parse(
    await apiRequest(
      'POST',
      `/api/transactions/${encodeURIComponent(transactionId)}/disputes`,
      body,
    ),
  )
}

/** The six reasons as radio cards, the few words with a counter, and Send. */
function ReportForm({
  transactionId,
  onSent,
  onCancel,
}: {
  transactionId: string
  onSent: (sent: Sent) => void
  onCancel: () => void
}) {
  const t = useDisputeMessages()
  const queryClient = useQueryClient()
  const detailsId = useId()
  const reasonName = useId()
  const failure = useFormFailure({ title: t('reportTitle'), message: t('reportFailed') })
  const form = useForm<FormInput, unknown, OpenDisputeRequest>({
    resolver: schemaResolver(openDisputeRequestSchema),
    defaultValues: { details: '' },
  })
  const { errors, isSubmitted } = form.formState
  const reason = form.watch('reason')
  const typed = form.watch('details') ?? ''
  const send = useMutation({
    mutationFn: (body: OpenDisputeRequest) => openDispute(transactionId, body),
    onSuccess: (opened, body) => {
      onSent({ opened, reason: body.reason })
      // The details and the history show the report's mark; My reports lists it.
      void queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_KEY })
      void queryClient.invalidateQueries({ queryKey: DISPUTES_QUERY_KEY })
    },
    onError: (error) => {
      const fields = serverFieldErrors(error)
      for (const { path, message } of fields) {
        if (path === 'reason' || path === 'details') form.setError(path, { message })
      }
      if (fields.length === 0) failure.report(error)
    },
  })
  const pending = send.isPending
  const detailsMessageId = `${detailsId}-message`
  const detailsError = errors.details?.message

  return (
    <form
      noValidate
      className="mt-5 grid grid-cols-1 gap-5"
      data-testid="report-form"
      onSubmit={form.handleSubmit((values) => {
        if (pending) return
        failure.clear()
        send.mutate(values)
      })}
    >
      <fieldset className="grid gap-3">
        <legend className="mb-3 text-sm font-medium">{t('reasonLegend')}</legend>
        <OptionCards
          name={reasonName}
          value={reason}
          columnsClassName="grid-cols-1"
          options={DISPUTE_REASONS.map((value) => ({
            value,
            label: t(REASON_TEXTS[value].label),
            hint: t(REASON_TEXTS[value].hint),
            icon: REASON_TEXTS[value].icon,
          }))}
          onChange={(value) => form.setValue('reason', value, { shouldValidate: isSubmitted })}
        />
        <FieldError alert>{errors.reason?.message}</FieldError>
      </fieldset>

      {reason === 'unauthorised' ? (
        <p
          className="flex items-start gap-2 rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-100"
          data-testid="unauthorised-note"
        >
          <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{t('unauthorisedNote')}</span>
        </p>
      ) : null}

      <div className="grid gap-2">
        <div className="flex items-baseline justify-between gap-3">
          <Label htmlFor={detailsId}>
            {reason === 'other' ? t('detailsLabelRequired') : t('detailsLabel')}
          </Label>
          <span className="text-xs text-muted-foreground tabular-nums" aria-hidden="true">
            {t('detailsCount', { count: typed.length, max: DISPUTE_DETAILS_MAX_LENGTH })}
          </span>
        </div>
        <Textarea
          id={detailsId}
          rows={3}
          maxLength={DISPUTE_DETAILS_MAX_LENGTH}
          placeholder={t('detailsPlaceholder')}
          aria-invalid={detailsError ? true : undefined}
          aria-describedby={detailsError ? detailsMessageId : undefined}
          {...form.register('details')}
        />
        <FieldError id={detailsMessageId}>{detailsError}</FieldError>
      </div>

      <FormAlert message={failure.message} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" disabled={pending} onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={pending} data-testid="report-submit">
          {pending ? t('submitting') : t('submit')}
        </Button>
      </div>
    </form>
  )
}

/**
 * "I did not make this payment": freezing at once, offered once the report is in, because
 * freezing ends every session, this one too (docs/security.md "Freezing"), and the report must
 * not be lost with it.
 */
function FreezeOffer() {
  const t = useDisputeMessages()
  const [, navigate] = useLocation()
  const failure = useFormFailure({ title: t('freezeOfferTitle'), message: t('freezeFailed') })
  const freeze = useMutation({
    mutationFn: () => apiRequest('POST', '/api/account/freeze'),
    onSuccess: () =>
      forgetEndedSession(() => {
        navigate(CLIENT_ROUTES.signIn, { replace: true })
        toast({ title: t('frozenTitle'), description: t('frozenText') })
      }),
    onError: failure.report,
  })
  return (
    <section
      aria-labelledby="freeze-offer-title"
      className="grid gap-3 rounded-xl border border-sky-300 bg-sky-50 p-4 text-sky-950 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-100"
      data-testid="freeze-offer"
    >
      <h3 id="freeze-offer-title" className="flex items-center gap-2 font-semibold">
        <Snowflake className="size-4 shrink-0" aria-hidden="true" />
        {t('freezeOfferTitle')}
      </h3>
      <p className="text-sm">{t('freezeOfferText')}</p>
      <FormAlert message={failure.message} />
      <Button
        type="button"
        variant="destructive"
        needsNetwork
        disabled={freeze.isPending}
        onClick={() => {
          failure.clear()
          freeze.mutate()
        }}
      >
        <Snowflake aria-hidden="true" />
        {freeze.isPending ? t('freezing') : t('freezeButton')}
      </Button>
    </section>
  )
}

/** The report is in: its reference to quote, its status, and the way to My reports. */
function SentView({ sent, onDone }: { sent: Sent; onDone: () => void }) {
  const t = useDisputeMessages()
  return (
    <div className="mt-5 grid grid-cols-1 gap-4" data-testid="report-sent" role="status">
      <dl className="grid gap-2 rounded-xl bg-muted/60 p-4 text-sm">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <dt className="text-muted-foreground">{t('referenceLabel')}</dt>
          <dd
            className="ml-auto font-mono text-base font-semibold wrap-anywhere select-all"
            data-testid="report-reference"
          >
            {sent.opened.reference}
          </dd>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <dt className="text-muted-foreground">{t('statusLabel')}</dt>
          <dd className="ml-auto">
            <DisputeStatusBadge status={sent.opened.status} outcome={null} />
          </dd>
        </div>
      </dl>
      {sent.reason === 'unauthorised' ? <FreezeOffer /> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          {t('done')}
        </Button>
        <Button asChild>
          <Link href={CLIENT_ROUTES.disputes}>{t('myReports')}</Link>
        </Button>
      </div>
    </div>
  )
}

/**
 * "Report a problem" for one transaction (docs/screens.md "Report a problem"): a bottom sheet on
 * phones with the six reasons and a few words, then the report's reference and status.
 */
export function ReportDialog({
  transactionId,
  open,
  onOpenChange,
}: {
  transactionId: string
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const t = useDisputeMessages()
  const [sent, setSent] = useState<Sent | null>(null)
  function change(next: boolean) {
    // Each opening starts from an empty form.
    if (!next) setSent(null)
    onOpenChange(next)
  }
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent closeLabel={t('close')} data-testid="report-dialog">
        {sent ? (
          <DialogTitle className="flex items-center gap-2">
            <CircleCheck className="size-5 shrink-0 text-success" aria-hidden="true" />
            {t('sentTitle')}
          </DialogTitle>
        ) : (
          <DialogTitle>{t('reportTitle')}</DialogTitle>
        )}
        <DialogDescription>{sent ? t('sentText') : t('reportDescription')}</DialogDescription>
        {!open ? null : sent ? (
          <SentView sent={sent} onDone={() => change(false)} />
        ) : (
          <ReportForm
            transactionId={transactionId}
            onSent={setSent}
            onCancel={() => change(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}
