import { ChevronDown } from 'lucide-react'
import type { ComponentProps } from 'react'
import { useAuth } from '#client/lib/use-auth.ts'
import { UserAvatar } from '../entities/user/user-avatar.tsx'
import { userDisplayName } from '../entities/user/user-display.ts'
import { useShellMessages } from './messages.ts'

/**
 * The header's account button: avatar and, on wider screens, the name (docs/screens.md). It is
 * the menu's trigger, and stands in for the menu until its code has loaded (deferred-menu.tsx).
 */
export function UserMenuButton(props: ComponentProps<'button'>) {
  const t = useShellMessages()
  const { user } = useAuth()
  const displayName = userDisplayName(user, t('defaultName'))
  return (
    <button
      type="button"
      aria-label={t('userMenu', { name: displayName })}
      className="inline-flex h-10 items-center gap-2 rounded-full py-0.5 pl-0.5 pr-1 transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:pr-2"
      {...props}
    >
      <UserAvatar user={user} />
      <span className="hidden max-w-[10rem] truncate text-sm font-medium sm:inline">
        {displayName}
      </span>
      <ChevronDown className="hidden size-4 text-muted-foreground sm:block" aria-hidden="true" />
    </button>
  )
}
