import { randomUUID } from 'node:crypto'
import { inArray, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outboxEvents, pushSubscriptions } from '#server/db/schema.ts'
import {
  type Delivery,
  type DeliveryChannel,
  type DeliveryChannels,
  dispatchOutbox,
} from '#server/outbox/dispatch-outbox.ts'
import { DELIVERY_CHANNELS, type DeliveryChannelName } from '#server/outbox/record-event.ts'
import { createSandboxFundingProvider } from '#server/providers/sandbox-funding.ts'
import { updateSettings } from '#server/settings/user-settings.ts'
import { sendToUser } from '#server/transfers/send-to-user.ts'
import { addFunds } from '#server/wallets/add-funds.ts'
import { listWallets } from '#server/wallets/list-wallets.ts'
import { formatMinor } from '#shared/money.ts'
import { givePhoneNumber, signUpAtTier } from '../factories/users.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../setup/test-database.ts'

// The outbox's promise (docs/notifications.md, ADR 009): for any sequence of money actions,
// each committed event reaches each channel the user wants at least once, which the channel
// turns into exactly once by dropping duplicates by event id, and no rolled-back event ever
// reaches any channel. Channels fail, and dispatchers run in pairs with short leases, so
// deliveries are retried and duplicated on purpose.

type Command =
  | { kind: 'topUp'; user: number; amountMinor: bigint }
  | { kind: 'send'; from: number; to: number; amountMinor: bigint; rollBack: boolean }
  | { kind: 'dispatch'; failing: DeliveryChannelName | null; shortLease: boolean }

const USERS = 3
const userIndex = fc.integer({ min: 0, max: USERS - 1 })
const amountMinor = fc.bigInt({ min: 1n, max: 40_000n })
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('topUp' as const), user: userIndex, amountMinor }),
  fc.record({
    kind: fc.constant('send' as const),
    from: userIndex,
    to: userIndex,
    amountMinor,
    rollBack: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('dispatch' as const),
    failing: fc.constantFrom(null, ...DELIVERY_CHANNELS),
    shortLease: fc.boolean(),
  }),
)

/** A channel that keeps what it was handed, and keeps each event once, as a real one must. */
function recordingChannel() {
  const raw: string[] = []
  let failNext = false
  const channel: DeliveryChannel = {
    async deliver(delivery: Delivery) {
      raw.push(delivery.eventId)
      if (failNext) {
        failNext = false
        // Sent, but the answer is lost: the dispatcher must try again, and the channel sees a
        // duplicate.
        throw new Error('provider timed out')
      }
      return 'sent'
    },
  }
  return {
    channel,
    raw,
    delivered: () => new Set(raw),
    failOnce: () => {
      failNext = true
    },
  }
}

class RolledBack extends Error {}

for (const { kind, skip } of testDatabaseKinds()) {
  describe.skipIf(skip !== undefined)(
    `outbox properties on ${kind}${skip ? ` (skipped: ${skip})` : ''}`,
    () => {
      let database: TestDatabase
      beforeAll(async () => {
        database = await createTestDatabase(kind)
      })
      afterAll(async () => {
        await database?.destroy()
      })

      it('any sequence of transfers, rollbacks, failures and parallel dispatchers delivers each committed event once per wanted channel and never a rolled-back one', async () => {
        await fc.assert(
          fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 14 }), async (commands) => {
            const { db } = database
            const users = await Promise.all(Array.from({ length: USERS }, () => signUpAtTier(db)))
            // Every user has a browser subscribed to push, and one wants SMS too, to a number
            // they verified; the others keep the defaults (push and e-mail).
            await db.insert(pushSubscriptions).values(
              users.map((user) => ({
                userId: user.id,
                endpoint: `https://push.example.com/${randomUUID()}`,
                p256dh: 'key',
                auth: 'auth',
              })),
            )
            const smsUser = users[0]
            if (!smsUser) throw new Error('no user')
            await updateSettings(db, smsUser.id, { smsNotifications: true })
            await givePhoneNumber(db, smsUser.id, { verified: true })
            const wallets = await Promise.all(
              users.map(async (user) => {
                const usd = (await listWallets(db, user.id)).find((w) => w.currency.code === 'USD')
                if (!usd) throw new Error('no USD wallet')
                return usd
              }),
            )
            const channels = {
              push: recordingChannel(),
              email: recordingChannel(),
              sms: recordingChannel(),
            }
            const handed: DeliveryChannels = {
              push: channels.push.channel,
              email: channels.email.channel,
              sms: channels.sms.channel,
            }
            const committed = new Map<string, string>()
            const rolledBack = new Set<string>()

            for (const step of commands) {
              if (step.kind === 'topUp') {
                const wallet = wallets[step.user]
                const user = users[step.user]
                if (!wallet || !user) throw new Error('bad index')
                await db.transaction((tx) =>
                  addFunds(
                    tx,
                    user.id,
                    {
                      walletId: wallet.id,
                      amount: formatMinor(step.amountMinor, 2),
                      method: 'card',
                    },
                    createSandboxFundingProvider(),
                  ),
                )
                continue
              }
              if (step.kind === 'dispatch') {
                if (step.failing) channels[step.failing].failOnce()
                const options = { leaseMs: step.shortLease ? 0 : 60_000, retryDelayMs: () => 0 }
                // Two instances at once: SKIP LOCKED shares the work; a zero lease lets them
                // take the same delivery, which the channels must absorb.
                await Promise.all([
                  dispatchOutbox(db, handed, options),
                  dispatchOutbox(db, handed, options),
                ])
                continue
              }
              const sender = users[step.from]
              const recipient = users[step.to]
              const wallet = wallets[step.from]
              if (!sender || !recipient || !wallet) throw new Error('bad index')
              let eventId: string | undefined
              try {
                await db.transaction(async (tx) => {
                  const transaction = await sendToUser(tx, sender.id, {
                    fromWalletId: wallet.id,
                    recipientUserId: recipient.id,
                    amount: formatMinor(step.amountMinor, 2),
                    description: null,
                  })
                  // The transfer wrote its event in its own transaction (transfers/post-user-transfers.ts).
                  const [event] = await tx
                    .select({ id: outboxEvents.id })
                    .from(outboxEvents)
                    .where(sql`${outboxEvents.data}->>'transactionId' = ${transaction.id}`)
                  eventId = event?.id
                  expect(eventId).toBeDefined()
                  if (step.rollBack) throw new RolledBack()
                })
                if (eventId) committed.set(eventId, recipient.id)
              } catch {
                // Refused (insufficient funds, to oneself) or rolled back on purpose.
                if (eventId) rolledBack.add(eventId)
              }
            }

            // Drain: every instance finishes, leases lapse, retries run.
            for (let pass = 0; pass < 50; pass += 1) {
              const claimed = await dispatchOutbox(db, handed, {
                leaseMs: 0,
                retryDelayMs: () => 0,
              })
              if (claimed === 0) break
            }

            const all = [...committed.keys(), ...rolledBack]
            const stored = all.length
              ? await db
                  .select({ id: outboxEvents.id })
                  .from(outboxEvents)
                  .where(inArray(outboxEvents.id, all))
              : []
            expect(new Set(stored.map((row) => row.id))).toEqual(new Set(committed.keys()))

            const mine = (ids: Set<string>) =>
              new Set([...ids].filter((id) => committed.has(id) || rolledBack.has(id)))
            expect(mine(channels.push.delivered())).toEqual(new Set(committed.keys()))
            expect(mine(channels.email.delivered())).toEqual(new Set(committed.keys()))
            // SMS is off by default: only the user who turned it on hears by SMS.
            const smsWanted = [...committed].filter(([, userId]) => userId === smsUser.id)
            expect(mine(channels.sms.delivered())).toEqual(new Set(smsWanted.map(([id]) => id)))
            for (const id of rolledBack) {
              for (const name of DELIVERY_CHANNELS) expect(channels[name].raw).not.toContain(id)
            }
          }),
          {
            numRuns: kind === 'pglite' ? 20 : 15,
            seed: Number(process.env.FC_SEED ?? Date.now() % 2 ** 31),
          },
        )
      })
    },
  )
}
