import { cn } from '#client/lib/cn.ts'
import { useDataSaver } from '#client/lib/data-saver.ts'
import { type DisplayableUser, userInitials } from './user-display.ts'

/**
 * The profile image, else the user's initials, else "U" (docs/screens.md); decorative beside a
 * name. With data saver on, the initials show and the image is never downloaded.
 */
export function UserAvatar({
  user,
  className,
}: {
  user: DisplayableUser | null
  className?: string
}) {
  const dataSaver = useDataSaver()
  const classes = cn(
    'inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-secondary text-sm font-semibold text-secondary-foreground',
    className,
  )
  if (user?.profileImageUrl && !dataSaver) {
    return (
      <span className={classes} aria-hidden="true">
        <img src={user.profileImageUrl} alt="" className="size-full object-cover" />
      </span>
    )
  }
  return (
    <span className={classes} aria-hidden="true">
      {userInitials(user)}
    </span>
  )
}
