import { cn } from '#client/lib/cn.ts'
import { useDataSaver } from '#client/lib/data-saver.ts'
import type { UserSearchResult } from '#shared/schemas/money-requests.ts'
import { recipientInitials } from './recipient-display.ts'

/**
 * The recipient's photo, else their initials; decorative, as their name is always beside it.
 * With data saver on, the initials show and the photo is never downloaded.
 */
export function RecipientAvatar({
  user,
  className,
}: {
  user: UserSearchResult
  className?: string
}) {
  const dataSaver = useDataSaver()
  const classes = cn(
    'inline-flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-secondary text-sm font-semibold text-secondary-foreground',
    className,
  )
  return (
    <span className={classes} aria-hidden="true">
      {user.profileImageUrl && !dataSaver ? (
        <img src={user.profileImageUrl} alt="" className="size-full object-cover" />
      ) : (
        recipientInitials(user)
      )}
    </span>
  )
}
