import { detectInstallPlatform } from './detect-install-platform.ts'
import { canInstall, promptInstall } from './install-prompt.ts'

/** The id of the `<dialog>` that `InstallInstructionsDialog` renders. */
export const INSTALL_DIALOG_ID = 'install-instructions'

/** The attribute `InstallInstructionsDialog` marks each list of steps with: its platform. */
const STEPS_PLATFORM_ATTRIBUTE = 'data-install-steps'

const wiredDialogs = new WeakSet<HTMLDialogElement>()

/**
 * Opens the install instructions alert, a native `<dialog>` rendered by
 * `InstallInstructionsDialog`, for the visitor's device. The prerendered page carries the
 * steps of every device because it cannot know the visitor's; the lists for other devices are
 * removed here, so the alert only ever holds one. Focus returns to `returnFocusTo` on close,
 * and a click on the backdrop closes it, as Escape and the dialog's own buttons do.
 */
export function openInstallDialog(dialog: HTMLDialogElement, returnFocusTo: HTMLElement | null) {
  const platform = detectInstallPlatform(navigator.userAgent, navigator.maxTouchPoints)
  dialog.dataset.platform = platform
  for (const list of dialog.querySelectorAll<HTMLElement>(`[${STEPS_PLATFORM_ATTRIBUTE}]`)) {
    if (list.getAttribute(STEPS_PLATFORM_ATTRIBUTE) === platform) list.hidden = false
    else list.remove()
  }
  if (!wiredDialogs.has(dialog)) {
    wiredDialogs.add(dialog)
    // The dialog fills its box, so a click whose target is the dialog itself landed on the
    // backdrop around it.
    dialog.addEventListener('click', (event) => {
      if (event.target === dialog) dialog.close()
    })
  }
  dialog.addEventListener('close', () => returnFocusTo?.focus(), { once: true })
  if (!dialog.open) dialog.showModal()
}

/**
 * What the "Download App" / "Install App" button does (docs/screens.md "Install"): the browser's
 * own prompt when it offers one, otherwise (or when the prompt fails) the written instructions.
 */
export async function requestInstall(dialog: HTMLDialogElement, trigger: HTMLElement | null) {
  if (canInstall() && (await promptInstall())) return
  openInstallDialog(dialog, trigger)
}
