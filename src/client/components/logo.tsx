import { cn } from '#client/lib/cn.ts'

/** The active Sabi mark: a white S on a green rounded square (the green design of /logo-sample). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn('size-8', className)}>
      <rect width="64" height="64" rx="16" fill="#047857" />
      <path
        d="M42 20.5c-2.6-2.9-6.3-4.5-10.4-4.5-6.4 0-11.1 3.6-11.1 8.9 0 5.6 4.6 7.4 10.6 8.8 4.9 1.1 7.1 2.1 7.1 4.6 0 2.6-2.7 4.3-6.5 4.3-3.9 0-7.2-1.6-9.6-4.4l-3.6 4.2c3 3.4 7.8 5.6 13 5.6 7.2 0 12.3-3.8 12.3-9.9 0-5.7-4.5-7.6-10.5-9-4.8-1.1-7.1-2-7.1-4.4 0-2.2 2.2-3.8 5.6-3.8 3 0 5.6 1.1 7.6 3.2z"
        fill="#fff"
      />
    </svg>
  )
}

export function Logo({ className }: { className?: string }) {
  return (
    <span
      className={cn('inline-flex items-center gap-2 text-xl font-bold tracking-tight', className)}
    >
      <LogoMark />
      <span>Sabi</span>
    </span>
  )
}
