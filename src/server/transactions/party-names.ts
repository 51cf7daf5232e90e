import { inArray } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { stringFieldsOf } from '#server/db/json-fields.ts'
import { payouts, users } from '#server/db/schema.ts'

/** Who paid and who was paid in a journal, as names a person reads. */
export type PartyNames = { payer: string | null; payee: string | null }

type JournalParties = { fromUserId: string | null; toUserId: string | null }

/** The name people know a user by: their full name, else their username. */
export function displayNameOf(user: {
  firstName: string | null
  lastName: string | null
  username: string
}) {
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ').trim()
  return full || user.username
}

export async function loadUserNames(
  db: Queryable,
  ids: readonly (string | null)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))]
  if (wanted.length === 0) return new Map()
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(users)
    .where(inArray(users.id, wanted))
  return new Map(rows.map((row) => [row.id, displayNameOf(row)]))
}

/**
 * The payee of money that left through a provider, from the payout's details (written by
 * src/server/transfers/send-to-bank.ts, bills and international): the account holder the bank confirmed, the
 * biller, or the person abroad.
 */
function payoutPayee(kind: string, details: Record<string, string>): string | null {
  if (kind === 'bank') {
    const name = details.resolvedAccountName || details.accountName
    return name ? `${name}${details.bankName ? `, ${details.bankName}` : ''}` : null
  }
  if (kind === 'bill') return details.providerName ?? null
  if (kind === 'international') {
    const name = details.recipientName
    return name ? `${name}${details.countryName ? `, ${details.countryName}` : ''}` : null
  }
  return null
}

export function partyNamesOf(
  journal: JournalParties,
  names: ReadonlyMap<string, string>,
  payout: { kind: string; details: Record<string, string> } | null,
): PartyNames {
  const payer = journal.fromUserId ? (names.get(journal.fromUserId) ?? null) : null
  const payee = payout
    ? payoutPayee(payout.kind, payout.details)
    : journal.toUserId
      ? (names.get(journal.toUserId) ?? null)
      : null
  return { payer, payee }
}

/**
 * A name as a stranger holding a receipt may see it: each word keeps its first letter
 * ("Amaka Obi" → "A**** O**"), and a bank or country after a comma stays readable.
 */
export function maskName(name: string): string {
  const [person = '', ...place] = name.split(', ')
  const masked = person
    .split(/\s+/)
    .filter(Boolean)
    .map(
      (word) =>
        `${[...word][0] ?? ''}${'*'.repeat(Math.min(4, Math.max(2, [...word].length - 1)))}`,
    )
    .join(' ')
  return [masked, ...place].join(', ')
}

/** A payout as the transaction screens need it: its kind and where the money went. */
export type PayoutSummary = { kind: string; details: Record<string, string> }

/**
 * The other party of each journal as its viewer sees it (docs/data-model.md "Transaction"):
 * whom they paid, or who paid them; null for money between their own wallets or from a card.
 * With each, the journal's payout, if money left through a provider, read in the same query.
 */
export async function loadCounterparties(
  db: Queryable,
  viewerId: string,
  journals: readonly { id: string; fromUserId: string | null; toUserId: string | null }[],
): Promise<Map<string, { counterparty: string | null; payout: PayoutSummary | null }>> {
  if (journals.length === 0) return new Map()
  const [names, payoutRows] = await Promise.all([
    loadUserNames(
      db,
      journals.flatMap((journal) => [journal.fromUserId, journal.toUserId]),
    ),
    db
      .select({ journalId: payouts.journalId, kind: payouts.kind, details: payouts.details })
      .from(payouts)
      .where(
        inArray(
          payouts.journalId,
          journals.map((journal) => journal.id),
        ),
      ),
  ])
  const payoutOf = new Map(
    payoutRows.map((row) => [
      row.journalId,
      { kind: row.kind, details: stringFieldsOf(row.details) },
    ]),
  )
  return new Map(
    journals.map((journal) => {
      const payout = payoutOf.get(journal.id) ?? null
      return [
        journal.id,
        { counterparty: counterpartyOf(journal, viewerId, names, payout), payout },
      ]
    }),
  )
}

/** The other party of one journal as its viewer sees it, from names and payout already read. */
export function counterpartyOf(
  journal: JournalParties,
  viewerId: string,
  names: ReadonlyMap<string, string>,
  payout: { kind: string; details: Record<string, string> } | null,
): string | null {
  const parties = partyNamesOf(journal, names, payout)
  const viewerPaid = journal.fromUserId === viewerId
  const viewerGot = journal.toUserId === viewerId && payout === null
  if (viewerPaid && viewerGot) return null
  return viewerPaid ? parties.payee : parties.payer
}
