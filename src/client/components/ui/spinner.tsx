import { cn } from '#client/lib/cn.ts'

export function Spinner({ className, label }: { className?: string; label: string }) {
  return (
    <span role="status" aria-label={label} className={cn('inline-block', className)}>
      <span className="block size-8 animate-spin rounded-full border-4 border-primary/20 border-t-primary" />
    </span>
  )
}
