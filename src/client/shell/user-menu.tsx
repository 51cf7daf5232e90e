import { LogOut, Settings, UserRound } from 'lucide-react'
import { Link } from 'wouter'
import type { DeferredMenuProps } from '#client/components/deferred-menu.tsx'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx'
import { onSignOutClick, SIGN_OUT_PATH } from '#client/lib/sign-out.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import { UserAvatar } from '../entities/user/user-avatar.tsx'
import { userDisplayName, userFullName } from '../entities/user/user-display.ts'
import { useShellMessages } from './messages.ts'
import { UserMenuButton } from './user-menu-button.tsx'

/**
 * The header's account menu (docs/screens.md): avatar and name, then profile, settings and sign
 * out.
 */
export function UserMenu({ defaultOpen }: DeferredMenuProps) {
  const t = useShellMessages()
  const { user } = useAuth()
  const displayName = userDisplayName(user, t('defaultName'))
  const fullName = userFullName(user) || displayName
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <UserMenuButton />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel className="flex items-center gap-3 py-2">
          <UserAvatar user={user} className="size-10" />
          <span className="grid min-w-0">
            <span className="font-semibold break-words" data-testid="user-menu-full-name">
              {fullName}
            </span>
            {user ? (
              <span
                className="text-xs font-normal wrap-anywhere text-muted-foreground"
                data-testid="user-menu-email"
              >
                {/* An account made with a phone number has no e-mail: its username stands in. */}
                {user.email ?? `@${user.username}`}
              </span>
            ) : null}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/profile">
            <UserRound aria-hidden="true" />
            {t('profile')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/settings">
            <Settings aria-hidden="true" />
            {t('settings')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild className="text-destructive data-[highlighted]:text-destructive">
          {/* The stored answers are wiped, then a full page load ends the session (sign-out.ts). */}
          <a href={SIGN_OUT_PATH} onClick={onSignOutClick}>
            <LogOut aria-hidden="true" />
            {t('signOut')}
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
