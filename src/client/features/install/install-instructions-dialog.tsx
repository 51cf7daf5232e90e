import * as Dialog from '@radix-ui/react-dialog'
import { Bell, Check, Download, House, Smartphone, WifiOff, X } from 'lucide-react'
import { type RefObject, useMemo } from 'react'
import { LogoMark } from '#client/components/logo.tsx'
import { detectInstallPlatform, type InstallPlatform } from './detect-install-platform.ts'
import { useInstallMessages } from './messages.ts'

type InstallMessages = ReturnType<typeof useInstallMessages>

const PRODUCT_NAME = 'Sabi'

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
 * The alert shown when the browser offers no install prompt (SPEC §2 "Install instructions").
 * It is its own chunk, loaded on the first click, so Radix stays out of the landing bundle.
 */
export function InstallInstructionsDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Where focus goes back on close; Radix would pick a Dialog.Trigger, which this has none of. */
  returnFocusTo: RefObject<HTMLElement | null>
}) {
  const t = useInstallMessages()
  const platform = useMemo(
    () => detectInstallPlatform(navigator.userAgent, navigator.maxTouchPoints),
    [],
  )
  const features = [
    { icon: WifiOff, label: t('featureOffline') },
    { icon: House, label: t('featureShortcut') },
    { icon: Smartphone, label: t('featureNative') },
    { icon: Bell, label: t('featurePush') },
  ]

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-sm" />
        <Dialog.Content
          data-platform={platform}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            returnFocusTo.current?.focus()
          }}
          className="fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto rounded-t-2xl border bg-card p-6 text-card-foreground shadow-2xl focus:outline-none sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl"
        >
          <div className="flex items-start gap-4">
            <LogoMark className="size-12 shrink-0" />
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-lg font-semibold leading-tight">
                {t('title', { product: PRODUCT_NAME })}
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-muted-foreground">
                {t('description', { product: PRODUCT_NAME })}
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label={t('closeLabel')}
              className="-mt-1 -mr-2 rounded-lg p-2 text-muted-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>

          <h3 className="mt-6 flex items-center gap-2 text-sm font-semibold">
            <Download className="size-4 text-primary" aria-hidden="true" />
            {t('stepsHeading')}
          </h3>
          <ol className="mt-3 space-y-3">
            {stepsFor(platform, t).map((step, index) => (
              <li key={step} className="flex gap-3 text-sm">
                <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
                  {index + 1}
                </span>
                <span className="pt-0.5">{step}</span>
              </li>
            ))}
          </ol>

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

          <Dialog.Close className="mt-6 inline-flex h-11 w-full items-center justify-center gap-2 rounded-lg bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2">
            <Check className="size-4" aria-hidden="true" />
            {t('close')}
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
