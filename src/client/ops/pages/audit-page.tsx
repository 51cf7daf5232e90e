import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { Link, useSearch } from 'wouter'
import { linkButtonClass } from '#client/components/link-button.ts'
import { OPS_PATHS } from '#shared/client-routes.ts'
import { auditTarget, cursorFromSearch, olderCursor } from '../audit-paging.ts'
import { type Column, DataTable } from '../components/data-table.tsx'
import { OpsPage } from '../components/ops-page.tsx'
import { QueryState } from '../components/query-state.tsx'
import { OPS_TEXT } from '../messages.ts'
import {
  AUDIT_EXPORT_PATH,
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  fetchAuditPage,
  OPS_KEYS,
} from '../ops-api.ts'
import { formatOpsDate, orDash } from '../ops-format.ts'

const TEXT = OPS_TEXT.audit

const COLUMNS: readonly Column<AuditEntry>[] = [
  { key: 'seq', header: TEXT.seq, numeric: true, cell: (entry) => entry.seq },
  {
    key: 'at',
    header: TEXT.at,
    cell: (entry) => formatOpsDate(entry.at),
    className: 'whitespace-nowrap',
  },
  {
    key: 'actor',
    header: TEXT.actor,
    cell: (entry) => <span className="wrap-break-word">{entry.actor}</span>,
  },
  {
    key: 'action',
    header: TEXT.action,
    cell: (entry) => <code className="text-xs">{entry.action}</code>,
  },
  {
    key: 'target',
    header: TEXT.target,
    cell: (entry) => <span className="font-mono text-xs wrap-anywhere">{auditTarget(entry)}</span>,
  },
  { key: 'reason', header: TEXT.reason, cell: (entry) => orDash(entry.reason) },
]

/**
 * The audit log (admin), newest first, a page at a time: "Older" goes on from the last entry
 * shown, and the address keeps the page (`?before=`), so Back returns to the newer one. The
 * whole log downloads as CSV.
 */
export function AuditPage() {
  const before = cursorFromSearch(useSearch())
  const page = useQuery({
    queryKey: OPS_KEYS.audit(before),
    queryFn: () => fetchAuditPage(before),
    placeholderData: keepPreviousData,
  })
  const entries = page.data ?? []
  const older =
    page.data && !page.isPlaceholderData ? olderCursor(page.data, AUDIT_PAGE_SIZE) : null
  const first = entries[0]
  const last = entries.at(-1)
  const linkClass = linkButtonClass('outline', 'md')
  return (
    <OpsPage
      title={TEXT.title}
      description={TEXT.description}
      actions={
        <a href={AUDIT_EXPORT_PATH} download className={linkClass}>
          <Download aria-hidden="true" />
          {TEXT.exportCsv}
        </a>
      }
    >
      {page.data ? (
        <>
          {first && last ? (
            <p className="text-sm text-muted-foreground" data-testid="ops-audit-range">
              {TEXT.showing(first.seq, last.seq)}
            </p>
          ) : null}
          <DataTable
            caption={TEXT.title}
            columns={COLUMNS}
            rows={entries}
            rowKey={(entry) => entry.seq}
            empty={TEXT.empty}
            testId="ops-audit"
          />
          <nav aria-label={TEXT.title} className="flex flex-wrap gap-2">
            {before ? (
              <Link href={OPS_PATHS.audit} className={linkClass}>
                {TEXT.newest}
              </Link>
            ) : null}
            {older ? (
              <Link href={`${OPS_PATHS.audit}?before=${older}`} className={linkClass}>
                {TEXT.older}
              </Link>
            ) : null}
          </nav>
        </>
      ) : (
        <QueryState query={page} />
      )}
    </OpsPage>
  )
}
