import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { NEXT_CURSOR_HEADER } from '#shared/schemas/pages.ts'
import { transactionPageSchema } from '#shared/schemas/transactions.ts'
import { addFunds, moneyPost, signUpClient, walletIn } from '../factories/money.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import { createTestClient, type TestClient } from '../setup/test-app.ts'

// Timestamps that tie in every way a keyset can trip on: the same microsecond, the same
// millisecond with other microseconds, and neighbours one microsecond apart.
const INSTANTS = [
  '2026-03-01 10:00:00.000000+00',
  '2026-03-01 10:00:00.000001+00',
  '2026-03-01 10:00:00.000999+00',
  '2026-03-01 10:00:00.001000+00',
  '2026-03-01 10:00:00.001500+00',
  '2026-03-01 09:59:59.999999+00',
]

function idsOf(value: unknown): string[] {
  if (!Array.isArray(value)) throw new Error('expected a JSON array')
  return value.map((item: unknown) => {
    if (typeof item !== 'object' || item === null || !('id' in item) || typeof item.id !== 'string')
      throw new Error('expected rows with an id')
    return item.id
  })
}

/** Every id of a history, page by page with `limit`, following nextCursor to the end. */
async function pageHistory(client: TestClient, limit: number): Promise<string[]> {
  const ids: string[] = []
  let cursor: string | null = null
  for (let guard = 0; guard < 1000; guard++) {
    const query: string = cursor ? `&cursor=${cursor}` : ''
    const response = await client.get(`/api/transactions?limit=${limit}${query}`)
    expect(response.status, response.text).toBe(200)
    const page = transactionPageSchema.parse(response.body)
    expect(page.items.length).toBeLessThanOrEqual(limit)
    ids.push(...page.items.map((item) => item.id))
    cursor = page.nextCursor
    if (!cursor) return ids
  }
  throw new Error('paging did not end')
}

/** Every id of a list answered as an array, following the X-Next-Cursor header. */
async function pageArrayList(client: TestClient, path: string, limit: number): Promise<string[]> {
  const ids: string[] = []
  let cursor: unknown
  for (let guard = 0; guard < 1000; guard++) {
    const query = typeof cursor === 'string' ? `&cursor=${cursor}` : ''
    const response = await client.get(`${path}?limit=${limit}${query}`)
    expect(response.status, response.text).toBe(200)
    const page = idsOf(response.body)
    expect(page.length).toBeLessThanOrEqual(limit)
    ids.push(...page)
    cursor = response.headers[NEXT_CURSOR_HEADER]
    if (typeof cursor !== 'string') return ids
  }
  throw new Error('paging did not end')
}

describeMoneyApi('keyset pagination', (context) => {
  async function fundedPair() {
    const alice = createTestClient(context.app)
    const bob = createTestClient(context.app)
    const aliceUser = await signUpClient(alice)
    const bobUser = await signUpClient(bob)
    const ngn = await walletIn(alice, 'NGN')
    await addFunds(alice, ngn.id, '100000.00')
    return { alice, aliceUser, bob, bobUser, ngn }
  }

  /** Moves the given rows' timestamps (column `column` of `table`) to the chosen instants. */
  async function setTimes(table: string, column: string, key: string, times: Map<string, string>) {
    if (times.size === 0) return
    const values = [...times].map(([id, at]) => sql`(${id}, ${at}::timestamptz)`)
    await context.database.db.execute(
      sql`update ${sql.identifier(table)} as t set ${sql.identifier(column)} = v.at
          from (values ${sql.join(values, sql`, `)}) as v(id, at)
          where t.${sql.identifier(key)}::text = v.id`,
    )
  }

  it('pages any history at any page size to exactly the rows of one full read, whatever the timestamps tie on', async () => {
    const { alice, aliceUser, bobUser, ngn } = await fundedPair()
    for (let index = 0; index < 17; index++) {
      const sent = await moneyPost(alice, '/api/send-money/sabi-user', {
        fromWalletId: ngn.id,
        recipientUserId: bobUser.id,
        amount: `${index + 1}.00`,
      })
      expect(sent.status, sent.text).toBe(201)
    }
    const ids = await pageHistory(alice, 100)
    expect(ids).toHaveLength(18)

    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...INSTANTS), { minLength: ids.length, maxLength: ids.length }),
        fc.integer({ min: 1, max: 7 }),
        async (instants, limit) => {
          await setTimes(
            'journals',
            'created_at',
            'id',
            new Map(ids.map((id, i) => [id, instants[i] ?? ''])),
          )
          const full = await pageHistory(alice, 100)
          const expected = (
            await queryRows(
              context.database.db,
              sql`select id::text as id from journals
                  where from_user_id = ${aliceUser.id} or to_user_id = ${aliceUser.id}
                  order by created_at desc, id desc`,
            )
          ).map((row) => String(row.id))
          // One full read is the database's own order of the rows...
          expect(full).toEqual(expected)
          // ...and the pages, one after another, are exactly that read: nothing skipped or repeated.
          expect(await pageHistory(alice, limit)).toEqual(full)
        },
      ),
      { numRuns: 12 },
    )
  })

  it('pages 80 concurrent transfers to one user with limit=1 to all 80, as the balance and the export say', async () => {
    const merchant = createTestClient(context.app)
    const merchantUser = await signUpClient(merchant)
    const senders = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const client = createTestClient(context.app)
        await signUpClient(client)
        const ngn = await walletIn(client, 'NGN')
        await addFunds(client, ngn.id, '1000.00')
        return { client, ngn }
      }),
    )
    const results = await Promise.all(
      senders.flatMap(({ client, ngn }) =>
        Array.from({ length: 10 }, () =>
          moneyPost(client, '/api/send-money/sabi-user', {
            fromWalletId: ngn.id,
            recipientUserId: merchantUser.id,
            amount: '1.00',
          }),
        ),
      ),
    )
    expect(results.map((result) => result.status)).toEqual(Array(80).fill(201))

    const paged = await pageHistory(merchant, 1)
    expect(paged).toHaveLength(80)
    expect(new Set(paged).size).toBe(80)
    expect((await walletIn(merchant, 'NGN')).balance).toBe('80.00')
    const csv = await merchant.get('/api/export/transactions.csv')
    expect(csv.status).toBe(200)
    expect(csv.text.trim().split('\r\n')).toHaveLength(81)
  })

  it('pages payment requests, POS sales and sessions exactly, with tied timestamps', async () => {
    const client = createTestClient(context.app)
    const user = await signUpClient(client)
    const ngn = await walletIn(client, 'NGN')
    for (let index = 0; index < 7; index++) {
      const request = await client.post('/api/payment-requests', {
        walletId: ngn.id,
        amount: index + 1,
      })
      expect(request.status, request.text).toBe(201)
      const sale = await moneyPost(client, '/api/pos/sale', {
        walletId: ngn.id,
        amount: index + 1,
        customerInfo: { name: '', email: '', phone: '' },
        description: '',
        type: 'pos_sale',
      })
      expect(sale.status, sale.text).toBe(201)
      const again = await createTestClient(context.app).post('/api/auth/login', {
        email: user.email,
        password: user.password,
      })
      expect(again.status).toBe(200)
    }
    const requestIds = await pageArrayList(client, '/api/payment-requests', 100)
    const saleIds = await pageArrayList(client, '/api/pos/sales', 100)
    const sessionIds = await pageArrayList(client, '/api/sessions', 100)
    expect(requestIds.length).toBeGreaterThanOrEqual(7)
    expect(saleIds).toHaveLength(7)
    expect(sessionIds).toHaveLength(8)

    // Every row of each list in the same microsecond or millisecond.
    const tie = (ids: string[]) => new Map(ids.map((id, i) => [id, INSTANTS[i % 2] ?? '']))
    await setTimes('payment_requests', 'created_at', 'id', tie(requestIds))
    await setTimes('pos_sales', 'created_at', 'id', tie(saleIds))
    await context.database.db.execute(
      sql`update sessions set created_at = ${INSTANTS[0]}::timestamptz where user_id = ${user.id}`,
    )
    for (const [path, size] of [
      ['/api/payment-requests', requestIds.length],
      ['/api/pos/sales', 7],
      ['/api/sessions', 8],
    ] as const) {
      const full = await pageArrayList(client, path, 100)
      expect(full).toHaveLength(size)
      for (const limit of [1, 2, 3]) {
        expect(await pageArrayList(client, path, limit), `${path} by ${limit}`).toEqual(full)
      }
    }
  })

  it('refuses cursors it did not make with a 400, never a 500', async () => {
    const client = createTestClient(context.app)
    await signUpClient(client)
    const encode = (text: string) => Buffer.from(text).toString('base64url')
    const uuid = '0b6f1a52-6d0e-4c53-9b1d-2f8b4f6f0a11'
    const crafted = [
      encode(`2026-01-01T00:00:00.000000Z|not-a-uuid`),
      encode(`2026-01-01T00:00:00.000000Z|------------------------------------`),
      encode(`0000-01-01T00:00:00.000000Z|${uuid}`),
      encode(`275760-09-13T00:00:00.000000Z|${uuid}`),
      encode(`2026-02-30T00:00:00.000000Z|${uuid}`),
      encode(`2026-01-01T00:00:00.000Z|${uuid}`),
      encode(`2026-01-01T00:00:00.000000Z|${uuid}|extra`),
      '%00',
      '!!!',
      'a'.repeat(201),
    ]
    for (const cursor of crafted) {
      for (const path of [
        '/api/transactions',
        '/api/payment-requests',
        '/api/pos/sales',
        '/api/sessions',
      ]) {
        const response = await client.get(`${path}?cursor=${cursor}`)
        expect(response.status, `${path} ${cursor}: ${response.text}`).toBe(400)
        expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED' })
      }
    }
    // A cursor of one list is no cursor of another whose rows have other ids.
    const sessionCursor = encode(`2026-01-01T00:00:00.000000Z|${'a'.repeat(64)}`)
    expect((await client.get(`/api/transactions?cursor=${sessionCursor}`)).status).toBe(400)
    expect((await client.get(`/api/sessions?cursor=${sessionCursor}`)).status).toBe(200)
    const rowCursor = encode(`2026-01-01T00:00:00.000000Z|${uuid}`)
    expect((await client.get(`/api/sessions?cursor=${rowCursor}`)).status).toBe(400)
    expect((await client.get(`/api/transactions?cursor=${rowCursor}`)).status).toBe(200)
  })
})
