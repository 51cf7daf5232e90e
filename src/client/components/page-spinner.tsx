import { useCommonMessages } from '#client/components/messages.ts'
import { Spinner } from '#client/components/ui/spinner.tsx'

/** Fills the page while the current user or a page's code is loading (docs/screens.md "Routes"). */
export function PageSpinner() {
  const t = useCommonMessages()
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background">
      <Spinner label={t('loading')} />
    </div>
  )
}
