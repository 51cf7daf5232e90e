import { lazy, Suspense } from 'react'

// The dialog, its form code and Radix load on the first click, not with the page.
const AddFundsDialog = lazy(() =>
  import('./add-funds-dialog.tsx').then((module) => ({ default: module.AddFundsDialog })),
)

/** The add-funds dialog, mounted only while open, so every opening is a new submission. */
export function LazyAddFundsDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <AddFundsDialog open onOpenChange={onOpenChange} />
    </Suspense>
  )
}
