import { Bell, Check, Download, House, Smartphone, WifiOff, X } from 'lucide-react'
import type { Ref } from 'react'
import { LogoMark } from '#client/components/logo.tsx'
import type { InstallPlatform } from './detect-install-platform.ts'
import { INSTALL_DIALOG_ID } from './install-dialog.ts'
import { useInstallMessages } from './messages.ts'

type InstallMessages = ReturnType<typeof useInstallMessages>

const PRODUCT_NAME = 'Sabi'
const PLATFORMS: InstallPlatform[] = ['ios', 'android', 'desktop']

function stepsFor(platform: InstallPlatform, t: InstallMessages): string[] {
  switch (platform) {
    case 'ios':
      return [t('iosStep1'), t('iosStep2'), t('iosStep3')]
    case 'android':
      return [t('androidStep1'), t('androidStep2'), t('androidStep3')]
    case 'desktop':
      return [t('desktopStep1'), t('desktopStep2'), t('desktopStep3')]
  }
}

/**
 * The alert shown when the browser offers no install prompt (docs/screens.md "Install"):
 * a native `<dialog>`, closed until `openInstallDialog` opens it, so the React page and the
 * prerendered page (which has no React in the browser) show the very same markup. Its buttons
 * close it through `<form method="dialog">`, which needs no script.
 *
 * `platform` is the visitor's device; `null` when prerendering, where the device is unknown and
 * every device's steps are rendered, hidden, for `openInstallDialog` to pick from.
 */
export function InstallInstructionsDialog({
  platform,
  ref,
}: {
  platform: InstallPlatform | null
  ref?: Ref<HTMLDialogElement>
}) {
  const t = useInstallMessages()
  const features = [
    { icon: WifiOff, label: t('featureOffline') },
    { icon: House, label: t('featureShortcut') },
    { icon: Smartphone, label: t('featureNative') },
    { icon: Bell, label: t('featurePush') },
  ]
  const shownPlatforms = platform ? [platform] : PLATFORMS

  return (
    <dialog
      ref={ref}
      id={INSTALL_DIALOG_ID}
      aria-labelledby={`${INSTALL_DIALOG_ID}-title`}
      aria-describedby={`${INSTALL_DIALOG_ID}-description`}
      className="m-0 mt-auto max-h-[90dvh] w-full max-w-none overflow-y-auto rounded-t-2xl border bg-card p-0 text-left text-base font-normal text-card-foreground shadow-2xl backdrop:bg-slate-950/60 backdrop:backdrop-blur-sm focus:outline-none sm:m-auto sm:max-w-md sm:rounded-2xl"
    >
      {/* The content fills the dialog, so a click on the dialog element itself is the backdrop. */}
      <form method="dialog" className="p-6">
        <div className="flex items-start gap-4">
          <LogoMark className="size-12 shrink-0" />
          <div className="min-w-0 flex-1">
            <h2 id={`${INSTALL_DIALOG_ID}-title`} className="text-lg font-semibold leading-tight">
              {t('title', { product: PRODUCT_NAME })}
            </h2>
            <p
              id={`${INSTALL_DIALOG_ID}-description`}
              className="mt-1 text-sm text-muted-foreground"
            >
              {t('description', { product: PRODUCT_NAME })}
            </p>
          </div>
          <button
            type="submit"
            aria-label={t('closeLabel')}
            className="-mt-1 -mr-2 rounded-lg p-2 text-muted-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>

        <h3 className="mt-6 flex items-center gap-2 text-sm font-semibold">
          <Download className="size-4 text-primary" aria-hidden="true" />
          {t('stepsHeading')}
        </h3>
        {shownPlatforms.map((shown) => (
          <ol
            key={shown}
            data-install-steps={shown}
            hidden={platform === null}
            className="mt-3 space-y-3"
          >
            {stepsFor(shown, t).map((step, index) => (
              <li key={step} className="flex gap-3 text-sm">
                <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
                  {index + 1}
                </span>
                <span className="pt-0.5">{step}</span>
              </li>
            ))}
          </ol>
        ))}

        <h3 className="mt-6 text-sm font-semibold">{t('featuresHeading')}</h3>
        <ul className="mt-3 grid grid-cols-2 gap-2">
          {features.map(({ icon: Icon, label }) => (
            <li
              key={label}
              className="flex items-center gap-2 rounded-lg bg-secondary px-3 py-2 text-xs font-medium text-secondary-foreground"
            >
              <Icon className="size-4 shrink-0" aria-hidden="true" />
              {label}
            </li>
          ))}
        </ul>

        <button
          type="submit"
          className="mt-6 inline-flex h-11 w-full items-center justify-center gap-2 rounded-lg bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        >
          <Check className="size-4" aria-hidden="true" />
          {t('close')}
        </button>
      </form>
    </dialog>
  )
}
