import { useQuery } from '@tanstack/react-query'
import { ChevronRight, Globe, Landmark, Search, Users } from 'lucide-react'
import { type ReactNode, useId, useState } from 'react'
import { Link } from 'wouter'
import { Flag } from '#client/components/flag.tsx'
import { PageHeader } from '#client/components/page-header.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx'
import { useBankRecipients } from '#client/entities/banks/use-bank-recipients.ts'
import { useBanks } from '#client/entities/banks/use-banks.ts'
import { RecipientAvatar } from '#client/entities/recipients/recipient-avatar.tsx'
import { recipientName } from '#client/entities/recipients/recipient-display.ts'
import { apiRequest } from '#client/lib/api.ts'
import { cn } from '#client/lib/cn.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts'
import { useRecentUsers } from '#client/lib/use-recent-users.ts'
import {
  USER_SEARCH_MAX_LENGTH,
  USER_SEARCH_MIN_LENGTH,
  userSearchResultSchema,
} from '#shared/schemas/money-requests.ts'
import { recipientSchema } from '#shared/schemas/recipients.ts'
import { useTransferOptionsMessages } from './messages.ts'

type Messages = ReturnType<typeof useTransferOptionsMessages>
type MessageKey = Parameters<Messages>[0]

const SEARCH_DEBOUNCE_MS = 250

/** The international cards and where each leads (docs/screens.md "Transfer options"). */
const DESTINATIONS: readonly {
  region: string
  /** The country of the flag drawn on the card (EU for Europe). */
  flag: string
  label: MessageKey
  text: MessageKey
}[] = [
  { region: 'europe', flag: 'EU', label: 'destinationEurope', text: 'destinationEuropeText' },
  { region: 'usa', flag: 'US', label: 'destinationUsa', text: 'destinationUsaText' },
  { region: 'canada', flag: 'CA', label: 'destinationCanada', text: 'destinationCanadaText' },
  {
    region: 'australia',
    flag: 'AU',
    label: 'destinationAustralia',
    text: 'destinationAustraliaText',
  },
]

const COUNTRY_LABELS: Readonly<Record<string, MessageKey>> = {
  NG: 'bankCountryNG',
  ZA: 'bankCountryZA',
  KE: 'bankCountryKE',
}

function matches(term: string, ...texts: (string | null | undefined)[]): boolean {
  const needle = term.trim().toLowerCase()
  if (!needle) return true
  return texts.some((text) => text?.toLowerCase().includes(needle))
}

async function getList<T>(path: string, parse: (value: unknown) => T): Promise<T> {
  return parse(await apiRequest('GET', path))
}

const rowClass =
  'group flex min-h-14 items-center gap-3 rounded-xl px-3 py-2.5 transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring'

function OptionRow({
  href,
  leading,
  title,
  subtitle,
  badge,
}: {
  href: string
  leading: ReactNode
  title: string
  subtitle?: string
  badge?: ReactNode
}) {
  return (
    <li>
      <Link href={href} className={rowClass}>
        {leading}
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 font-medium wrap-break-word">{title}</span>
            {badge}
          </span>
          {subtitle ? (
            <span className="block text-sm text-muted-foreground wrap-break-word">{subtitle}</span>
          ) : null}
        </span>
        <ChevronRight
          className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
          aria-hidden="true"
        />
      </Link>
    </li>
  )
}

function IconBubble({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground',
        className,
      )}
      aria-hidden="true"
    >
      {children}
    </span>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="grid grid-cols-1 gap-1">
      <h2 id={id} className="px-3 text-sm font-semibold text-muted-foreground">
        {title}
      </h2>
      {children}
    </section>
  )
}

function Note({ children }: { children: ReactNode }) {
  return <p className="px-3 py-2 text-sm text-muted-foreground">{children}</p>
}

function UsersTab({ term, enabled, t }: { term: string; enabled: boolean; t: Messages }) {
  const recent = useRecentUsers({ enabled })
  const searchTerm = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS)
  const searchable = searchTerm.length >= USER_SEARCH_MIN_LENGTH
  const found = useQuery({
    queryKey: ['/api/users/search', searchTerm],
    queryFn: () =>
      getList(`/api/users/search?q=${encodeURIComponent(searchTerm)}`, (v) =>
        userSearchResultSchema.array().parse(v),
      ),
    enabled: enabled && searchable,
  })
  const recentShown = (recent.data ?? []).filter((user) =>
    matches(term, recipientName(user), user.username),
  )
  const recentIds = new Set(recentShown.map((user) => user.id))
  const others = (found.data ?? []).filter((user) => !recentIds.has(user.id))

  return (
    <div className="grid grid-cols-1 gap-5">
      <Section title={t('recentRecipients')}>
        {recent.isError ? <Note>{t('loadFailed')}</Note> : null}
        {recent.data && recent.data.length === 0 ? <Note>{t('noRecentUsers')}</Note> : null}
        {recent.data && recent.data.length > 0 && recentShown.length === 0 ? (
          <Note>{t('noMatches', { term: term.trim() })}</Note>
        ) : null}
        <ul className="grid grid-cols-1" data-testid="recent-users">
          {recentShown.map((user) => (
            <OptionRow
              key={user.id}
              href={`/sabi-transfer?to=${user.id}`}
              leading={<RecipientAvatar user={user} />}
              title={recipientName(user)}
              subtitle={`@${user.username}`}
            />
          ))}
        </ul>
      </Section>
      {term.trim() ? (
        <Section title={t('searchResults')}>
          {!searchable ? <Note>{t('searchMore', { min: USER_SEARCH_MIN_LENGTH })}</Note> : null}
          {searchable && found.isFetching && !found.data ? <Note>{t('searching')}</Note> : null}
          {searchable && found.data && others.length === 0 && recentShown.length === 0 ? (
            <Note>{t('noMatches', { term: searchTerm })}</Note>
          ) : null}
          <ul className="grid grid-cols-1" data-testid="found-users">
            {others.map((user) => (
              <OptionRow
                key={user.id}
                href={`/sabi-transfer?to=${user.id}`}
                leading={<RecipientAvatar user={user} />}
                title={recipientName(user)}
                subtitle={`@${user.username}`}
              />
            ))}
          </ul>
        </Section>
      ) : null}
      <ul className="grid grid-cols-1">
        <OptionRow
          href="/sabi-transfer"
          leading={
            <IconBubble className="bg-emerald-100 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300">
              <Users className="size-5" />
            </IconBubble>
          }
          title={t('newSabiTransfer')}
        />
      </ul>
    </div>
  )
}

function BanksTab({ term, enabled, t }: { term: string; enabled: boolean; t: Messages }) {
  const banks = useBanks({ enabled })
  const saved = useBankRecipients({ enabled })
  const bankName = (code: string | null) =>
    banks.data?.find((bank) => bank.code === code)?.name ?? code ?? ''
  const savedShown = (saved.data ?? []).filter((recipient) =>
    matches(term, recipient.name, recipient.accountNumber, bankName(recipient.bankCode)),
  )
  const banksShown = (banks.data ?? []).filter((bank) =>
    matches(term, bank.name, bank.code, t(COUNTRY_LABELS[bank.country] ?? 'allBanks')),
  )
  const countries = [...new Set(banksShown.map((bank) => bank.country))]

  return (
    <div className="grid grid-cols-1 gap-5">
      <Section title={t('savedBankRecipients')}>
        {saved.isError ? <Note>{t('loadFailed')}</Note> : null}
        {saved.data && saved.data.length === 0 ? <Note>{t('noSavedBankRecipients')}</Note> : null}
        <ul className="grid grid-cols-1" data-testid="saved-bank-recipients">
          {savedShown.map((recipient) => (
            <OptionRow
              key={recipient.id}
              href={`/bank-transfer?recipient=${recipient.id}`}
              leading={
                <IconBubble>
                  <Landmark className="size-5" />
                </IconBubble>
              }
              title={recipient.name}
              subtitle={`${bankName(recipient.bankCode)} · ${recipient.accountNumber ?? ''}`}
              badge={recipient.isFrequent ? <Badge variant="success">{t('frequent')}</Badge> : null}
            />
          ))}
        </ul>
      </Section>
      {banks.isError ? <Note>{t('loadFailed')}</Note> : null}
      {banks.data && banksShown.length === 0 ? (
        <Note>{t('noMatches', { term: term.trim() })}</Note>
      ) : null}
      {countries.map((country) => (
        <Section key={country} title={t(COUNTRY_LABELS[country] ?? 'allBanks')}>
          <ul className="grid grid-cols-1" data-testid={`banks-${country}`}>
            {banksShown
              .filter((bank) => bank.country === country)
              .map((bank) => (
                <OptionRow
                  key={bank.code}
                  href={`/bank-transfer?bank=${encodeURIComponent(bank.code)}`}
                  leading={
                    <IconBubble className="bg-sky-100 text-sky-700 dark:bg-sky-900/40 dark:text-sky-300">
                      <Landmark className="size-5" />
                    </IconBubble>
                  }
                  title={bank.name}
                  subtitle={t('bankCurrency', { currency: bank.currency })}
                />
              ))}
          </ul>
        </Section>
      ))}
    </div>
  )
}

function InternationalTab({ term, enabled, t }: { term: string; enabled: boolean; t: Messages }) {
  const saved = useQuery({
    queryKey: ['/api/recipients', 'international'],
    queryFn: () =>
      getList('/api/recipients?kind=international', (v) => recipientSchema.array().parse(v)),
    enabled,
  })
  const savedShown = (saved.data ?? []).filter((recipient) =>
    matches(term, recipient.name, recipient.countryCode, recipient.details.countryName),
  )
  const destinations = DESTINATIONS.filter((destination) =>
    matches(term, t(destination.label), t(destination.text)),
  )
  return (
    <div className="grid grid-cols-1 gap-5">
      {savedShown.length > 0 ? (
        <Section title={t('savedInternationalRecipients')}>
          <ul className="grid grid-cols-1" data-testid="saved-international-recipients">
            {savedShown.map((recipient) => (
              <OptionRow
                key={recipient.id}
                href={`/international-transfer?${new URLSearchParams({
                  region: recipient.details.region ?? '',
                  country: recipient.countryCode ?? '',
                  recipient: recipient.id,
                })}`}
                leading={
                  <IconBubble>
                    <Globe className="size-5" />
                  </IconBubble>
                }
                title={recipient.name}
                subtitle={[
                  recipient.details.countryName ?? recipient.countryCode,
                  recipient.accountNumber ?? recipient.phoneNumber,
                ]
                  .filter(Boolean)
                  .join(' · ')}
                badge={
                  recipient.isFrequent ? <Badge variant="success">{t('frequent')}</Badge> : null
                }
              />
            ))}
          </ul>
        </Section>
      ) : null}
      <Section title={t('popularDestinations')}>
        {destinations.length === 0 ? <Note>{t('noMatches', { term: term.trim() })}</Note> : null}
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2" data-testid="destinations">
          {destinations.map((destination) => (
            <li key={destination.region}>
              <Link
                href={`/send-money/international?region=${destination.region}`}
                className="group flex h-full items-center gap-3 rounded-xl border bg-card p-4 transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <Flag country={destination.flag} className="text-3xl" />
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold">{t(destination.label)}</span>
                  <span className="block text-sm text-muted-foreground">{t(destination.text)}</span>
                </span>
                <ChevronRight
                  className="size-4 shrink-0 text-muted-foreground"
                  aria-hidden="true"
                />
              </Link>
            </li>
          ))}
        </ul>
      </Section>
      <Link
        href="/transfer-global"
        className="inline-flex items-center gap-1 justify-self-start px-3 text-sm font-semibold text-primary hover:underline"
      >
        {t('viewAllDestinations')}
        <ChevronRight className="size-4" aria-hidden="true" />
      </Link>
    </div>
  )
}

/**
 * /transfer-options (docs/screens.md "Transfer options"): three tabs sharing one search text. The
 * recipients are the user's own (people they have paid on Sabi, bank accounts and people abroad
 * they have sent to), never samples; banks lead to the bank transfer, destinations to the
 * international transfer.
 */
export function TransferOptions() {
  const t = useTransferOptionsMessages()
  const { isAuthenticated } = useAuth()
  const [term, setTerm] = useState('')
  const searchId = useId()
  return (
    <div className="mx-auto w-full max-w-2xl">
      <PageHeader
        title={t('title')}
        description={t('description')}
        backHref="/send-money"
        backLabel={t('back')}
      />
      <Card className="p-4 sm:p-6">
        <div className="grid grid-cols-1 gap-2">
          <Label htmlFor={searchId} className="sr-only">
            {t('searchLabel')}
          </Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id={searchId}
              type="search"
              value={term}
              onChange={(event) => setTerm(event.target.value)}
              placeholder={t('searchPlaceholder')}
              maxLength={USER_SEARCH_MAX_LENGTH}
              autoComplete="off"
              className="pl-9"
            />
          </div>
        </div>
        <Tabs defaultValue="users" className="mt-4">
          <TabsList>
            <TabsTrigger value="users">
              <Users className="size-4 hidden sm:block" aria-hidden="true" />
              {t('tabUsers')}
            </TabsTrigger>
            <TabsTrigger value="banks">
              <Landmark className="size-4 hidden sm:block" aria-hidden="true" />
              {t('tabBanks')}
            </TabsTrigger>
            <TabsTrigger value="international">
              <Globe className="size-4 hidden sm:block" aria-hidden="true" />
              {t('tabInternational')}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="users">
            <UsersTab term={term} enabled={isAuthenticated} t={t} />
          </TabsContent>
          <TabsContent value="banks">
            <BanksTab term={term} enabled={isAuthenticated} t={t} />
          </TabsContent>
          <TabsContent value="international">
            <InternationalTab term={term} enabled={isAuthenticated} t={t} />
          </TabsContent>
        </Tabs>
      </Card>
    </div>
  )
}
