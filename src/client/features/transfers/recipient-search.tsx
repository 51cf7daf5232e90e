import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { ChevronRight, Search, SearchX } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { apiRequest } from '#client/lib/api.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts'
import { useRecentUsers } from '#client/lib/use-recent-users.ts'
import {
  USER_SEARCH_MAX_LENGTH,
  USER_SEARCH_MIN_LENGTH,
  type UserSearchResult,
  userSearchResultSchema,
} from '#shared/schemas/money-requests.ts'
import { RecipientAvatar } from '../../entities/recipients/recipient-avatar.tsx'
import { recipientName } from '../../entities/recipients/recipient-display.ts'
import { useTransferMessages } from './messages.ts'

/** Typing pauses this long before a search goes out, so a name is one request, not one per key. */
export const SEARCH_DEBOUNCE_MS = 250

const searchResultsSchema = userSearchResultSchema.array()

async function searchUsers(term: string) {
  const path = `/api/users/search?q=${encodeURIComponent(term)}`
  return searchResultsSchema.parse(await apiRequest('GET', path))
}

/** One user to choose: a single tap chooses them. */
function UserRow({
  user,
  onSelect,
}: {
  user: UserSearchResult
  onSelect: (user: UserSearchResult) => void
}) {
  return (
    <li>
      <button
        type="button"
        onClick={() => onSelect(user)}
        className="flex w-full items-center gap-3 rounded-xl border border-transparent p-2.5 text-left transition-colors hover:border-border hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <RecipientAvatar user={user} />
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-semibold wrap-break-word">{recipientName(user)}</span>
          <span className="block text-xs text-muted-foreground wrap-anywhere">
            @{user.username}
          </span>
        </span>
        <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      </button>
    </li>
  )
}

/** The typed text, if any, narrows the recent recipients by name or username. */
function matchesText(user: UserSearchResult, text: string): boolean {
  const needle = text.trim().toLowerCase()
  if (!needle) return true
  return [recipientName(user), user.username].some((value) => value.toLowerCase().includes(needle))
}

/**
 * Finds another Sabi user by name or username (docs/transfers.md "Finding a recipient"): nothing is
 * asked of the server below three characters, and results list first name, last name and @username.
 * Until a search goes out, the people the user has paid before (the same recent recipients as the
 * transfer options screen) are offered, narrowed by what is typed, one tap each.
 */
export function RecipientSearch({ onSelect }: { onSelect: (user: UserSearchResult) => void }) {
  const t = useTransferMessages()
  const { isAuthenticated } = useAuth()
  const inputId = useId()
  const hintId = useId()
  const recentId = useId()
  const [text, setText] = useState('')
  const term = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS)
  const searchable = term.length >= USER_SEARCH_MIN_LENGTH
  const results = useQuery({
    queryKey: ['/api/users/search', term],
    queryFn: () => searchUsers(term),
    enabled: isAuthenticated && searchable,
    // The previous list stays while the next term loads, so the list does not flash empty.
    placeholderData: keepPreviousData,
  })
  const typedEnough = text.trim().length >= USER_SEARCH_MIN_LENGTH
  const recent = useRecentUsers({ enabled: isAuthenticated })
  const recentShown = typedEnough
    ? []
    : (recent.data ?? []).filter((user) => matchesText(user, text))

  return (
    <div className="grid grid-cols-1 gap-3">
      <div className="grid grid-cols-1 gap-2">
        <Label htmlFor={inputId}>{t('searchLabel')}</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={inputId}
            type="search"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={USER_SEARCH_MAX_LENGTH}
            placeholder={t('searchPlaceholder')}
            aria-describedby={hintId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="pl-9"
          />
        </div>
        <p id={hintId} className="text-xs text-muted-foreground">
          {typedEnough ? null : t('searchHint', { min: USER_SEARCH_MIN_LENGTH })}
        </p>
      </div>

      {recentShown.length > 0 ? (
        <section aria-labelledby={recentId} className="grid grid-cols-1 gap-1">
          <h3 id={recentId} className="px-1 text-sm font-semibold text-muted-foreground">
            {t('recentRecipients')}
          </h3>
          <ul
            aria-labelledby={recentId}
            className="grid grid-cols-1 gap-1"
            data-testid="recent-recipients"
          >
            {recentShown.map((user) => (
              <UserRow key={user.id} user={user} onSelect={onSelect} />
            ))}
          </ul>
        </section>
      ) : null}

      {typedEnough && searchable ? (
        <div aria-live="polite">
          {results.isPending ? (
            <p role="status" className="px-1 py-3 text-sm text-muted-foreground">
              {t('searching')}
            </p>
          ) : results.isError ? (
            <div className="flex items-center justify-between gap-3 rounded-lg bg-muted px-4 py-3">
              <p className="text-sm text-muted-foreground">{t('searchFailed')}</p>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => {
                  void results.refetch()
                }}
              >
                {t('retry')}
              </Button>
            </div>
          ) : results.data.length === 0 ? (
            <p className="flex items-center gap-2 rounded-lg bg-muted px-4 py-3 text-sm text-muted-foreground">
              <SearchX className="size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0 break-words">{t('noMatches', { term })}</span>
            </p>
          ) : (
            <ul aria-label={t('resultsLabel')} className="grid grid-cols-1 gap-1">
              {results.data.map((user) => (
                <UserRow key={user.id} user={user} onSelect={onSelect} />
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  )
}
