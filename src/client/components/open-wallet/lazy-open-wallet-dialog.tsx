import { lazy, Suspense } from 'react'

// The dialog and its Radix code load on the first click; most visits never open it.
const OpenWalletDialog = lazy(() =>
  import('./open-wallet-dialog.tsx').then((module) => ({ default: module.OpenWalletDialog })),
)

/** The open-a-wallet dialog, mounted only while open, so each opening starts afresh. */
export function LazyOpenWalletDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <OpenWalletDialog open onOpenChange={onOpenChange} />
    </Suspense>
  )
}
