import { useQuery } from '@tanstack/react-query'
import { AlertTriangle, BadgeCheck, SearchCheck } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { useLocation } from 'wouter'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { SummaryRow } from '#client/components/ui/summary-row.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { ApiError, apiRequest } from '#client/lib/api.ts'
import { cn } from '#client/lib/cn.ts'
import { formatAmount } from '#client/lib/format-amount.ts'
import { formatDate } from '#client/lib/format-date.ts'
import { headlineAmountSize } from '#client/lib/headline-amount-size.ts'
import {
  groupVerificationCode,
  normalizeVerificationCode,
  type VerifiedReceipt,
  verifiedReceiptSchema,
} from '#shared/schemas/receipts.ts'
import { useReceiptMessages } from './messages.ts'

type Messages = ReturnType<typeof useReceiptMessages>

const STATUS_KEYS = {
  completed: 'statusCompleted',
  pending: 'statusPending',
  failed: 'statusFailed',
} as const

function isKnownStatus(status: string): status is keyof typeof STATUS_KEYS {
  return Object.hasOwn(STATUS_KEYS, status)
}

function statusText(status: string, t: Messages): string {
  return isKnownStatus(status) ? t(STATUS_KEYS[status]) : status
}

function Genuine({ receipt }: { receipt: VerifiedReceipt }) {
  const t = useReceiptMessages()
  const money = (value: string) => formatAmount(value, receipt.currency)
  return (
    <Card>
      <section
        aria-labelledby="receipt-genuine"
        className="grid gap-4 p-5"
        data-testid="receipt-genuine"
      >
        <div className="flex items-start gap-3">
          <BadgeCheck className="mt-0.5 size-7 shrink-0 text-success" aria-hidden="true" />
          <div>
            <h2 id="receipt-genuine" className="text-lg font-semibold">
              {t('genuineTitle')}
            </h2>
            <p className="text-sm text-muted-foreground">{t('genuineText')}</p>
          </div>
        </div>
        <p
          className={cn('amount font-bold', headlineAmountSize(money(receipt.amount)))}
          data-testid="verified-amount"
        >
          {money(receipt.amount)}
        </p>
        <dl className="grid gap-2 rounded-xl border p-3 text-sm">
          <SummaryRow
            label={t('status')}
            value={statusText(receipt.status, t)}
            text
            testId="verified-status"
          />
          <SummaryRow label={t('fee')} value={money(receipt.fee)} />
          {receipt.payer ? (
            <SummaryRow label={t('payer')} value={receipt.payer} text testId="verified-payer" />
          ) : null}
          {receipt.payee ? (
            <SummaryRow label={t('payee')} value={receipt.payee} text testId="verified-payee" />
          ) : null}
          <SummaryRow label={t('date')} value={formatDate(receipt.createdAt, 'dateTime')} text />
          <SummaryRow label={t('reference')} value={receipt.reference} code />
        </dl>
      </section>
    </Card>
  )
}

function Problem({ title, text, testId }: { title: string; text: string; testId: string }) {
  return (
    <Card>
      <div role="alert" className="flex items-start gap-3 p-5" data-testid={testId}>
        <AlertTriangle className="mt-0.5 size-6 shrink-0 text-destructive" aria-hidden="true" />
        <div>
          <h2 className="font-semibold">{title}</h2>
          <p className="text-sm text-muted-foreground">{text}</p>
        </div>
      </div>
    </Card>
  )
}

/**
 * Anyone handed a receipt (or a screenshot of one) checks it here, signed in or not: the code
 * in the address or typed in, and the server's answer (docs/receipts.md).
 */
export function VerifyReceipt({ code }: { code: string | undefined }) {
  const t = useReceiptMessages()
  const [, navigate] = useLocation()
  const [typed, setTyped] = useState(
    code ? groupVerificationCode(normalizeVerificationCode(code)) : '',
  )
  const [missing, setMissing] = useState(false)
  const normalized = code ? normalizeVerificationCode(code) : ''
  const lookup = useQuery({
    queryKey: ['/api/receipts', normalized],
    queryFn: async () =>
      verifiedReceiptSchema.parse(
        await apiRequest('GET', `/api/receipts/${encodeURIComponent(normalized)}`),
      ),
    enabled: normalized !== '',
    retry: false,
  })

  function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const next = normalizeVerificationCode(typed)
    setMissing(next === '')
    if (next) navigate(`/verify/${groupVerificationCode(next)}`)
  }

  const notFound = lookup.error instanceof ApiError && lookup.error.status === 404
  return (
    <div className="grid gap-4">
      <Card>
        <form noValidate onSubmit={check} className="grid gap-3 p-5">
          <TextField
            id="verification-code"
            label={t('codeLabel')}
            placeholder={t('codePlaceholder')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            value={typed}
            error={missing ? t('codeRequired') : undefined}
            onChange={(event) => setTyped(event.target.value)}
          />
          <Button type="submit" disabled={lookup.isFetching}>
            <SearchCheck aria-hidden="true" />
            {lookup.isFetching ? t('checking') : t('check')}
          </Button>
        </form>
      </Card>
      {lookup.isFetching ? <Spinner label={t('checking')} /> : null}
      {lookup.data ? <Genuine receipt={lookup.data} /> : null}
      {notFound ? (
        <Problem title={t('notFoundTitle')} text={t('notFoundText')} testId="receipt-not-found" />
      ) : lookup.isError ? (
        <Problem
          title={t('failedTitle')}
          text={
            lookup.error instanceof ApiError && lookup.error.serverMessage
              ? lookup.error.serverMessage
              : t('failedText')
          }
          testId="receipt-check-failed"
        />
      ) : null}
    </div>
  )
}
