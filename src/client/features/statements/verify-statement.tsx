import { useQuery } from '@tanstack/react-query'
import { BadgeCheck, ShieldAlert, ShieldCheck } from 'lucide-react'
import { useState } from 'react'
import { PageLoadState } from '#client/components/page-load-state.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { SummaryRow } from '#client/components/ui/summary-row.tsx'
import { ApiError, apiRequest } from '#client/lib/api.ts'
import { formatAmount } from '#client/lib/format-amount.ts'
import { formatDate } from '#client/lib/format-date.ts'
import { verifiedStatementSchema } from '#shared/schemas/statements.ts'
import { useStatementMessages } from './messages.ts'

async function sha256Hex(file: File): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer())
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * `/verify/statement/:code` (docs/statements.md "Verifying"): what Sabi issued under the code,
 * the holder's name masked, and a check of the PDF the reader was given, hashed on their own
 * device and compared with the SHA-256 Sabi recorded.
 */
export function VerifyStatement({ code }: { code: string }) {
  const t = useStatementMessages()
  const [match, setMatch] = useState<boolean | null>(null)
  const statement = useQuery({
    queryKey: ['/api/statements/verify', code],
    queryFn: async () =>
      verifiedStatementSchema.parse(
        await apiRequest('GET', `/api/statements/verify/${encodeURIComponent(code)}`),
      ),
    retry: false,
  })
  if (statement.error instanceof ApiError && [400, 404].includes(statement.error.status))
    return (
      <Card className="flex items-start gap-3 p-5" data-testid="statement-not-found">
        <ShieldAlert className="size-5 shrink-0 text-destructive" aria-hidden="true" />
        <p className="text-sm">{t('notFound')}</p>
      </Card>
    )
  if (!statement.data)
    return (
      <PageLoadState
        query={statement}
        loadingLabel={t('checking')}
        failedText={t('unavailable')}
        retryLabel={t('retry')}
      />
    )
  const data = statement.data
  const currency = { code: data.currency }
  return (
    <div className="grid gap-4">
      <Card className="grid gap-4 p-5" data-testid="verified-statement">
        <p className="flex items-center gap-2 font-semibold text-success">
          <BadgeCheck className="size-5" aria-hidden="true" />
          {t('issuedBySabi')}
        </p>
        <dl className="grid gap-2 text-sm">
          <SummaryRow label={t('code')} value={data.code} text />
          <SummaryRow label={t('holder')} value={data.holderName} text />
          <SummaryRow label={t('currency')} value={data.currency} text />
          <SummaryRow
            label={t('period')}
            value={t('periodRange', { from: data.periodFrom, to: data.periodTo })}
            text
          />
          <SummaryRow label={t('opening')} value={formatAmount(data.openingBalance, currency)} />
          <SummaryRow label={t('closing')} value={formatAmount(data.closingBalance, currency)} />
          <SummaryRow label={t('count')} value={String(data.transactionCount)} text />
          <SummaryRow label={t('issuedAt')} value={formatDate(data.issuedAt, 'dateTime')} text />
        </dl>
        <div className="grid gap-1">
          <p className="text-xs font-medium text-muted-foreground">{t('fingerprint')}</p>
          <p className="font-mono text-xs break-all" data-testid="statement-sha256">
            {data.sha256}
          </p>
        </div>
      </Card>
      <Card className="grid gap-3 p-5">
        <Label htmlFor="statement-file">{t('checkFile')}</Label>
        <p className="text-xs text-muted-foreground">{t('checkFileHint')}</p>
        <input
          id="statement-file"
          type="file"
          accept="application/pdf"
          className="text-sm"
          onChange={(event) => {
            const file = event.target.files?.[0]
            if (!file) return
            void sha256Hex(file).then((hash) => setMatch(hash === data.sha256))
          }}
        />
        {match === null ? null : match ? (
          <p
            className="flex items-start gap-2 text-sm font-medium text-success"
            role="status"
            data-testid="statement-file-matches"
          >
            <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {t('fileMatches')}
          </p>
        ) : (
          <p
            className="flex items-start gap-2 text-sm font-medium text-destructive"
            role="alert"
            data-testid="statement-file-differs"
          >
            <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {t('fileDiffers')}
          </p>
        )}
      </Card>
    </div>
  )
}
