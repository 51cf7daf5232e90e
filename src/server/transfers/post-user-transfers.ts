import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { type Database, type Queryable, queryRows } from '#server/db/client.ts'
import { createStatementBatcher } from '#server/db/statement-batcher.ts'
import {
  type JournalEntry,
  ledgerLock,
  type OpenLedger,
  openLedger,
} from '#server/ledger/post-journal.ts'
import {
  claimedKeys,
  claimKeys,
  claimKeysCall,
  claimName,
  type IdempotencyClaim,
  type IdempotentResponse,
  readStoredAnswers,
  replay,
  type StoredAnswer,
  settleKeysCall,
} from '#server/ledger/run-idempotent.ts'
import { type OutboxEvent, recordEventsCall } from '#server/outbox/record-event.ts'
import { displayNameOf } from '#server/transactions/party-names.ts'
import { toTransactionResponse } from '#server/transactions/to-transaction-response.ts'
import { AppError } from '#shared/errors.ts'
import { type AssetCode, exponentOf, formatMinor } from '#shared/money.ts'
import type { Transaction as TransactionResponse } from '#shared/schemas/transactions.ts'

/**
 * Whose transfer it is and, for a money POST, its Idempotency-Key and fingerprint; without a
 * key the transfer belongs to the caller's own transaction and is not remembered.
 */
type Submission = { userId: string; key: string | null; requestHash: string | null }

/** How the payee hears of a transfer: a plain one, or the request or POS sale it paid. */
export type TransferAnnouncement = 'money_received' | 'payment_request_paid' | 'pos_sale_paid'

/** One transfer to post, or a request refused before it could be one. */
export type UserTransferItem = TransferItem | (Submission & { refusedEarlier: true })

/** One transfer to post. */
export type TransferItem = Submission & {
  refusedEarlier?: never
  fromWalletId: string
  recipientUserId: string
  asset: AssetCode
  amountMinor: bigint
  symbol: string
  description: string | null
  reference: string
  /** What the journal names as its outside reference (a paid request: `request:<id>`). */
  externalReference?: string | null
  /** The event the payee is told by; money_received unless the transfer paid a request. */
  announce?: TransferAnnouncement
  /** The parties when found before the batch (findTransferParties); else found in it. */
  parties?: TransferParties
}

/** Why a transfer was refused, in the terms send-to-user.ts words for the user. */
export type TransferRefusal =
  | { kind: 'earlier' }
  | { kind: 'wallet_not_found' }
  | { kind: 'recipient_not_found' }
  | { kind: 'currency_not_found' }
  | { kind: 'ledger'; error: AppError }

export type TransferOutcome =
  | { outcome: 'completed'; response: TransactionResponse }
  | { outcome: 'replayed'; statusCode: number; response: unknown }
  | { outcome: 'mismatch' }
  | { outcome: 'refused'; refusal: TransferRefusal }

type PostedOutcome = TransferOutcome | { outcome: 'failed'; sqlstate: string; message: string }

/** What db/functions/320_sabi_transfer_parties.sql answers for each transfer. */
const foundSchema = z.array(
  z.object({
    ord: z.number().int(),
    held: z.boolean(),
    fromAccount: z.number().int().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    username: z.string().nullable(),
    toUser: z.string().nullable(),
    toWallet: z.string().nullable(),
    toAccount: z.number().int().nullable(),
    currencyId: z.number().int().nullable(),
    currencyActive: z.boolean().nullable(),
  }),
)
/**
 * A transfer's parties: the sender's wallet account (null when the wallet is not theirs) and
 * name, the recipient (null when there is no such active user) with their wallet in the currency
 * (null when they have none yet), the currency, and whether the sender's money is held (frozen
 * or cooling off, docs/security.md).
 */
type Found = z.infer<typeof foundSchema>[number]
type Parties = Omit<Found, 'firstName' | 'lastName' | 'username'> & { fromName: string | null }
export type TransferParties = Omit<Parties, 'ord'>

/**
 * Each transfer's parties in one statement: the sender's wallet (theirs, or not found), their
 * name as messages show it, and the recipient (a deactivated account receives nothing: it could
 * never spend it) with their wallet in the currency, if they have one.
 */
export async function findParties(
  tx: Queryable,
  items: readonly { ord: number; userId: string; fromWalletId: string; recipientUserId: string }[],
): Promise<Map<number, Parties>> {
  const [row] = await queryRows(
    tx,
    sql`select sabi_transfer_parties(${JSON.stringify(items)}::jsonb) as parties`,
  )
  const parties = new Map<number, Parties>()
  for (const { firstName, lastName, username, ...party } of foundSchema.parse(row?.parties)) {
    const fromName = username === null ? null : displayNameOf({ firstName, lastName, username })
    parties.set(party.ord, { ...party, fromName })
  }
  return parties
}

/**
 * Opens the wallets the transfers that went through need (a recipient paid in a currency they
 * had no wallet in), each with its ledger account. Another transfer that opened one first makes
 * the whole batch go again (SQLSTATE 40001, a lost race): its account was not locked with the
 * others.
 */
async function openWallets(
  tx: Queryable,
  wanted: readonly { userId: string; currencyId: number }[],
): Promise<Map<string, { walletId: string; accountId: number }>> {
  const opened = new Map<string, { walletId: string; accountId: number }>()
  if (wanted.length === 0) return opened
  const rows = await queryRows(
    tx,
    sql`with wanted as (
          select w."userId", w."currencyId", c.code
          from jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) as w("userId" uuid, "currencyId" integer)
          join currencies c on c.id = w."currencyId"
        ), accounts as (
          insert into ledger_accounts (user_id, asset, kind)
          select "userId", code, 'wallet' from wanted
          returning id, user_id, asset
        )
        insert into wallets (user_id, currency_id, account_id, is_primary)
        select a.user_id, w."currencyId", a.id, false
        from accounts a join wanted w on w."userId" = a.user_id and w.code = a.asset
        on conflict (user_id, currency_id) do nothing
        returning id::text as wallet_id, account_id, user_id::text || ' ' || currency_id as opened`,
  )
  if (rows.length !== wanted.length) {
    throw Object.assign(new Error('a wallet was opened by another transfer meanwhile'), {
      code: '40001',
    })
  }
  for (const row of rows)
    opened.set(String(row.opened), {
      walletId: String(row.wallet_id),
      accountId: Number(row.account_id),
    })
  return opened
}

/**
 * Posts user-to-user transfers in order, in one transaction (a savepoint inside a caller's):
 * the transfers of a batch (docs/transfers.md "Sabi transfers", ADR 013), each with its own
 * outcome, answered as if each had been posted alone one after another. Each Idempotency-Key is
 * claimed first (a key seen before answers as its first submission did), then the parties are
 * found, then the ledger (ledger/post-journal.ts), with the senders' frozen and cooling-off
 * holds unless the caller checked them (the batch poster), decides and writes every journal, and last
 * the answers are kept with their keys and the payees are told, in the same transaction.
 */
export async function postUserTransfers(
  db: Queryable,
  items: readonly UserTransferItem[],
  options: { checkHolds?: boolean } = {},
): Promise<TransferOutcome[]> {
  return db.transaction(async (tx) => {
    const outcomes: (TransferOutcome | undefined)[] = items.map(() => undefined)
    // A key's first submission in the batch claims it; a later one waits for what it became.
    const firstOfKey = new Map<string, number>()
    items.forEach((item, ord) => {
      if (item.key && !firstOfKey.has(claimName({ userId: item.userId, key: item.key })))
        firstOfKey.set(claimName({ userId: item.userId, key: item.key }), ord)
    })
    const claims = [...firstOfKey.values()].map((ord) => claimOf(items[ord]))

    const transfers = items.flatMap((item, ord) =>
      item.refusedEarlier ? [] : [{ ...item, ord, amountMinor: item.amountMinor }],
    )
    // Parties found before the batch stand (a wallet never changes owner, and a recipient
    // closed since is refused by the ledger), except a recipient with no wallet yet: another
    // transfer may have opened it meanwhile, so that is looked at again here.
    const parties = new Map<number, Parties>()
    for (const { ord, parties: found } of transfers)
      if (found && (found.toWallet || !found.toUser)) parties.set(ord, { ...found, ord })
    const unknown = transfers.filter(({ ord }) => !parties.has(ord))
    const checkHolds = options.checkHolds ?? true
    // Every party known and the holds checked before: the keys are claimed and the ledger
    // locked in one statement (the claim first: a key another batch holds is waited for
    // before any lock is taken). Otherwise one step at a time.
    let ledger: OpenLedger | undefined
    let claimed: Set<string>
    if (unknown.length === 0 && !checkHolds) {
      const lock = ledgerLock([...entriesWith(new Map()).values()], new Date())
      const [row] = await queryRows(
        tx,
        sql`select ${claimKeysCall(claims)} as claimed, ${lock.call} as locked`,
      )
      claimed = claimedKeys(row?.claimed)
      ledger = lock.open(tx, row?.locked)
    } else {
      claimed = await claimKeys(tx, claims)
    }
    if (unknown.length > 0) {
      const found = await findParties(
        tx,
        unknown.map(({ ord, userId, fromWalletId, recipientUserId }) => ({
          ord,
          userId,
          fromWalletId,
          recipientUserId,
        })),
      )
      for (const [ord, party] of found) parties.set(ord, party)
    }
    // Wallets the recipients lack are opened before the ledger is, for the transfers that
    // could need them; any that no transfer used go again with the transaction if refused.
    const missing = new Map<string, { userId: string; currencyId: number }>()
    for (const { ord } of transfers) {
      const party = parties.get(ord)
      if (party?.fromAccount != null && party.toUser && !party.toWallet && party.currencyActive)
        missing.set(`${party.toUser} ${party.currencyId}`, {
          userId: party.toUser,
          currencyId: party.currencyId ?? 0,
        })
    }
    const entries = entriesWith(await openWallets(tx, [...missing.values()]))
    const openedLedger = ledger ?? (await openLedger(tx, [...entries.values()], { checkHolds }))
    const earlier = await readStoredAnswers(
      tx,
      claims.filter((claim) => !claimed.has(claimName(claim))),
    )

    function entriesWith(
      opened: ReadonlyMap<string, { walletId: string; accountId: number }>,
    ): Map<number, JournalEntry> {
      return new Map(
        transfers.flatMap((transfer) => {
          const entry = entryOf(transfer, opened)
          return entry ? [[transfer.ord, entry] as const] : []
        }),
      )
    }
    function entryOf(
      transfer: (typeof transfers)[number],
      opened: ReadonlyMap<string, { walletId: string; accountId: number }>,
    ): JournalEntry | undefined {
      const party = parties.get(transfer.ord)
      if (!party?.fromAccount || !party.toUser) return undefined
      const wallet = party.toWallet
        ? { walletId: party.toWallet, accountId: party.toAccount ?? 0 }
        : opened.get(`${party.toUser} ${party.currencyId}`)
      if (!wallet) return undefined
      return {
        header: {
          type: 'send',
          status: 'completed',
          asset: transfer.asset,
          amountMinor: transfer.amountMinor,
          fromUserId: transfer.userId,
          toUserId: party.toUser,
          fromWalletId: transfer.fromWalletId,
          toWalletId: wallet.walletId,
          description: transfer.description,
          externalReference: transfer.externalReference ?? null,
          reference: transfer.reference,
        },
        lines: [
          {
            accountId: party.fromAccount,
            asset: transfer.asset,
            amountMinor: -transfer.amountMinor,
          },
          { accountId: wallet.accountId, asset: transfer.asset, amountMinor: transfer.amountMinor },
        ],
      }
    }

    // In order, as if one after another: a key's later submission answers as its first did
    // (or runs afresh if that one was refused).
    const answered: (IdempotencyClaim & IdempotentResponse)[] = []
    const released: IdempotencyClaim[] = []
    // What each key last became in this batch, with the request that made it so.
    const fate = new Map<string, { outcome: TransferOutcome; requestHash: string | null }>()
    const events: OutboxEvent[] = []
    items.forEach((item, ord) => {
      const name = item.key ? claimName({ userId: item.userId, key: item.key }) : undefined
      const again = name && answerAgain(earlier.get(name) ?? fate.get(name), item)
      if (again) {
        outcomes[ord] = again
        return
      }
      const outcome = decide(item, ord)
      outcomes[ord] = outcome
      if (name) fate.set(name, { outcome, requestHash: item.requestHash })
    })

    function decide(item: UserTransferItem, ord: number): TransferOutcome {
      if (item.refusedEarlier) return { outcome: 'refused', refusal: { kind: 'earlier' } }
      const party = parties.get(ord)
      if (!party?.fromAccount) return refused({ kind: 'wallet_not_found' })
      if (!party.toUser) return refused({ kind: 'recipient_not_found' })
      if (!party.toWallet && !party.currencyActive) return refused({ kind: 'currency_not_found' })
      const entry = entries.get(ord)
      if (!entry) throw new Error('a transfer without its journal')
      const posted = openedLedger.post(entry)
      if (!posted.posted) return refused({ kind: 'ledger', error: posted.error })
      const response = toTransactionResponse(posted.journal, item.userId, () => item.symbol)
      events.push({
        userId: party.toUser,
        data: {
          kind: item.announce ?? 'money_received',
          amount: formatMinor(item.amountMinor, exponentOf(item.asset)),
          currency: item.asset,
          symbol: item.symbol,
          fromName: party.fromName ?? 'Someone',
          transactionId: posted.journal.id,
        },
      })
      return { outcome: 'completed', response }
    }

    // Each key's one completed submission keeps its answer; a key claimed here whose last
    // submission in the batch was refused is let go.
    items.forEach((item, ord) => {
      const outcome = outcomes[ord]
      if (item.key && outcome?.outcome === 'completed')
        answered.push({ ...claimOf(item), statusCode: 201, body: outcome.response })
    })
    for (const [name, ord] of firstOfKey) {
      if (claimed.has(name) && fate.get(name)?.outcome.outcome === 'refused')
        released.push(claimOf(items[ord]))
    }
    // The journals, the keys and the events in one statement and one round trip.
    await tx.execute(
      sql`select ${openedLedger.writeCall()}, ${settleKeysCall(answered, released)}, ${recordEventsCall(events)}`,
    )
    return outcomes.map((outcome) => {
      if (!outcome) throw new Error('a transfer was left unanswered')
      return outcome
    })
  })
}

function claimOf(item: UserTransferItem | undefined): IdempotencyClaim {
  if (!item?.key || !item.requestHash) throw new Error('a claim without its key')
  return { userId: item.userId, key: item.key, requestHash: item.requestHash }
}

function refused(refusal: TransferRefusal): TransferOutcome {
  return { outcome: 'refused', refusal }
}

/**
 * A submission of a key answered before, in an earlier request or earlier in this batch: the
 * first answer again, or the mismatch of another request; none when there was no answer or
 * the earlier one was refused, so that this one runs afresh.
 */
function answerAgain(
  before: StoredAnswer | { outcome: TransferOutcome; requestHash: string | null } | undefined,
  item: UserTransferItem,
): TransferOutcome | undefined {
  if (!before) return undefined
  if ('response' in before) {
    try {
      const again = replay(before, item.requestHash ?? '')
      return { outcome: 'replayed', statusCode: again.statusCode, response: again.body }
    } catch (error) {
      if (error instanceof AppError) return { outcome: 'mismatch' }
      throw error
    }
  }
  const { outcome } = before
  if (outcome.outcome === 'refused') return undefined
  if (before.requestHash !== item.requestHash) return { outcome: 'mismatch' }
  if (outcome.outcome === 'completed')
    return { outcome: 'replayed', statusCode: 201, response: outcome.response }
  return outcome
}

/**
 * At most this many transfers share one transaction and one commit (ADR 008): a batch locks
 * every account it moves before its first transfer, and a larger one holds a hot account longer
 * for the transfers queued behind it.
 */
export const TRANSFER_BATCH_MAX = 32
/**
 * A batch that is not full waits this long, from its first transfer or the end of the batch
 * before, for others to join it (ADR 008 "One statement per batch"; measured in
 * docs/performance.md): with the database busy posting, transfers arrive in a trickle behind
 * their rate-limit and PIN checks, and a batch twice the size costs far less per transfer.
 */
export const TRANSFER_GATHER_MS = 2
/** Batches posted at once per process (measured in docs/performance.md "One engine"). */
export const TRANSFER_BATCHES_IN_FLIGHT = 2
/** A batch that lost a deadlock or a serialization race is tried again this many times. */
const RETRIES_MAX = 3
// Lost a race, not wrong: deadlock detected, serialization failure.
const RETRYABLE_STATES = new Set(['40P01', '40001'])

export type TransferPoster = {
  /** Posts one transfer in the next batch; resolves once the batch has committed. */
  post(item: UserTransferItem): Promise<TransferOutcome>
}

function sqlstateOf(error: unknown): string | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code: unknown = Reflect.get(cause, 'code')
    if (typeof code === 'string' && RETRYABLE_STATES.has(code)) return code
  }
  return undefined
}

/**
 * Group commit for user-to-user transfers (ADR 008): transfers that arrive while batches are
 * being posted wait for the next one (src/server/db/statement-batcher.ts), and each batch is one
 * call of `postUserTransfers`, one transaction and one commit for all of them, each transfer with
 * its own outcome. No answer leaves before its batch has committed. Two batches at a time per
 * process (ADR 013): a batch is four round trips, and while one waits for PostgreSQL the other
 * runs; a second batch touching the first's accounts or senders waits for their locks, taken in
 * the same order by both. A batch that lost a deadlock or a serialization race to another was
 * rolled back whole, so nothing of it stands: its transfers go into a later batch, a few times
 * at most.
 */
export function createTransferPoster(db: Database): TransferPoster {
  const batcher = createStatementBatcher(
    async (items: UserTransferItem[]): Promise<PostedOutcome[]> => {
      try {
        return await postUserTransfers(db, items, { checkHolds: false })
      } catch (error) {
        const sqlstate = sqlstateOf(error)
        if (!sqlstate) throw error
        return items.map(() => ({ outcome: 'failed', sqlstate, message: String(error) }))
      }
    },
    TRANSFER_BATCH_MAX,
    { name: 'user_transfers', gatherMs: TRANSFER_GATHER_MS, inFlight: TRANSFER_BATCHES_IN_FLIGHT },
  )
  return {
    async post(item) {
      for (let attempt = 1; ; attempt++) {
        const outcome = await batcher.submit(item)
        if (outcome.outcome !== 'failed') return outcome
        if (attempt > RETRIES_MAX) {
          throw new Error(
            `posting a transfer failed (SQLSTATE ${outcome.sqlstate}): ${outcome.message}`,
          )
        }
      }
    },
  }
}
