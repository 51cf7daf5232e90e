import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'

/**
 * What a page shows in place of its content while its data loads, or when it could not be
 * loaded: a spinner, or the reason and a Retry button. Null once the data is there.
 */
export function PageLoadState({
  query,
  loadingLabel,
  failedText,
  retryLabel,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown }
  loadingLabel: string
  failedText: string
  retryLabel: string
}) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={loadingLabel} />
      </div>
    )
  }
  if (!query.isError) return null
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3 p-5">
      <p className="text-sm text-muted-foreground">{failedText}</p>
      <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()}>
        {retryLabel}
      </Button>
    </Card>
  )
}
