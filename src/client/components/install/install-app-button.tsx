import { Download } from 'lucide-react'
import { useRef, useSyncExternalStore } from 'react'
import { detectInstallPlatform, type InstallPlatform } from './detect-install-platform.ts'
import { requestInstall } from './install-dialog.ts'
import { InstallInstructionsDialog } from './install-instructions-dialog.tsx'
import { canInstall, subscribeToInstallPrompt } from './install-prompt.ts'

function subscribeToNothing() {
  return () => undefined
}

function currentPlatform(): InstallPlatform {
  return detectInstallPlatform(navigator.userAgent, navigator.maxTouchPoints)
}

/**
 * "Download App", which reads "Install App" once the browser offers installation (docs/screens.md
 * "Install"). With a browser prompt it asks the browser; without one, or if the prompt fails, it
 * opens written instructions for the visitor's device.
 *
 * The prerendered landing page is this same markup without React: the data attributes carry
 * both labels for src/client/entries/landing-enhance.ts, which gives the button the same behaviour
 * through the same framework-free functions.
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
  const installable = useSyncExternalStore(subscribeToInstallPrompt, canInstall, () => false)
  // Unknown while prerendering (null): the dialog then carries every device's steps.
  const platform = useSyncExternalStore(subscribeToNothing, currentPlatform, () => null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const dialogRef = useRef<HTMLDialogElement>(null)

  function handleClick() {
    const dialog = dialogRef.current
    if (dialog) void requestInstall(dialog, buttonRef.current)
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={className}
        onClick={handleClick}
        data-install-button=""
        data-download-label={downloadLabel}
        data-install-label={installLabel}
      >
        <Download aria-hidden="true" />
        <span data-install-button-label="">{installable ? installLabel : downloadLabel}</span>
      </button>
      <InstallInstructionsDialog ref={dialogRef} platform={platform} />
    </>
  )
}
