import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { Button } from '#client/components/ui/button.tsx'
import { useDocumentTitle } from '#client/lib/use-document-title.ts'

/**
 * The top of a signed-in page: a Back button, the page title and a line about the page. The
 * title is the document's title too.
 */
export function PageHeader({
  title,
  description,
  backHref,
  backLabel,
  actions,
}: {
  title: string
  description?: string
  backHref: string
  backLabel: string
  /** Buttons that belong beside the title, such as a page's main action. */
  actions?: ReactNode
}) {
  useDocumentTitle(title)
  return (
    <div className="mb-5 sm:mb-8">
      <Button asChild variant="ghost" size="sm" className="-ml-3 text-muted-foreground">
        <Link href={backHref}>
          <ArrowLeft aria-hidden="true" />
          {backLabel}
        </Link>
      </Button>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          {description ? (
            <p className="mt-1 text-sm text-muted-foreground sm:text-base">{description}</p>
          ) : null}
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
      </div>
    </div>
  )
}
