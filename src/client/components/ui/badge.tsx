import type { HTMLAttributes } from 'react'
import { cn } from '#client/lib/cn.ts'

const variants = {
  default: 'bg-primary text-primary-foreground',
  secondary: 'bg-secondary text-secondary-foreground',
  outline: 'border text-foreground',
  success: 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300',
  warning: 'bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-300',
  destructive: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300',
  /** Waiting on the user rather than on Sabi (money held over a limit). */
  caution: 'bg-orange-100 text-orange-800 dark:bg-orange-900/40 dark:text-orange-300',
  /** Over, with nothing gained or lost (money back after a reversal). */
  neutral: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
} as const

export type BadgeProps = HTMLAttributes<HTMLSpanElement> & { variant?: keyof typeof variants }

export function Badge({ className, variant = 'default', ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium',
        variants[variant],
        className,
      )}
      {...props}
    />
  )
}
