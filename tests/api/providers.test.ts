import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { expect, it } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { queryRows } from '#server/db/client.ts'
import { payouts } from '#server/db/schema.ts'
import { backoffMs, MAX_SUBMIT_ATTEMPTS, runPayoutWorker } from '#server/payouts/payout-worker.ts'
import { settlePayout } from '#server/payouts/settle-payout.ts'
import type { PayoutProvider } from '#server/providers/payout-provider.ts'
import { payoutProvidersOf, providersFor, sandboxProviders } from '#server/providers/providers.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import { internationalQuoteSchema } from '#shared/schemas/international.ts'
import { transactionSchema } from '#shared/schemas/transactions.ts'
import { addFunds, moneyPost, signUpClient, TIER_THREE_BODY, walletIn } from '../factories/money.ts'
import { buildVerification } from '../factories/users.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import {
  createTestApp,
  createTestClient,
  type TestClient,
  type TestResponse,
} from '../setup/test-app.ts'

/** A transfer abroad's recipient that the sandbox partner pays. */
const BANK_WIRE = {
  method: 'bank_wire',
  fullName: 'Emeka Obi',
  bankName: 'Barclays',
  accountNumber: 'GB29 NWBK 6016 1331 9268 19',
  swiftCode: 'nwbkgb2l',
}

/** The provider parts of issue "Production-real operations": refuse rather than strand money. */
describeMoneyApi('outside parties', (context) => {
  /** A call to the identity registry by a new user of the given tier, through `there`. */
  async function registryCall(
    there: FastifyInstance,
    tier: 1 | 2,
    call: (caller: TestClient) => Promise<TestResponse>,
  ) {
    const newcomer = createTestClient(context.app)
    await signUpClient(newcomer, {}, { tier })
    const caller = createTestClient(there)
    caller.cookies.set('sabi_sid', newcomer.cookies.get('sabi_sid') ?? '')
    return call(caller)
  }

  async function fundedUser() {
    const client = createTestClient(context.app)
    const user = await signUpClient(client)
    const ngn = await walletIn(client, 'NGN')
    const usd = await walletIn(client, 'USD')
    await addFunds(client, ngn.id, '50000.00')
    await addFunds(client, usd.id, '500.00')
    return { client, user, ngn, usd }
  }

  function bankTransfer(
    client: TestClient,
    walletId: string,
    accountNumber = '3141592653',
    amount = '1000.00',
  ) {
    return moneyPost(client, '/api/send-money/bank', {
      fromWalletId: walletId,
      bankCode: '058',
      accountNumber,
      accountName: 'Ngozi Eze',
      amount,
    })
  }

  it('a production server with no providers refuses every action that needs one with 503 PROVIDER_UNAVAILABLE, and moves nothing', async () => {
    const { client, user, ngn, usd } = await fundedUser()
    // What start-up gives a production server today: no bank, biller, acquirer or registry.
    const production = await createTestApp(
      context.database,
      {},
      {
        providers: providersFor(
          loadConfig({ SANDBOX: '0', NODE_ENV: 'production' }),
          context.database.db,
        ),
      },
    )
    try {
      const there = createTestClient(production)
      there.cookies.set('sabi_sid', client.cookies.get('sabi_sid') ?? '')
      const quote = internationalQuoteSchema.parse(
        (
          await there.post('/api/international/quote', {
            fromWalletId: usd.id,
            region: 'north-america',
            countryCode: 'US',
            method: 'bank_wire',
            amount: '100.00',
          })
        ).body,
      )
      const balancesBefore = [
        (await walletIn(there, 'NGN')).balance,
        (await walletIn(there, 'USD')).balance,
      ]
      const refused = [
        await moneyPost(there, '/api/add-funds', {
          walletId: ngn.id,
          amount: '10.00',
          method: 'card',
        }),
        await there.get('/api/banks/resolve?bankCode=058&accountNumber=3141592653'),
        await bankTransfer(there, ngn.id),
        await there.get(
          '/api/billers/validate?billType=electricity&provider=ikeja-electric&accountNumber=45067123456',
        ),
        await moneyPost(there, '/api/bill-pay', {
          billType: 'electricity',
          provider: 'ikeja-electric',
          accountNumber: '45067123456',
          amount: 5000,
          walletId: ngn.id,
        }),
        await moneyPost(there, '/api/send-money/international', {
          quoteId: quote.id,
          fromWalletId: usd.id,
          recipient: BANK_WIRE,
        }),
        await moneyPost(there, '/api/pos/sale', {
          walletId: ngn.id,
          amount: 1500,
          customerInfo: { name: '', email: '', phone: '' },
          description: '',
          type: 'pos_sale',
        }),
        await moneyPost(there, '/api/crypto/purchase', {
          cryptoCurrencyId: 1,
          fiatCurrencyId: 1,
          amount: '20.00',
          paymentMethod: 'card',
        }),
        await registryCall(production, 1, (caller) =>
          caller.post('/api/profile/verification', buildVerification()),
        ),
        await registryCall(production, 2, (caller) =>
          caller.post('/api/kyc/tier-3', TIER_THREE_BODY),
        ),
      ]
      for (const response of refused) {
        expect(response.status, response.text).toBe(503)
        const body = apiErrorSchema.parse(response.body)
        expect(body.code).toBe('PROVIDER_UNAVAILABLE')
        expect(body.message).toMatch(/not available right now\. Please try again later\.$/)
      }
      expect([
        (await walletIn(there, 'NGN')).balance,
        (await walletIn(there, 'USD')).balance,
      ]).toEqual(balancesBefore)
      expect(
        await context.database.db.select().from(payouts).where(eq(payouts.userId, user.id)),
      ).toEqual([])
      // The quote was not used up: with a partner, the same transfer goes through.
      const sent = await moneyPost(client, '/api/send-money/international', {
        quoteId: quote.id,
        fromWalletId: usd.id,
        recipient: BANK_WIRE,
      })
      expect(sent.status, sent.text).toBe(201)
    } finally {
      await production.close()
    }
  })

  it('chooses providers from configuration: the sandbox in sandbox mode, only the rates feed otherwise', () => {
    const sandbox = providersFor(loadConfig({ SANDBOX: '1' }), context.database.db)
    expect([...payoutProvidersOf(sandbox).keys()].sort()).toEqual([
      'sandbox-bank',
      'sandbox-biller',
      'sandbox-international',
    ])
    expect(sandbox.funding && sandbox.cardAcquirer && sandbox.identityVerifier).toBeTruthy()
    const production = providersFor(loadConfig({ SANDBOX: '0' }), context.database.db)
    expect(Object.values(production).filter(Boolean)).toEqual([])
    const withFeed = providersFor(
      loadConfig({ SANDBOX: '0', FX_RATES_URL: 'https://rates.example/latest.json' }),
      context.database.db,
    )
    expect(withFeed.rates?.name).toBeDefined()
    expect(withFeed.bank).toBeUndefined()
  })

  it('a payout whose provider cannot take it is retried with growing jittered waits, every failure logged with its id, then held for review with its money in flight', async () => {
    const { client, ngn } = await fundedUser()
    const response = await bankTransfer(client, ngn.id)
    expect(response.status).toBe(201)
    const journalId = transactionSchema.parse(response.body).id
    const [payout] = await context.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.journalId, journalId))
    if (!payout) throw new Error('no payout')
    const logged: object[] = []
    const log = { error: (entry: object) => void logged.push(entry) }
    const refusing: PayoutProvider = {
      name: 'sandbox-bank',
      submit: async () => {
        throw new Error('connection refused by the bank')
      },
      status: async () => ({ status: 'pending' }),
    }
    let now = Date.now()
    const waits: number[] = []
    for (let attempt = 1; attempt <= MAX_SUBMIT_ATTEMPTS; attempt++) {
      const result = await runPayoutWorker(
        context.database.db,
        new Map([['sandbox-bank', refusing]]),
        now,
        {
          log,
        },
      )
      const [row] = await context.database.db
        .select()
        .from(payouts)
        .where(eq(payouts.id, payout.id))
      expect(row?.attempts).toBe(attempt)
      if (attempt < MAX_SUBMIT_ATTEMPTS) {
        expect(row?.status).toBe('pending')
        const wait = (row?.nextAttemptAt.getTime() ?? 0) - now
        waits.push(wait)
        // Nothing is sent again before its time.
        expect(
          (
            await runPayoutWorker(
              context.database.db,
              new Map([['sandbox-bank', refusing]]),
              now + wait - 1,
            )
          ).submitted,
        ).toBe(0)
        now += wait
      } else {
        expect(row?.status).toBe('needs_review')
        expect(result.heldForReview).toBe(1)
      }
    }
    // Waits grow (within their jitter) and every failure was logged with the payout's id.
    expect(waits[waits.length - 1]).toBeGreaterThan(waits[0] ?? 0)
    const mine = logged.filter((entry) => 'payoutId' in entry && entry.payoutId === payout.id)
    expect(mine).toHaveLength(MAX_SUBMIT_ATTEMPTS)
    // Held, not reversed: the money waits in flight for a person, and the books still balance.
    expect((await walletIn(client, 'NGN')).balance).toBe('48980.00')
    // The worker leaves it alone from now on...
    await runPayoutWorker(
      context.database.db,
      payoutProvidersOf(sandboxProviders()),
      now + 3_600_000,
    )
    const [held] = await context.database.db.select().from(payouts).where(eq(payouts.id, payout.id))
    expect(held).toMatchObject({ status: 'needs_review', attempts: MAX_SUBMIT_ATTEMPTS })
    // ...and a result that arrives later (the webhook, or a person) settles it once.
    const failed = { status: 'failed', reason: 'the bank returned it' } as const
    expect(await settlePayout(context.database.db, payout.id, failed)).toBe(true)
    expect(await settlePayout(context.database.db, payout.id, failed)).toBe(false)
    expect((await walletIn(client, 'NGN')).balance).toBe('50000.00')
  })

  it('waits drawn with jitter between 75% and 125% of a base growing by half to 15 minutes', () => {
    expect(backoffMs(0, () => 0)).toBe(750)
    expect(backoffMs(0, () => 1)).toBe(1250)
    expect(backoffMs(2, () => 0.5)).toBe(2250)
    expect(backoffMs(100, () => 0.5)).toBe(15 * 60 * 1000)
  })

  it('asks after stuck payouts by their next check, so they never starve a new one, and holds them for review after the last check', async () => {
    const { client, ngn } = await fundedUser()
    const silent: PayoutProvider = {
      name: 'sandbox-bank',
      submit: async (order) => ({ providerReference: `SILENT-${order.payoutId}` }),
      status: async (reference) =>
        reference.startsWith('SILENT-new') ? { status: 'completed' } : { status: 'pending' },
    }
    const stuckIds: string[] = []
    for (let index = 0; index < 55; index++) {
      const response = await bankTransfer(client, ngn.id, '3141592653', '100.00')
      expect(response.status).toBe(201)
      stuckIds.push(transactionSchema.parse(response.body).id)
    }
    const start = Date.now()
    const providers = new Map([['sandbox-bank', silent]])
    expect((await runPayoutWorker(context.database.db, providers, start)).submitted).toBe(10)
    // Send the rest, then ask after all of them a few times: every answer is "still pending".
    let now = start
    for (let pass = 0; pass < 8; pass++) {
      now += 60_000
      await runPayoutWorker(context.database.db, providers, now)
    }
    const [counts] = await queryRows(
      context.database.db,
      sql`select count(*) filter (where status = 'submitted')::int as submitted,
                 min(status_checks)::int as fewest_checks
          from payouts where journal_id in (${sql.join(
            stuckIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
    )
    const statuses = await queryRows(
      context.database.db,
      sql`select status, attempts, status_checks, next_attempt_at from payouts where journal_id in (${sql.join(
        stuckIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and status <> 'submitted'`,
    )
    expect(statuses).toEqual([])
    expect(counts).toMatchObject({ submitted: 55 })
    expect(Number(counts?.fewest_checks)).toBeGreaterThan(0)

    // A new payout, behind 55 older stuck ones, is sent and settled on the next passes.
    const fresh = await bankTransfer(client, ngn.id, '2718281828', '100.00')
    const freshId = transactionSchema.parse(fresh.body).id
    const newProvider: PayoutProvider = {
      ...silent,
      submit: async (order) => ({
        providerReference:
          order.details.accountNumber === '2718281828'
            ? `SILENT-new-${order.payoutId}`
            : `SILENT-${order.payoutId}`,
      }),
    }
    const withNew = new Map([['sandbox-bank', newProvider]])
    await runPayoutWorker(context.database.db, withNew, now + 1)
    await runPayoutWorker(context.database.db, withNew, now + 5_000)
    const [freshPayout] = await context.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.journalId, freshId))
    expect(freshPayout?.status).toBe('completed')

    // After the last allowed check the stuck ones are held for review, not polled for ever.
    // (At most 50 are asked after per pass, so two passes reach all 55.)
    for (const pass of [1, 2]) {
      await runPayoutWorker(context.database.db, withNew, now + pass * 24 * 3_600_000, {
        maxStatusChecks: 1,
      })
    }
    const [after] = await queryRows(
      context.database.db,
      sql`select count(*) filter (where status = 'needs_review')::int as held from payouts
          where journal_id in (${sql.join(
            stuckIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
    )
    expect(after).toMatchObject({ held: 55 })
    // Their money is still in flight: a held payout is neither completed nor given back.
    expect((await walletIn(client, 'NGN')).balance).toBe(`${50_000 - 56 * 102}.00`)
  })
})
