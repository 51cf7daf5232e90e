/**
 * Money staff move (docs/operations-console.md "Money", issue 36): a refund or adjustment is a
 * journal in the customer's history; above the four-eyes threshold it waits for a second
 * operator of a role that may approve it, and nobody approves their own proposal, not even after
 * an admin has given them that role. Two approvals at once move the money once; what is paid back
 * for one transaction never comes to more than it took; the ledger still balances after all of it.
 */
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { generate } from 'otplib'
import { describe, expect, it } from 'vitest'
import { journals, payouts } from '#server/db/schema.ts'
import { verifyLedger } from '#server/ledger/verify-ledger.ts'
import { needsSecondOperator, type ProposalInput } from '#server/ops/money-proposals.ts'
import { settlePayout } from '#server/payouts/settle-payout.ts'
import { formatMinor, parseScaled } from '#shared/money.ts'
import { disputePageSchema, openedDisputeSchema } from '#shared/schemas/disputes.ts'
import { type OperatorRole, proposalAnswerSchema } from '#shared/schemas/ops.ts'
import { transactionSchema } from '#shared/schemas/transactions.ts'
import { addFunds, history, moneyPost, signUpClient, walletIn } from '../factories/money.ts'
import { STAFF_PASSWORD, type Staff, signedInOperator } from '../factories/operators.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import { createTestClient, type TestClient } from '../setup/test-app.ts'

/** A decimal amount of naira as kobo, exactly. */
function kobo(decimal: string): bigint {
  return parseScaled(decimal, 2)
}

describeMoneyApi('money staff move, on four eyes', (context) => {
  function operator(role: OperatorRole): Promise<Staff> {
    return signedInOperator(context.app, context.database.db, role)
  }

  /** Signs `staff` in again (their sessions ended), with the next step's code: each works once. */
  async function signInAgain(staff: Staff): Promise<void> {
    const code = await generate({ secret: staff.secret, epoch: Math.floor(Date.now() / 1000) + 30 })
    const signedIn = await staff.client.post('/api/ops/auth/login', {
      email: staff.email,
      password: STAFF_PASSWORD,
      code,
    })
    expect(signedIn.status, signedIn.text).toBe(200)
  }

  /** A customer whose bank transfer of `amount` went through, and who reports it never arrived. */
  async function reportedTransfer(amount: string) {
    const client = createTestClient(context.app)
    const user = await signUpClient(client)
    const ngn = await walletIn(client, 'NGN')
    await addFunds(client, ngn.id, '300000.00')
    const sent = await moneyPost(client, '/api/send-money/bank', {
      fromWalletId: ngn.id,
      bankCode: '057',
      accountNumber: '0123456789',
      accountName: 'Adaeze Okafor',
      amount,
      description: 'Rent',
    })
    expect(sent.status, sent.text).toBe(201)
    const transfer = transactionSchema.parse(sent.body)
    // The bank says it paid: the customer's word is all that says otherwise.
    const [payout] = await context.database.db
      .select({ id: payouts.id })
      .from(payouts)
      .where(eq(payouts.journalId, transfer.id))
    if (!payout) throw new Error('the transfer has no payout')
    await settlePayout(context.database.db, payout.id, { status: 'completed' })
    const opened = await client.post(`/api/transactions/${transfer.id}/disputes`, {
      reason: 'not_received',
      details: 'Adaeze says nothing came',
    })
    expect(opened.status, opened.text).toBe(201)
    return {
      client,
      user,
      ngn,
      transfer,
      payoutId: payout.id,
      dispute: openedDisputeSchema.parse(opened.body),
    }
  }

  async function balanceOf(client: TestClient): Promise<string> {
    return (await walletIn(client, 'NGN')).balance
  }

  async function refund(staff: Staff, disputeId: string, amount: string) {
    return staff.client.post(`/api/ops/disputes/${disputeId}/refund`, {
      amount,
      note: 'The bank confirms the transfer never settled',
    })
  }

  async function ledgerProblems() {
    return verifyLedger(context.database.db)
  }

  it('refunds at once up to the threshold, with one operator, into the customer history', async () => {
    const support = await operator('support')
    const customer = await reportedTransfer('40000.00')
    const before = await balanceOf(customer.client)
    const answer = await refund(support, customer.dispute.id, '40000.00')
    expect(answer.status, answer.text).toBe(200)
    const { proposal } = proposalAnswerSchema.parse(answer.body)
    expect(proposal).toMatchObject({ status: 'executed', needsApproval: false })
    expect(proposal.proposedById).toBe(support.id)
    expect(kobo(await balanceOf(customer.client)) - kobo(before)).toBe(40000_00n)
    const [row] = await history(customer.client)
    expect(row).toMatchObject({ type: 'refund', amount: '40000.00', status: 'completed' })
    const reports = disputePageSchema.parse((await customer.client.get('/api/disputes')).body)
    expect(reports.items[0]).toMatchObject({
      status: 'resolved',
      outcome: 'refunded',
      // The proposal's reason was for staff.
      resolutionNote: null,
    })
    expect(await ledgerProblems()).toEqual([])
  })

  it('holds a refund over the threshold for a second operator; the proposer never approves it', async () => {
    const support = await operator('support')
    const compliance = await operator('compliance')
    const admin = await operator('admin')
    const customer = await reportedTransfer('80000.00')
    const before = await balanceOf(customer.client)

    const proposed = await refund(support, customer.dispute.id, '60000.00')
    expect(proposed.status, proposed.text).toBe(200)
    const { proposal } = proposalAnswerSchema.parse(proposed.body)
    expect(proposal).toMatchObject({ status: 'pending', needsApproval: true })
    expect(await balanceOf(customer.client)).toBe(before)

    // Support may not approve money at all...
    const bySupport = await support.client.post(`/api/ops/approvals/${proposal.id}/approve`)
    expect(bySupport.status).toBe(403)
    // ...and the proposer made compliance still may not approve their own.
    const promoted = await admin.client.request({
      method: 'PATCH',
      url: `/api/ops/operators/${support.id}`,
      payload: JSON.stringify({ role: 'compliance' }),
      headers: { 'content-type': 'application/json' },
    })
    expect(promoted.status, promoted.text).toBe(200)
    expect((await support.client.get('/api/ops/approvals')).status).toBe(401)
    await signInAgain(support)
    const inbox = await support.client.get('/api/ops/approvals')
    expect(inbox.status).toBe(200)
    const own = await support.client.post(`/api/ops/approvals/${proposal.id}/approve`)
    expect(own.status, own.text).toBe(403)
    expect(own.body).toMatchObject({ code: 'FORBIDDEN' })
    const ownReject = await support.client.post(`/api/ops/approvals/${proposal.id}/reject`, {
      note: 'Changed my mind',
    })
    expect(ownReject.status).toBe(403)
    expect(await balanceOf(customer.client)).toBe(before)

    const approved = await compliance.client.post(`/api/ops/approvals/${proposal.id}/approve`)
    expect(approved.status, approved.text).toBe(200)
    expect(proposalAnswerSchema.parse(approved.body).proposal).toMatchObject({
      status: 'executed',
      decidedBy: compliance.email,
    })
    expect(kobo(await balanceOf(customer.client)) - kobo(before)).toBe(60000_00n)
    const reports = disputePageSchema.parse((await customer.client.get('/api/disputes')).body)
    expect(reports.items[0]).toMatchObject({ status: 'resolved', outcome: 'refunded' })
    // Decided once: a second approval is a 409 and moves nothing.
    const again = await compliance.client.post(`/api/ops/approvals/${proposal.id}/approve`)
    expect(again.status).toBe(409)
    expect(kobo(await balanceOf(customer.client)) - kobo(before)).toBe(60000_00n)
    expect(await ledgerProblems()).toEqual([])
  })

  it('moves money once when two approvers approve at once', async () => {
    const support = await operator('support')
    const first = await operator('compliance')
    const second = await operator('compliance')
    const customer = await reportedTransfer('70000.00')
    const before = await balanceOf(customer.client)
    const { proposal } = proposalAnswerSchema.parse(
      (await refund(support, customer.dispute.id, '70000.00')).body,
    )
    const answers = await Promise.all(
      [first, second].map((staff) =>
        staff.client.post(`/api/ops/approvals/${proposal.id}/approve`),
      ),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(kobo(await balanceOf(customer.client)) - kobo(before)).toBe(70000_00n)
    const refunds = await context.database.db
      .select({ id: journals.id })
      .from(journals)
      .where(eq(journals.reversesJournalId, customer.transfer.id))
    expect(refunds).toHaveLength(1)
    expect(await ledgerProblems()).toEqual([])
  })

  it('never pays back more for one transaction than it took, however it is split', async () => {
    const support = await operator('support')
    const customer = await reportedTransfer('30000.00')
    const taken = kobo(customer.transfer.amount) + kobo(customer.transfer.fee)
    const before = await balanceOf(customer.client)
    expect((await refund(support, customer.dispute.id, '20000.00')).status).toBe(200)
    // Adjustments tied to the same transfer, two at once, each within what is left alone but
    // not together: one is refused, naming what can still be paid back.
    const left = taken - 20000_00n
    const half = formatMinor((left * 6n) / 10n, 2)
    const answers = await Promise.all(
      [0, 1].map(() =>
        support.client.post('/api/ops/adjustments', {
          customerId: customer.user.id,
          walletId: customer.ngn.id,
          amount: half,
          direction: 'credit',
          reason: 'Goodwill for the trouble',
          transactionId: customer.transfer.id,
        }),
      ),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400])
    const refused = answers.find((answer) => answer.status === 400)
    expect(refused?.body).toMatchObject({ code: 'VALIDATION_FAILED' })
    expect(JSON.stringify(refused?.body)).toContain('can still be paid back')
    const paidBack = kobo(await balanceOf(customer.client)) - kobo(before)
    expect(paidBack).toBe(20000_00n + kobo(half))
    expect(paidBack <= taken).toBe(true)
    expect(await ledgerProblems()).toEqual([])
  })

  it('refuses to refund a transfer whose payout is still in flight, and fails it once instead', async () => {
    const support = await operator('support')
    const compliance = await operator('compliance')
    const client = createTestClient(context.app)
    await signUpClient(client)
    const ngn = await walletIn(client, 'NGN')
    await addFunds(client, ngn.id, '100000.00')
    const sent = await moneyPost(client, '/api/send-money/bank', {
      fromWalletId: ngn.id,
      bankCode: '057',
      accountNumber: '0123456789',
      accountName: 'Adaeze Okafor',
      amount: '60000.00',
      description: 'School fees',
    })
    expect(sent.status, sent.text).toBe(201)
    const transfer = transactionSchema.parse(sent.body)
    const opened = openedDisputeSchema.parse(
      (
        await client.post(`/api/transactions/${transfer.id}/disputes`, {
          reason: 'not_received',
          details: 'Still nothing',
        })
      ).body,
    )
    const early = await refund(support, opened.id, '60000.00')
    expect(early.status, early.text).toBe(409)
    const [payout] = await context.database.db
      .select({ id: payouts.id })
      .from(payouts)
      .where(eq(payouts.journalId, transfer.id))
    if (!payout) throw new Error('the transfer has no payout')
    const failed = await support.client.post(`/api/ops/payouts/${payout.id}/fail`, {
      reason: 'The bank has no record of it',
    })
    expect(failed.status, failed.text).toBe(200)
    const { proposal } = proposalAnswerSchema.parse(failed.body)
    expect(proposal.status).toBe('pending')
    const before = await balanceOf(client)
    // The provider settles it meanwhile: approving the failure now moves nothing.
    await settlePayout(context.database.db, payout.id, { status: 'completed' })
    const late = await compliance.client.post(`/api/ops/approvals/${proposal.id}/approve`)
    expect(late.status, late.text).toBe(409)
    expect(await balanceOf(client)).toBe(before)
    expect(await ledgerProblems()).toEqual([])
  })

  it('waits for a second operator on any adjustment tied to no transaction', async () => {
    const support = await operator('support')
    const customer = await reportedTransfer('1000.00')
    const answer = await support.client.post('/api/ops/adjustments', {
      customerId: customer.user.id,
      walletId: customer.ngn.id,
      amount: '1.00',
      direction: 'credit',
      reason: 'Goodwill',
    })
    expect(answer.status, answer.text).toBe(200)
    expect(proposalAnswerSchema.parse(answer.body).proposal).toMatchObject({
      status: 'pending',
      needsApproval: true,
    })
  })
})

describe('the four-eyes rule', () => {
  const kinds = fc.constantFrom<ProposalInput['kind']>('refund', 'adjustment', 'payout_failure')

  it('lets one operator move naira for a transaction up to the threshold, and no further', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.bigInt({ min: -10_000n, max: 10_000n }),
        kinds,
        (thresholdNaira, offset, kind) => {
          const amountMinor = BigInt(thresholdNaira) * 100n + offset
          fc.pre(amountMinor > 0n)
          const needs = needsSecondOperator(
            { kind, amountMinor, journalId: 'j' },
            'NGN',
            thresholdNaira,
          )
          expect(needs).toBe(offset > 0n)
        },
      ),
    )
  })

  it('asks more of a larger amount, never less', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10_000_000_000n }),
        fc.bigInt({ min: 0n, max: 10_000_000_000n }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom('NGN', 'KES', 'ZAR', 'USD'),
        kinds,
        fc.boolean(),
        (amountMinor, more, thresholdNaira, asset, kind, tied) => {
          const input = { kind, journalId: tied ? 'j' : null }
          const small = needsSecondOperator({ ...input, amountMinor }, asset, thresholdNaira)
          const large = needsSecondOperator(
            { ...input, amountMinor: amountMinor + more },
            asset,
            thresholdNaira,
          )
          if (small) expect(large).toBe(true)
        },
      ),
    )
  })

  it('always asks for another currency, and for an adjustment tied to no transaction', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 100n }),
        fc.constantFrom('KES', 'ZAR', 'USD', 'BTC'),
        kinds,
        (amountMinor, asset, kind) => {
          expect(needsSecondOperator({ kind, amountMinor, journalId: 'j' }, asset, 50_000)).toBe(
            true,
          )
          expect(
            needsSecondOperator(
              { kind: 'adjustment', amountMinor, journalId: null },
              'NGN',
              50_000,
            ),
          ).toBe(true)
        },
      ),
    )
  })
})
