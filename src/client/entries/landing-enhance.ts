import { INSTALL_DIALOG_ID, requestInstall } from '#client/components/install/install-dialog.ts'
import { canInstall, subscribeToInstallPrompt } from '#client/components/install/install-prompt.ts'
import { registerServiceWorker } from '#client/components/install/register-service-worker.ts'

/**
 * The only script of the prerendered landing page (landing.html, written by
 * scripts/prerender-landing.ts): the behaviour the React page has, without React. Everything
 * else on the page (links, anchors, the FAQ's <details>) is plain HTML and needs no script.
 *
 * "Download App" reads "Install App" while the browser offers installation; a click asks the
 * browser or opens the install instructions <dialog> that the prerender put in the page. The
 * logic is the React page's own, from components/install; the labels come from the button's data
 * attributes, which the prerender filled from the i18n catalog.
 */
function enhanceInstallButton() {
  const button = document.querySelector<HTMLButtonElement>('[data-install-button]')
  const label = button?.querySelector('[data-install-button-label]')
  const dialog = document.getElementById(INSTALL_DIALOG_ID)
  if (!button || !label || !(dialog instanceof HTMLDialogElement)) return
  const { downloadLabel, installLabel } = button.dataset
  const showLabel = () => {
    const text = canInstall() ? installLabel : downloadLabel
    if (text && label.textContent !== text) label.textContent = text
  }
  subscribeToInstallPrompt(showLabel)
  showLabel()
  button.addEventListener('click', () => void requestInstall(dialog, button))
}

enhanceInstallButton()
registerServiceWorker()
