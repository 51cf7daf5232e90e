import { cn } from '#client/lib/cn.ts'

/**
 * The landing page's calls to action are links (full-page navigations to the server, or
 * anchors), styled like buttons without the shared Button: its Radix Slot would put Radix in
 * the landing bundle.
 */
const variants = {
  primary: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90',
  outline: 'border border-input bg-card text-foreground hover:bg-muted',
  light: 'bg-white text-emerald-900 shadow-lg shadow-emerald-950/20 hover:bg-emerald-50',
  outlineLight: 'border border-white/40 bg-white/5 text-white hover:bg-white/15',
} as const

const sizes = {
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
} as const

export function linkButtonClass(
  variant: keyof typeof variants,
  size: keyof typeof sizes = 'md',
  className?: string,
): string {
  return cn(
    'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-lg font-semibold transition-colors',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
    '[&_svg]:size-4 [&_svg]:shrink-0',
    variants[variant],
    sizes[size],
    className,
  )
}

/** Where the account-creating calls to action go; the server redirects to the sign-up page. */
export const SIGN_UP_PATH = '/api/login?mode=signup'
