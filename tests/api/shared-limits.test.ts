import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { walletSchema } from '#shared/schemas/reference.ts'
import { withPin } from '../factories/money.ts'
import { buildSignUp } from '../factories/users.ts'
import {
  createHttpClient,
  type ServerProcess,
  signUpWithPin,
  startServerProcess,
} from '../setup/server-process.ts'
import { createTestDatabase, serverDatabaseOf, type TestDatabase } from '../setup/test-database.ts'

const skip = process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is not set (CI sets it)'

/**
 * Rate limits are counted in PostgreSQL (issue "Production-real operations"), so two server
 * instances enforce one limit, not two: requests alternate between two real server processes
 * on one database and the limit still falls where it would on one.
 */
describe.skipIf(skip !== undefined)(
  `limits shared by two server processes${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let database: TestDatabase
    const servers: ServerProcess[] = []

    beforeAll(async () => {
      database = await createTestDatabase('postgres', 2)
      const env = { MONEY_RATE_LIMIT_PER_MINUTE: '4', SIGNUP_RATE_LIMIT_PER_15_MINUTES: '3' }
      servers.push(await startServerProcess(serverDatabaseOf(database), env))
      servers.push(await startServerProcess(serverDatabaseOf(database), env))
    }, 120_000)
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()))
      await database?.destroy()
    })

    it('one money limit per user and one sign-up limit per address across both instances', async () => {
      const [one, two] = servers
      if (!one || !two) throw new Error('servers did not start')
      const onOne = createHttpClient(one.url)
      const onTwo = createHttpClient(two.url)

      // Sign-ups from one address: 3 allowed in all, wherever they land.
      const signUps = [
        await signUpWithPin(onOne, buildSignUp()),
        await createHttpClient(two.url).request('POST', '/api/auth/signup', buildSignUp()),
        await createHttpClient(one.url).request('POST', '/api/auth/signup', buildSignUp()),
        await createHttpClient(two.url).request('POST', '/api/auth/signup', buildSignUp()),
      ]
      expect(signUps.map((response) => response.status)).toEqual([201, 201, 201, 429])
      const recipient = signUps[1]?.body
      const recipientId =
        typeof recipient === 'object' && recipient !== null && 'id' in recipient
          ? String(recipient.id)
          : ''

      // The same session on both instances: sessions live in the database.
      onTwo.useCookieOf(onOne)
      const wallets = walletSchema.array().parse((await onOne.request('GET', '/api/wallets')).body)
      const ngn = wallets.find((wallet) => wallet.currency.code === 'NGN')
      if (!ngn) throw new Error('no NGN wallet')
      const money = (client: typeof onOne, path: string, body: unknown) =>
        client.request('POST', path, withPin(body), { 'idempotency-key': randomUUID() })
      // Four money POSTs in the minute, over two routes and two instances; the fifth is refused.
      const statuses = [
        (
          await money(onOne, '/api/add-funds', {
            walletId: ngn.id,
            amount: '100.00',
            method: 'card',
          })
        ).status,
      ]
      for (const client of [onTwo, onOne, onTwo, onOne]) {
        const response = await money(client, '/api/send-money/sabi-user', {
          fromWalletId: ngn.id,
          recipientUserId: recipientId,
          amount: '1.00',
        })
        statuses.push(response.status)
      }
      expect(statuses).toEqual([201, 201, 201, 201, 429])
      const refused = await money(onTwo, '/api/send-money/sabi-user', {
        fromWalletId: ngn.id,
        recipientUserId: recipientId,
        amount: '1.00',
      })
      expect(refused.status).toBe(429)
      expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' })
      // Refused money POSTs moved nothing: 100.00 in, three transfers of 1.00 out.
      const after = walletSchema.array().parse((await onTwo.request('GET', '/api/wallets')).body)
      expect(after.find((wallet) => wallet.id === ngn.id)?.balance).toBe('97.00')
    })
  },
)
