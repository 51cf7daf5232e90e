import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUpUser } from '#server/auth/sign-up-user.ts'
import { verifyLedger } from '#server/ledger/verify-ledger.ts'
import { createSandboxFundingProvider } from '#server/providers/sandbox-funding.ts'
import { sendToUser } from '#server/transfers/send-to-user.ts'
import { addFunds } from '#server/wallets/add-funds.ts'
import { listWallets } from '#server/wallets/list-wallets.ts'
import { AppError } from '#shared/errors.ts'
import { formatMinor } from '#shared/money.ts'
import { buildSignUp, signUpAtTier } from '../factories/users.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../setup/test-database.ts'

type Command =
  | { kind: 'topUp'; user: number; amountMinor: bigint }
  | { kind: 'send'; from: number; to: number; amountMinor: bigint }

const USERS = 3
const userIndex = fc.integer({ min: 0, max: USERS - 1 })
// Small amounts so that transfers often exceed the balance and must be refused.
const amountMinor = fc.bigInt({ min: 1n, max: 50_000n })
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('topUp' as const), user: userIndex, amountMinor }),
  fc.record({ kind: fc.constant('send' as const), from: userIndex, to: userIndex, amountMinor }),
)

for (const { kind, skip } of testDatabaseKinds()) {
  describe.skipIf(skip !== undefined)(
    `ledger properties on ${kind}${skip ? ` (skipped: ${skip})` : ''}`,
    () => {
      let database: TestDatabase
      beforeAll(async () => {
        database = await createTestDatabase(kind)
      })
      afterAll(async () => {
        await database?.destroy()
      })

      it('any sequence of top-ups and transfers, refused ones included, keeps every invariant and matches a simple model', async () => {
        await fc.assert(
          fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 15 }), async (commands) => {
            const { db } = database
            const users = await Promise.all(Array.from({ length: USERS }, () => signUpAtTier(db)))
            const wallets = await Promise.all(
              users.map(async (user) => {
                const usd = (await listWallets(db, user.id)).find((w) => w.currency.code === 'USD')
                if (!usd) throw new Error('no USD wallet')
                return usd
              }),
            )
            const model = users.map(() => 0n)

            for (const step of commands) {
              if (step.kind === 'topUp') {
                const wallet = wallets[step.user]
                if (!wallet) throw new Error('no wallet')
                await db.transaction((tx) =>
                  addFunds(
                    tx,
                    users[step.user]?.id ?? '',
                    {
                      walletId: wallet.id,
                      amount: formatMinor(step.amountMinor, 2),
                      method: 'card',
                    },
                    createSandboxFundingProvider(),
                  ),
                )
                model[step.user] = (model[step.user] ?? 0n) + step.amountMinor
                continue
              }
              const sender = users[step.from]
              const recipient = users[step.to]
              const wallet = wallets[step.from]
              if (!sender || !recipient || !wallet) throw new Error('bad index')
              const balance = model[step.from] ?? 0n
              const shouldSucceed = step.from !== step.to && step.amountMinor <= balance
              try {
                await db.transaction((tx) =>
                  sendToUser(tx, sender.id, {
                    fromWalletId: wallet.id,
                    recipientUserId: recipient.id,
                    amount: formatMinor(step.amountMinor, 2),
                    description: null,
                  }),
                )
                expect(shouldSucceed).toBe(true)
                model[step.from] = balance - step.amountMinor
                model[step.to] = (model[step.to] ?? 0n) + step.amountMinor
              } catch (error) {
                expect(error).toBeInstanceOf(AppError)
                expect(shouldSucceed).toBe(false)
              }
            }

            const balances = await Promise.all(
              users.map(
                async (user) =>
                  (await listWallets(db, user.id)).find((w) => w.currency.code === 'USD')?.balance,
              ),
            )
            expect(balances).toEqual(model.map((minor) => formatMinor(minor, 2)))
            expect(await verifyLedger(db)).toEqual([])
          }),
          {
            numRuns: kind === 'pglite' ? 25 : 15,
            seed: Number(process.env.FC_SEED ?? Date.now() % 2 ** 31),
          },
        )
      })

      it('a journal is refused when someone would go below zero, leaving no trace', async () => {
        const { db } = database
        const [sender, recipient] = await Promise.all([
          signUpUser(db, buildSignUp()),
          signUpUser(db, buildSignUp()),
        ])
        const wallet = (await listWallets(db, sender.id))[0]
        if (!sender || !recipient || !wallet) throw new Error('setup failed')
        await expect(
          db.transaction((tx) =>
            sendToUser(tx, sender.id, {
              fromWalletId: wallet.id,
              recipientUserId: recipient.id,
              amount: '0.01',
              description: randomUUID(),
            }),
          ),
        ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' })
        expect(await verifyLedger(db)).toEqual([])
      })
    },
  )
}
