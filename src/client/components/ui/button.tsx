import { Slot } from '@radix-ui/react-slot'
import type { ButtonHTMLAttributes, Ref } from 'react'
import { cn } from '#client/lib/cn.ts'
import { useOffline } from '#client/lib/network-status.ts'
import { OFFLINE_NOTICE_ID } from '../offline-notice.tsx'

const variants = {
  default: 'bg-primary text-primary-foreground hover:bg-primary/90',
  destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
  outline: 'border border-input bg-card hover:bg-muted',
  secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
  ghost: 'hover:bg-muted',
  link: 'text-primary underline-offset-4 hover:underline',
} as const

const sizes = {
  default: 'h-10 px-4 py-2',
  sm: 'h-9 rounded-md px-3',
  lg: 'h-12 rounded-lg px-6 text-base',
  icon: 'h-10 w-10',
} as const

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof variants
  size?: keyof typeof sizes
  /** Render the child element (a link, say) with the button's look. */
  asChild?: boolean
  /**
   * The button sends something to Sabi, so it is off while Sabi cannot be reached
   * (docs/offline.md "Offline acting"). Every submit button is; other buttons say so.
   */
  needsNetwork?: boolean
  ref?: Ref<HTMLButtonElement>
}

export function Button({
  className,
  variant = 'default',
  size = 'default',
  asChild,
  needsNetwork,
  disabled,
  ...props
}: ButtonProps) {
  const Component = asChild ? Slot : 'button'
  const offline = useOffline()
  const offNow = offline && (needsNetwork ?? props.type === 'submit')
  return (
    <Component
      className={cn(
        'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-lg text-sm font-medium transition-colors',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
        'disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
        variants[variant],
        sizes[size],
        className,
      )}
      disabled={disabled || offNow}
      {...(offNow ? { 'aria-describedby': OFFLINE_NOTICE_ID } : {})}
      {...props}
    />
  )
}
