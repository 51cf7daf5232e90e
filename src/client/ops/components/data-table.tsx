import type { ReactNode } from 'react'
import { cn } from '#client/lib/cn.ts'

export type Column<T> = {
  key: string
  header: string
  cell: (row: T) => ReactNode
  /** Right-aligned and unbroken: amounts and counts. */
  numeric?: boolean
  className?: string
}

/**
 * A plain table of rows: a real <table> with a caption for screen readers and header cells
 * with scope, scrolling sideways inside its card on a narrow screen rather than squeezing.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  testId,
}: {
  caption: string
  columns: readonly Column<T>[]
  rows: readonly T[]
  rowKey: (row: T) => string
  empty: string
  testId?: string
}) {
  if (rows.length === 0) {
    return (
      <p className="rounded-xl border border-dashed p-8 text-center text-sm text-muted-foreground">
        {empty}
      </p>
    )
  }
  return (
    <div className="overflow-x-auto rounded-xl border bg-card">
      <table className="w-full border-collapse text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b bg-muted/60 text-left">
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={cn(
                  'whitespace-nowrap px-3 py-2.5 font-medium text-muted-foreground',
                  column.numeric && 'text-right',
                )}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-b align-top last:border-b-0 hover:bg-muted/40">
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={cn(
                    'px-3 py-2.5',
                    column.numeric ? 'amount text-right' : 'wrap-break-word',
                    column.className,
                  )}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
