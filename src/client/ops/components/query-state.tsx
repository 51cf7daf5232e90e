import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { OPS_TEXT } from '../messages.ts'
import { errorText } from '../ops-errors.ts'

/**
 * In place of a page's content while its data loads, or when it could not be loaded: a
 * spinner, or the server's reason and a retry. Null once the data is there.
 */
export function QueryState({
  query,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown }
}) {
  if (query.isPending && !query.isError) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={OPS_TEXT.loading} />
      </div>
    )
  }
  if (!query.isError) return null
  return (
    <Card role="alert" className="flex flex-wrap items-center justify-between gap-3 p-5">
      <p className="text-sm">{errorText(query.error, OPS_TEXT.loadFailed)}</p>
      <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()}>
        {OPS_TEXT.retry}
      </Button>
    </Card>
  )
}
