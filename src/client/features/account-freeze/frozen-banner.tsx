import { Snowflake } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { useAuth } from '#client/lib/use-auth.ts'
import { useAccountFreezeMessages } from './messages.ts'
import { UnfreezeDialog } from './unfreeze-dialog.tsx'

/**
 * Said at the top of the dashboard and of Settings while the account is frozen
 * (docs/security.md "Freezing"), with the way to unfreeze it. Nothing for an account that is not.
 */
export function FrozenBanner() {
  const t = useAccountFreezeMessages()
  const { user } = useAuth()
  const [open, setOpen] = useState(false)
  if (!user?.frozenAt) return null
  return (
    <div
      role="status"
      data-testid="frozen-banner"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-sky-300 bg-sky-50 p-4 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-100"
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-sky-100 text-sky-700 dark:bg-sky-900 dark:text-sky-200">
        <Snowflake className="size-5" aria-hidden="true" />
      </span>
      <p className="min-w-0 flex-1 basis-52 font-medium">{t('bannerText')}</p>
      <Button size="sm" className="w-full sm:w-auto" onClick={() => setOpen(true)}>
        {t('unfreeze')}
      </Button>
      <UnfreezeDialog open={open} onOpenChange={setOpen} />
    </div>
  )
}
