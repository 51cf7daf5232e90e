import { Download } from 'lucide-react'
import { lazy, Suspense, useRef, useState } from 'react'
import { promptInstall, useCanInstall } from './install-prompt.ts'

// A dynamic import keeps Radix Dialog out of the landing bundle: most visitors never open
// the instructions, and those who do wait for one small chunk.
const loadDialog = () => import('./install-instructions-dialog.tsx')
const InstallInstructionsDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.InstallInstructionsDialog })),
)

function preloadDialog() {
  // A failed preload is harmless: the click loads the chunk again and reports a real failure.
  loadDialog().catch(() => undefined)
}

/**
 * "Download App", which reads "Install App" once the browser offers installation (SPEC §2).
 * With a browser prompt it asks the browser; without one, or if the prompt fails, it opens
 * written instructions for the visitor's device.
 */
export function InstallAppButton({
  className,
  downloadLabel,
  installLabel,
}: {
  className?: string
  downloadLabel: string
  installLabel: string
}) {
  const canInstall = useCanInstall()
  const [dialogRequested, setDialogRequested] = useState(false)
  const [dialogOpen, setDialogOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)

  async function handleClick() {
    if (canInstall && (await promptInstall())) return
    setDialogRequested(true)
    setDialogOpen(true)
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={className}
        onClick={handleClick}
        // Fetching the chunk on intent makes the first click open the alert without a wait.
        onPointerEnter={canInstall ? undefined : preloadDialog}
        onFocus={canInstall ? undefined : preloadDialog}
      >
        <Download aria-hidden="true" />
        {canInstall ? installLabel : downloadLabel}
      </button>
      {dialogRequested ? (
        <Suspense fallback={null}>
          <InstallInstructionsDialog
            open={dialogOpen}
            onOpenChange={setDialogOpen}
            returnFocusTo={buttonRef}
          />
        </Suspense>
      ) : null}
    </>
  )
}
