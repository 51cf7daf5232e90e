import * as ToastPrimitive from '@radix-ui/react-toast'
import { X } from 'lucide-react'
import { useCommonMessages } from '#client/components/messages.ts'
import { cn } from '#client/lib/cn.ts'
import { dismissToast, TOAST_DURATION_MS, type ToastItem, useToasts } from '#client/lib/toast.ts'

// A right swipe past 50 px dismisses a toast, and F8 moves focus to the toast area
// (docs/screens.md "Toasts").
const SWIPE_THRESHOLD_PX = 50
const FOCUS_HOTKEY = ['F8']

const variantClasses = {
  default: 'border bg-card text-card-foreground',
  destructive: 'border-destructive bg-destructive text-destructive-foreground',
} as const

function ToastCard({ item, closeLabel }: { item: ToastItem; closeLabel: string }) {
  return (
    <ToastPrimitive.Root
      open={item.open}
      onOpenChange={(open) => {
        if (!open) dismissToast(item.id)
      }}
      className={cn(
        'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg p-4 pr-10 shadow-lg',
        'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0',
        'data-[swipe=cancel]:transition-transform data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
        variantClasses[item.variant],
      )}
    >
      <div className="grid gap-1">
        <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
        {item.description ? (
          <ToastPrimitive.Description className="text-sm opacity-90">
            {item.description}
          </ToastPrimitive.Description>
        ) : null}
      </div>
      <ToastPrimitive.Close
        aria-label={closeLabel}
        className="absolute right-2 top-2 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <X className="size-4" aria-hidden="true" />
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  )
}

/**
 * The Radix toast region that renders the toasts of `toast()`. It is loaded apart from the
 * entry chunk (see toaster.tsx), which is why it is a separate module.
 */
export function ToastRegion() {
  const t = useCommonMessages()
  const toasts = useToasts()
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={SWIPE_THRESHOLD_PX}
    >
      {toasts.map((item) => (
        <ToastCard key={item.id} item={item} closeLabel={t('closeNotification')} />
      ))}
      <ToastPrimitive.Viewport
        hotkey={FOCUS_HOTKEY}
        // i18next interpolates only {{double}} braces, so Radix's {hotkey} placeholder survives.
        label={t('notifications')}
        className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-none sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  )
}
