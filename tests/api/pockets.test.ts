import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { expect, it } from 'vitest'
import { verifyLedger } from '#server/ledger/verify-ledger.ts'
import { saveRoundUps } from '#server/pockets/save-round-ups.ts'
import { sandboxProviders } from '#server/providers/providers.ts'
import { runScheduledTransfers } from '#server/scheduled-transfers/run-scheduled-transfers.ts'
import { addDays, lagosDay, lagosMoment } from '#shared/lagos-time.ts'
import { parseScaled } from '#shared/money.ts'
import { type Pocket, pocketListSchema, pocketSchema } from '#shared/schemas/pockets.ts'
import { transactionSchema } from '#shared/schemas/transactions.ts'
import { addFunds, history, moneyPost, signUpClient, walletIn } from '../factories/money.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import { createTestClient, type TestClient } from '../setup/test-app.ts'

function minor(amount: string): bigint {
  return parseScaled(amount, 2)
}

function decimal(minorUnits: bigint): string {
  return `${minorUnits / 100n}.${String(minorUnits % 100n).padStart(2, '0')}`
}

describeMoneyApi('savings pockets', (context) => {
  async function saver(funds = '10000.00', tier: 1 | 2 | 3 = 3) {
    const client = createTestClient(context.app)
    const user = await signUpClient(client, {}, { tier })
    const ngn = await walletIn(client, 'NGN')
    if (funds !== '0') await addFunds(client, ngn.id, funds)
    return { client, user, ngn }
  }

  async function open(client: TestClient, body: Record<string, unknown>): Promise<Pocket> {
    const response = await client.post('/api/pockets', { currency: 'NGN', ...body })
    expect(response.status, response.text).toBe(201)
    return pocketSchema.parse(response.body)
  }

  async function pockets(client: TestClient) {
    const response = await client.get('/api/pockets')
    expect(response.status, response.text).toBe(200)
    return pocketListSchema.parse(response.body)
  }

  async function pocketBalance(client: TestClient, id: string) {
    const found = (await pockets(client)).items.find((pocket) => pocket.id === id)
    if (!found) throw new Error('no such pocket')
    return found.balance
  }

  const move = (client: TestClient, id: string, way: 'deposit' | 'withdraw', amount: string) =>
    moneyPost(client, `/api/pockets/${id}/${way}`, { amount })

  it('opens a pocket with a target and a lock, and refuses what makes no sense', async () => {
    const { client } = await saver()
    const today = lagosDay(new Date())
    const pocket = await open(client, {
      name: 'School fees',
      targetAmount: '500000.00',
      targetDate: addDays(today, 200),
      lockedUntil: addDays(today, 90),
    })
    expect(pocket).toMatchObject({
      name: 'School fees',
      currency: 'NGN',
      symbol: '₦',
      balance: '0.00',
      targetAmount: '500000.00',
      progress: 0,
      locked: true,
      lockedUntil: addDays(today, 90),
      roundUps: false,
    })
    const refusals: [Record<string, unknown>, number][] = [
      [{ name: '' }, 400],
      [{ name: 'x'.repeat(41) }, 400],
      [{ name: 'Rand', currency: 'ZAR' }, 400],
      [{ name: 'Odd', currency: 'XYZ' }, 400],
      [{ name: 'Past', lockedUntil: addDays(today, -1) }, 400],
      [{ name: 'Today', targetDate: today }, 400],
      [{ name: 'Kobo', targetAmount: '1.234' }, 400],
      [{ name: 'Zero', targetAmount: '0' }, 400],
    ]
    for (const [body, status] of refusals) {
      const refused = await client.post('/api/pockets', { currency: 'NGN', ...body })
      expect(refused.status, JSON.stringify(body)).toBe(status)
    }
    for (let n = 2; n <= 10; n++) await open(client, { name: `Pocket ${n}` })
    const eleventh = await client.post('/api/pockets', { currency: 'NGN', name: 'One too many' })
    expect(eleventh.status).toBe(409)
    expect((await pockets(client)).items).toHaveLength(10)
  })

  it('moves money in and out at once and free; a locked pocket refuses to give it back before its day', async () => {
    const { client, ngn } = await saver('1000.00')
    const today = lagosDay(new Date())
    const locked = await open(client, { name: 'Rent', lockedUntil: addDays(today, 30) })
    const open_ = await open(client, { name: 'Holiday', targetAmount: '400.00' })

    const saved = await move(client, open_.id, 'deposit', '100.00')
    expect(saved.status, saved.text).toBe(201)
    expect(transactionSchema.parse(saved.body)).toMatchObject({
      type: 'saving',
      amount: '100.00',
      fee: '0.00',
      describedAs: { kind: 'pocket', move: 'deposit', pocket: 'Holiday' },
    })
    expect((await move(client, locked.id, 'deposit', '300.00')).status).toBe(201)
    expect((await walletIn(client, 'NGN')).balance).toBe('600.00')
    const listed = await pockets(client)
    expect(listed.items.find((pocket) => pocket.id === open_.id)).toMatchObject({
      balance: '100.00',
      progress: 25,
    })
    expect(listed.saved).toEqual([{ currency: 'NGN', symbol: '₦', amount: '400.00' }])

    const refused = await move(client, locked.id, 'withdraw', '1.00')
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ code: 'POCKET_LOCKED', lockedUntil: addDays(today, 30) })
    expect(await pocketBalance(client, locked.id)).toBe('300.00')

    const tooMuch = await move(client, open_.id, 'withdraw', '100.01')
    expect(tooMuch.status).toBe(409)
    expect(tooMuch.body).toMatchObject({ code: 'INSUFFICIENT_FUNDS' })
    const overWallet = await move(client, open_.id, 'deposit', '600.01')
    expect(overWallet.status).toBe(409)

    const back = await move(client, open_.id, 'withdraw', '40.00')
    expect(back.status).toBe(201)
    expect(transactionSchema.parse(back.body)).toMatchObject({ type: 'saving_withdrawal' })
    expect((await walletIn(client, 'NGN')).balance).toBe('640.00')
    expect(await pocketBalance(client, open_.id)).toBe('60.00')
    // History shows both moves, worded from their parts.
    const rows = await history(client)
    expect(rows.filter((row) => row.type === 'saving')).toHaveLength(2)
    expect(rows.find((row) => row.type === 'saving_withdrawal')?.describedAs).toEqual({
      kind: 'pocket',
      move: 'withdrawal',
      pocket: 'Holiday',
    })
    expect(ngn.id).toBe((await walletIn(client, 'NGN')).id)
  })

  it("someone else's pocket is not found, for every call", async () => {
    const { client } = await saver()
    const other = await saver()
    const pocket = await open(client, { name: 'Mine' })
    await move(client, pocket.id, 'deposit', '10.00')
    expect((await move(other.client, pocket.id, 'deposit', '1.00')).status).toBe(404)
    expect((await move(other.client, pocket.id, 'withdraw', '1.00')).status).toBe(404)
    expect(
      (await other.client.post(`/api/pockets/${pocket.id}/round-ups`, { on: true })).status,
    ).toBe(404)
    expect((await pockets(other.client)).items).toEqual([])
    expect(await pocketBalance(client, pocket.id)).toBe('10.00')
    expect((await createTestClient(context.app).get('/api/pockets')).status).toBe(401)
  })

  it('rounds each payment up to the next ₦100 into the pocket, once, and only while it is on', async () => {
    const { client, user, ngn } = await saver('5000.00')
    const friend = await saver('0')
    const pay = (amount: string) =>
      moneyPost(client, '/api/send-money/sabi-user', {
        fromWalletId: ngn.id,
        recipientUserId: friend.user.id,
        amount,
      })
    expect((await pay('50.00')).status).toBe(201)
    const pocket = await open(client, { name: 'Spare change', roundUps: true })
    expect(pocket.roundUps).toBe(true)
    expect((await pay('2340.00')).status).toBe(201)
    expect((await pay('300.00')).status).toBe(201)
    expect((await pay('99.99')).status).toBe(201)
    const bill = await moneyPost(client, '/api/bill-pay', {
      billType: 'electricity',
      provider: 'ikeja-electric',
      accountNumber: '45011234567',
      amount: '1000.50',
      walletId: ngn.id,
    })
    expect(bill.status, bill.text).toBe(201)
    // 2,340.00 saves 60.00, 300.00 nothing, 99.99 saves 0.01, the bill of 1,000.50 saves 99.50;
    // the payment made before round-ups were on saves nothing.
    expect(await saveRoundUps(context.database.db, { userId: user.id })).toBe(3)
    expect(await saveRoundUps(context.database.db, { userId: user.id })).toBe(0)
    expect(await pocketBalance(client, pocket.id)).toBe('159.51')
    const roundUps = (await history(client)).filter(
      (row) => row.describedAs?.kind === 'pocket' && row.describedAs.move === 'roundUp',
    )
    expect(roundUps).toHaveLength(3)

    // Off: the next payment saves nothing.
    const off = await client.post(`/api/pockets/${pocket.id}/round-ups`, { on: false })
    expect(off.status).toBe(200)
    expect((await pay('10.00')).status).toBe(201)
    expect(await saveRoundUps(context.database.db, { userId: user.id })).toBe(0)
    // Round-ups move to the pocket that asks for them: one pocket of a wallet takes them.
    const other = await open(client, { name: 'Other', roundUps: true })
    const again = await client.post(`/api/pockets/${pocket.id}/round-ups`, { on: true })
    expect(again.body).toMatchObject({ roundUps: true })
    const listed = await pockets(client)
    expect(listed.items.find((item) => item.id === other.id)?.roundUps).toBe(false)
  })

  it('a round-up the wallet cannot afford saves nothing and is not tried again', async () => {
    const { client, user, ngn } = await saver('100.20')
    const friend = await saver('0')
    const pocket = await open(client, { name: 'Change', roundUps: true })
    const sent = await moneyPost(client, '/api/send-money/sabi-user', {
      fromWalletId: ngn.id,
      recipientUserId: friend.user.id,
      amount: '100.10',
    })
    expect(sent.status).toBe(201)
    // 99.90 would round it up, and the wallet holds 0.10.
    expect(await saveRoundUps(context.database.db, { userId: user.id })).toBe(0)
    await addFunds(client, ngn.id, '500.00')
    expect(await saveRoundUps(context.database.db, { userId: user.id })).toBe(0)
    expect(await pocketBalance(client, pocket.id)).toBe('0.00')
    expect((await walletIn(client, 'NGN')).balance).toBe('500.10')
  })

  it('pockets count toward the balance a tier may hold: money that would pass the cap is refused', async () => {
    // Tier 1 may hold ₦300,000 (docs/limits.md).
    const { client, user } = await saver('290000.00', 1)
    const pocket = await open(client, { name: 'All of it' })
    expect((await move(client, pocket.id, 'deposit', '290000.00')).status).toBe(201)
    const limits = await client.get('/api/limits')
    expect(limits.body).toMatchObject({ balance: '290000.00' })
    const friend = await saver('50000.00')
    const refused = await moneyPost(friend.client, '/api/send-money/sabi-user', {
      fromWalletId: friend.ngn.id,
      recipientUserId: user.id,
      amount: '20000.00',
    })
    expect(refused.status, refused.text).toBe(403)
    expect(refused.body).toMatchObject({ code: 'LIMIT_EXCEEDED' })
    const fits = await moneyPost(friend.client, '/api/send-money/sabi-user', {
      fromWalletId: friend.ngn.id,
      recipientUserId: user.id,
      amount: '10000.00',
    })
    expect(fits.status, fits.text).toBe(201)
  })

  it('auto-saves a fixed amount on a schedule, with the PIN', async () => {
    const { client, user } = await saver('1000.00')
    const pocket = await open(client, { name: 'Monthly' })
    const start = addDays(lagosDay(new Date()), 1)
    const made = await moneyPost(client, '/api/scheduled-transfers', {
      kind: 'pocket',
      pocketId: pocket.id,
      amount: '150.00',
      frequency: 'monthly',
      startDate: start,
    })
    expect(made.status, made.text).toBe(201)
    expect(made.body).toMatchObject({ kind: 'pocket', payeeName: 'Monthly', pocketId: pocket.id })
    const other = await saver()
    const stranger = await moneyPost(other.client, '/api/scheduled-transfers', {
      kind: 'pocket',
      pocketId: pocket.id,
      amount: '1.00',
      frequency: 'once',
      startDate: start,
    })
    expect(stranger.status).toBe(404)
    const ran = await runScheduledTransfers(
      context.database.db,
      sandboxProviders().bank,
      new Date(lagosMoment(start, 8).getTime() + 60_000),
      { userId: user.id },
    )
    expect(ran.completed).toBe(1)
    expect(await pocketBalance(client, pocket.id)).toBe('150.00')
    expect((await history(client))[0]?.describedAs).toEqual({
      kind: 'pocket',
      move: 'autoSave',
      pocket: 'Monthly',
    })
  })

  it('over random deposits, withdrawals, round-ups and locks, money is never made or lost', async () => {
    const { client, user, ngn } = await saver('0')
    const friend = await saver('0')
    const today = lagosDay(new Date())
    const free = await open(client, { name: 'Free', roundUps: true })
    const shut = await open(client, { name: 'Shut', lockedUntil: addDays(today, 10) })
    let funded = 0n
    let paid = 0n
    const action = fc.oneof(
      fc.record({
        kind: fc.constant('fund' as const),
        minor: fc.bigInt({ min: 1n, max: 100_000n }),
      }),
      fc.record({
        kind: fc.constantFrom('deposit' as const, 'withdraw' as const),
        pocket: fc.constantFrom(free.id, shut.id),
        minor: fc.bigInt({ min: 1n, max: 50_000n }),
      }),
      fc.record({ kind: fc.constant('pay' as const), minor: fc.bigInt({ min: 1n, max: 30_000n }) }),
      fc.record({ kind: fc.constant('roundUps' as const) }),
    )
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 8 }), async (actions) => {
        for (const step of actions) {
          const before = minor(await pocketBalance(client, shut.id))
          if (step.kind === 'fund') {
            await addFunds(client, ngn.id, decimal(step.minor))
            funded += step.minor
          } else if (step.kind === 'pay') {
            const sent = await moneyPost(client, '/api/send-money/sabi-user', {
              fromWalletId: ngn.id,
              recipientUserId: friend.user.id,
              amount: decimal(step.minor),
            })
            expect([201, 409]).toContain(sent.status)
            if (sent.status === 201) paid += step.minor
          } else if (step.kind === 'roundUps') {
            await saveRoundUps(context.database.db, { userId: user.id })
          } else {
            const moved = await move(client, step.pocket, step.kind, decimal(step.minor))
            expect([201, 409]).toContain(moved.status)
            if (step.kind === 'withdraw' && step.pocket === shut.id)
              expect(moved.body).toMatchObject({ code: 'POCKET_LOCKED' })
          }
          // A locked pocket never gives anything back before its day.
          expect(minor(await pocketBalance(client, shut.id))).toBeGreaterThanOrEqual(before)
        }
        const wallet = minor((await walletIn(client, 'NGN')).balance)
        const saved =
          minor(await pocketBalance(client, free.id)) + minor(await pocketBalance(client, shut.id))
        expect(wallet >= 0n && saved >= 0n).toBe(true)
        // Everything added is in the wallet, in a pocket, or was paid to the friend.
        expect(wallet + saved + paid).toBe(funded)
        expect(minor((await walletIn(friend.client, 'NGN')).balance)).toBe(paid)
        expect(await verifyLedger(context.database.db)).toEqual([])
      }),
      { numRuns: 10 },
    )
    expect(randomUUID()).not.toBe(free.id)
  })
})
