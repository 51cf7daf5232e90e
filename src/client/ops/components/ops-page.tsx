import { type ReactNode, useEffect } from 'react'
import { OPS_TEXT } from '../messages.ts'

/** A console page: its title in the tab and as the one heading, optional actions beside it. */
export function OpsPage({
  title,
  description,
  actions,
  children,
}: {
  title: string
  description?: string
  actions?: ReactNode
  children: ReactNode
}) {
  useEffect(() => {
    document.title = OPS_TEXT.pageTitle(title)
  }, [title])
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight wrap-break-word">{title}</h1>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </div>
  )
}
