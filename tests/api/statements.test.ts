import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { journals } from '#server/db/schema.ts'
import { addDays, lagosDay, lagosMoment } from '#shared/lagos-time.ts'
import { parseScaled } from '#shared/money.ts'
import { pocketSchema } from '#shared/schemas/pockets.ts'
import { verifiedStatementSchema } from '#shared/schemas/statements.ts'
import { transactionSchema } from '#shared/schemas/transactions.ts'
import { addFunds, moneyPost, signUpClient, walletIn } from '../factories/money.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import { pdfRows } from '../setup/pdf-text.ts'
import { createTestClient } from '../setup/test-app.ts'

/** "₦1,234.50" or "-₦5.00" as the English statement prints it, in kobo. */
function kobo(printed: string): bigint {
  const negative = printed.includes('-')
  const digits = printed.replace(/[^\d.]/g, '')
  const value = parseScaled(digits, 2)
  return negative ? -value : value
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

describeMoneyApi('statements of account', (context) => {
  /**
   * A user with a history across the period's first Lagos midnight: a top-up the evening before
   * (22:59:59.999 UTC), one at midnight exactly (23:00 UTC), then a transfer out, one in, and a
   * pocket deposit during the period.
   */
  async function userWithHistory() {
    const client = createTestClient(context.app)
    const user = await signUpClient(client, { firstName: 'Adaeze', lastName: 'Okafor' })
    const friend = createTestClient(context.app)
    const friendUser = await signUpClient(friend)
    const ngn = await walletIn(client, 'NGN')
    const friendNgn = await walletIn(friend, 'NGN')
    await addFunds(friend, friendNgn.id, '1000.00')
    const before = await addFunds(client, ngn.id, '700.00')
    const atMidnight = await addFunds(client, ngn.id, '300.00')
    const sent = transactionSchema.parse(
      (
        await moneyPost(client, '/api/send-money/sabi-user', {
          fromWalletId: ngn.id,
          recipientUserId: friendUser.id,
          amount: '250.00',
          description: 'Ìyá Bísí’s rent share',
        })
      ).body,
    )
    const received = transactionSchema.parse(
      (
        await moneyPost(friend, '/api/send-money/sabi-user', {
          fromWalletId: friendNgn.id,
          recipientUserId: user.id,
          amount: '100.00',
        })
      ).body,
    )
    const pocket = pocketSchema.parse(
      (await client.post('/api/pockets', { name: 'Rent', currency: 'NGN' })).body,
    )
    const saved = transactionSchema.parse(
      (await moneyPost(client, `/api/pockets/${pocket.id}/deposit`, { amount: '50.00' })).body,
    )
    // The period: three days ago to today. The first top-up falls a millisecond before it, the
    // second exactly at its first Lagos midnight, the rest on its days.
    const from = addDays(lagosDay(new Date()), -3)
    const midnight = lagosMoment(from, 0)
    const times: [string, Date][] = [
      [before.id, new Date(midnight.getTime() - 1)],
      [atMidnight.id, midnight],
      [sent.id, new Date(midnight.getTime() + 3_600_000)],
      [received.id, new Date(midnight.getTime() + 7_200_000)],
      [saved.id, new Date(midnight.getTime() + 10_800_000)],
    ]
    for (const [id, at] of times)
      await context.database.db.update(journals).set({ createdAt: at }).where(eq(journals.id, id))
    return { client, ngn, from, inPeriod: [atMidnight, sent, received, saved], before }
  }

  it('prints every line of the period against the ledger, opening plus lines is closing, and anyone can verify the PDF', async () => {
    const { client, ngn, from, inPeriod, before } = await userWithHistory()
    const to = lagosDay(new Date())
    const response = await client.get(
      `/api/statements?walletId=${ngn.id}&from=${from}&to=${to}&format=pdf&language=en`,
    )
    expect(response.status, response.text.slice(0, 300)).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(String(response.headers['content-disposition'])).toContain('.pdf')
    const rows = await pdfRows(response.raw)
    const text = rows.map((row) => row.join(' ')).join('\n')
    expect(text).toContain('Statement of account')
    expect(text).toContain('Adaeze Okafor')
    expect(text).toContain(`${from} to ${to}`)
    const code = /Verification code: ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/.exec(text)?.[1]
    expect(code).toBeDefined()

    const figure = (label: string) => {
      const row = rows.find((cells) => cells[0] === label)
      return kobo(row?.[1] ?? 'missing')
    }
    // The top-up a millisecond before the period is its opening balance, not a line.
    expect(figure('Opening balance')).toBe(70_000n)
    expect(figure('Closing balance')).toBe(70_000n + 30_000n - 25_000n + 10_000n - 5_000n)
    expect(figure('Money in')).toBe(40_000n)
    expect(figure('Money out')).toBe(30_000n)
    expect(text).not.toContain(before.reference)

    // Each line: its reference once, its debit or credit as the ledger moved the wallet, and a
    // running balance that the lines add up to.
    const expected = new Map<string, bigint>([
      [inPeriod[0]?.reference ?? '', 30_000n],
      [inPeriod[1]?.reference ?? '', -25_000n],
      [inPeriod[2]?.reference ?? '', 10_000n],
      [inPeriod[3]?.reference ?? '', -5_000n],
    ])
    let running = figure('Opening balance')
    const lines = rows.filter((cells) => cells.some((cell) => expected.has(cell)))
    expect(lines).toHaveLength(4)
    for (const cells of lines) {
      const reference = cells.find((cell) => expected.has(cell)) ?? ''
      const moved = expected.get(reference) ?? 0n
      const amounts = cells.filter((cell) => cell.includes('₦'))
      // A line prints its debit or its credit, then the balance after it.
      expect(amounts).toHaveLength(2)
      expect(kobo(amounts[0] ?? '')).toBe(moved < 0n ? -moved : moved)
      running += moved
      expect(kobo(amounts[1] ?? '')).toBe(running)
    }
    expect(running).toBe(figure('Closing balance'))
    expect(text).toContain('Ìyá Bísí’s rent share')
    expect(text).toContain('Saved to Rent')
    expect(text).toContain('Receive')
    // The closing balance is the wallet's own now (nothing after the period).
    expect(kobo(`₦${(await walletIn(client, 'NGN')).balance}`)).toBe(running)

    // Anyone, signed out, confirms what was issued, and that these bytes are the PDF.
    const anyone = createTestClient(context.app)
    const verified = await anyone.get(`/api/statements/verify/${code}`)
    expect(verified.status).toBe(200)
    const statement = verifiedStatementSchema.parse(verified.body)
    expect(statement).toMatchObject({
      code,
      holderName: 'A**** O****',
      currency: 'NGN',
      periodFrom: from,
      periodTo: to,
      openingBalance: '700.00',
      closingBalance: '800.00',
      transactionCount: 4,
    })
    expect(statement.sha256).toBe(sha256(response.raw))
    const tampered = Buffer.from(response.raw)
    const at = tampered.indexOf('Adaeze')
    if (at >= 0) tampered[at] = 'B'.charCodeAt(0)
    else tampered[tampered.length - 10] = (tampered[tampered.length - 10] ?? 0) ^ 1
    expect(sha256(tampered)).not.toBe(statement.sha256)
    expect((await anyone.get('/api/statements/verify/AAAA-BBBB-CCCC')).status).toBe(404)
    expect((await anyone.get('/api/statements/verify/not-a-code')).status).toBe(400)
  })

  it('writes the same lines as CSV, and in the language asked for', async () => {
    const { client, ngn, from } = await userWithHistory()
    const to = lagosDay(new Date())
    const csv = await client.get(
      `/api/statements?walletId=${ngn.id}&from=${from}&to=${to}&format=csv`,
    )
    expect(csv.status).toBe(200)
    expect(String(csv.headers['content-type'])).toContain('text/csv')
    const lines = csv.text.trim().split('\r\n')
    expect(lines[0]).toBe('Date,Description,Reference,Debit,Credit,Balance')
    expect(lines[1]).toBe(',Opening balance,,,,700.00')
    expect(lines.at(-1)).toBe(',Closing balance,,,,800.00')
    expect(lines).toHaveLength(7)

    const hausa = await client.get(
      `/api/statements?walletId=${ngn.id}&from=${from}&to=${to}&format=pdf&language=ha`,
    )
    expect(hausa.status).toBe(200)
    const text = (await pdfRows(hausa.raw)).map((row) => row.join(' ')).join('\n')
    expect(text).toContain('Bayanin asusu')
    expect(text).toContain('Ragowar farko')
    expect(text).toContain('Lambar tabbatarwa')
  })

  it('refuses a period that is backwards, in the future or over a year, and anyone else’s wallet', async () => {
    const { client, ngn } = await userWithHistory()
    const today = lagosDay(new Date())
    const other = createTestClient(context.app)
    await signUpClient(other)
    const cases: [string, number][] = [
      [`walletId=${ngn.id}&from=${today}&to=${addDays(today, -1)}`, 400],
      [`walletId=${ngn.id}&from=${today}&to=${addDays(today, 1)}`, 400],
      [`walletId=${ngn.id}&from=${addDays(today, -400)}&to=${today}`, 400],
      [`walletId=${ngn.id}&from=2026-02-30&to=${today}`, 400],
      [`walletId=${ngn.id}&from=${today}&to=${today}&format=doc`, 400],
    ]
    for (const [query, status] of cases)
      expect((await client.get(`/api/statements?${query}`)).status, query).toBe(status)
    expect(
      (await other.get(`/api/statements?walletId=${ngn.id}&from=${today}&to=${today}`)).status,
    ).toBe(404)
    expect(
      (
        await createTestClient(context.app).get(
          `/api/statements?walletId=${ngn.id}&from=${today}&to=${today}`,
        )
      ).status,
    ).toBe(401)
  })
})
