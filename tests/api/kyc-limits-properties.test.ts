import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyLedger } from '#server/ledger/verify-ledger.ts'
import { readLimits } from '#server/limits/read-limits.ts'
import { applyTierLimits } from '#server/limits/tier-limits.ts'
import { createSandboxFundingProvider } from '#server/providers/sandbox-funding.ts'
import { sendToUser } from '#server/transfers/send-to-user.ts'
import { addFunds } from '#server/wallets/add-funds.ts'
import { listWallets } from '#server/wallets/list-wallets.ts'
import { AppError } from '#shared/errors.ts'
import type { TierLimits } from '#shared/kyc-tiers.ts'
import { formatMinor, parseScaled } from '#shared/money.ts'
import { signUpAtTier } from '../factories/users.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../setup/test-database.ts'

// Small limits, so that short random sequences run into every one of them.
const LIMITS: TierLimits[] = [
  { tier: 1, singleMaxMinor: 20_000n, dailyMaxMinor: 50_000n, balanceMaxMinor: 100_000n },
  { tier: 2, singleMaxMinor: 50_000n, dailyMaxMinor: 100_000n, balanceMaxMinor: 200_000n },
  { tier: 3, singleMaxMinor: 100_000n, dailyMaxMinor: 300_000n, balanceMaxMinor: null },
]

type Command =
  | { kind: 'topUp'; user: number; amountMinor: bigint }
  | { kind: 'send'; from: number; to: number; amountMinor: bigint }

const USERS = 3
const userIndex = fc.integer({ min: 0, max: USERS - 1 })
const amountMinor = fc.bigInt({ min: 1n, max: 80_000n })
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('topUp' as const), user: userIndex, amountMinor }),
  fc.record({ kind: fc.constant('send' as const), from: userIndex, to: userIndex, amountMinor }),
)
const tier = fc.constantFrom<1 | 2 | 3>(1, 2, 3)

for (const { kind, skip } of testDatabaseKinds()) {
  describe.skipIf(skip !== undefined)(
    `KYC limit properties on ${kind}${skip ? ` (skipped: ${skip})` : ''}`,
    () => {
      let database: TestDatabase
      beforeAll(async () => {
        database = await createTestDatabase(kind)
        await applyTierLimits(database.db, LIMITS)
      })
      afterAll(async () => {
        await database?.destroy()
      })

      it('no sequence of sends and receipts at any tiers leaves anyone over a cap or a daily limit, and refused ones move nothing', async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.array(tier, { minLength: USERS, maxLength: USERS }),
            fc.array(command, { minLength: 1, maxLength: 14 }),
            async (tiers, commands) => {
              const { db } = database
              const users = await Promise.all(tiers.map((each) => signUpAtTier(db, each)))
              const wallets = await Promise.all(
                users.map(async (user) => {
                  const ngn = (await listWallets(db, user.id)).find(
                    (wallet) => wallet.currency.code === 'NGN',
                  )
                  if (!ngn) throw new Error('no NGN wallet')
                  return ngn
                }),
              )
              const limitsOf = (index: number) => {
                const found = LIMITS.find((each) => each.tier === tiers[index])
                if (!found) throw new Error('no limits')
                return found
              }
              // The model: what a correct ledger would hold and count.
              const balance = users.map(() => 0n)
              const sent = users.map(() => 0n)
              const balances = async () =>
                Promise.all(
                  users.map(async (user) => {
                    const ngn = (await listWallets(db, user.id)).find(
                      (wallet) => wallet.currency.code === 'NGN',
                    )
                    return parseScaled(ngn?.balance ?? '0', 2)
                  }),
                )

              for (const step of commands) {
                const before = await balances()
                let expected: boolean
                let run: () => Promise<unknown>
                if (step.kind === 'topUp') {
                  const cap = limitsOf(step.user).balanceMaxMinor
                  const held = balance[step.user] ?? 0n
                  expected = cap === null || held + step.amountMinor <= cap
                  const user = users[step.user]
                  const wallet = wallets[step.user]
                  if (!user || !wallet) throw new Error('bad index')
                  run = () =>
                    db.transaction((tx) =>
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
                } else {
                  const from = limitsOf(step.from)
                  const cap = limitsOf(step.to).balanceMaxMinor
                  const fromHeld = balance[step.from] ?? 0n
                  const toHeld = balance[step.to] ?? 0n
                  expected =
                    step.from !== step.to &&
                    step.amountMinor <= fromHeld &&
                    step.amountMinor <= from.singleMaxMinor &&
                    (sent[step.from] ?? 0n) + step.amountMinor <= from.dailyMaxMinor &&
                    (cap === null || toHeld + step.amountMinor <= cap)
                  const sender = users[step.from]
                  const recipient = users[step.to]
                  const wallet = wallets[step.from]
                  if (!sender || !recipient || !wallet) throw new Error('bad index')
                  run = () =>
                    db.transaction((tx) =>
                      sendToUser(tx, sender.id, {
                        fromWalletId: wallet.id,
                        recipientUserId: recipient.id,
                        amount: formatMinor(step.amountMinor, 2),
                        description: null,
                      }),
                    )
                }
                let succeeded = true
                try {
                  await run()
                } catch (error) {
                  expect(error).toBeInstanceOf(AppError)
                  succeeded = false
                }
                expect(succeeded).toBe(expected)
                if (!succeeded) {
                  expect(await balances()).toEqual(before)
                  continue
                }
                if (step.kind === 'topUp') {
                  balance[step.user] = (balance[step.user] ?? 0n) + step.amountMinor
                } else {
                  balance[step.from] = (balance[step.from] ?? 0n) - step.amountMinor
                  balance[step.to] = (balance[step.to] ?? 0n) + step.amountMinor
                  sent[step.from] = (sent[step.from] ?? 0n) + step.amountMinor
                }
              }

              expect(await balances()).toEqual(balance)
              for (const [index, user] of users.entries()) {
                const limits = await readLimits(db, user.id)
                const own = limitsOf(index)
                expect(parseScaled(limits.dailyUsed, 2)).toBe(sent[index])
                expect(parseScaled(limits.dailyUsed, 2) <= own.dailyMaxMinor).toBe(true)
                if (own.balanceMaxMinor !== null)
                  expect(parseScaled(limits.balance, 2) <= own.balanceMaxMinor).toBe(true)
              }
              expect(await verifyLedger(db)).toEqual([])
            },
          ),
          {
            numRuns: kind === 'pglite' ? 12 : 10,
            seed: Number(process.env.FC_SEED ?? Date.now() % 2 ** 31),
          },
        )
      }, 120_000)
    },
  )
}
