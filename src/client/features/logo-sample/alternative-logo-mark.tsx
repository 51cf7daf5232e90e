import { cn } from '#client/lib/cn.ts'

/** The alternative mark shown on /logo-sample: two arrows chasing each other, send and receive. */
export function AlternativeLogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn('size-8', className)}>
      <circle cx="32" cy="32" r="32" fill="#0f172a" />
      <g fill="none" strokeLinecap="round" strokeLinejoin="round" strokeWidth="5">
        <path d="M17 31a15 15 0 0 1 26.5-9.5" stroke="#fbbf24" />
        <path d="M45 12.5v9.5h-9.5" stroke="#fbbf24" />
        <path d="M47 33a15 15 0 0 1-26.5 9.5" stroke="#34d399" />
        <path d="M19 51.5V42h9.5" stroke="#34d399" />
      </g>
    </svg>
  )
}
