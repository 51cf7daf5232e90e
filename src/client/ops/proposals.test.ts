import { describe, expect, it } from 'vitest'
import type { MoneyProposal, Operator } from '#shared/schemas/ops.ts'
import { amountProblem, isOwnProposal, proposalOutcomeText, refundLimitText } from './proposals.ts'

const operator: Operator = {
  id: '6f1c2f2e-0000-4000-8000-000000000001',
  email: 'ada@sabi.example',
  name: 'Ada Obi',
  role: 'compliance',
  active: true,
  enrolled: true,
  lastSignInAt: null,
  createdAt: '2026-01-01T00:00:00Z',
}

function proposal(overrides: Partial<MoneyProposal> = {}): MoneyProposal {
  return {
    id: 'p1',
    kind: 'refund',
    status: 'pending',
    needsApproval: true,
    customer: { id: 'c1', name: 'Tunde Bakare' },
    walletId: 'w1',
    currency: 'NGN',
    amount: '80000.00',
    direction: 'credit',
    reason: 'Bank says it never arrived',
    disputeReference: 'DSP-1',
    transactionReference: 'TX-1',
    payoutId: null,
    proposedBy: 'bola@sabi.example',
    proposedById: 'someone-else',
    decidedBy: null,
    decidedAt: null,
    resultTransactionReference: null,
    createdAt: '2026-01-02T00:00:00Z',
    ...overrides,
  }
}

describe('isOwnProposal', () => {
  it('knows the operator by id', () => {
    expect(isOwnProposal(proposal({ proposedById: operator.id }), operator)).toBe(true)
  })

  it('does not take another operator with the same e-mail shown for them', () => {
    expect(
      isOwnProposal(proposal({ proposedBy: operator.email, proposedById: 'other' }), operator),
    ).toBe(false)
  })
})

describe('proposalOutcomeText', () => {
  it('says whether the money moved or waits', () => {
    expect(
      proposalOutcomeText(proposal({ status: 'executed', resultTransactionReference: 'R-9' })),
    ).toContain('R-9')
    expect(proposalOutcomeText(proposal())).toMatch(/second operator/)
    expect(proposalOutcomeText(proposal({ status: 'rejected' }))).toMatch(/no money moved/i)
  })
})

describe('amountProblem', () => {
  it('accepts a plain amount within the limit', () => {
    expect(amountProblem('80000.00', 'NGN', { amount: '80000.00', fee: '50.00' })).toBeNull()
    expect(amountProblem('80050', 'NGN', { amount: '80000.00', fee: '50.00' })).toBeNull()
  })

  it('refuses more than the amount and fee', () => {
    expect(amountProblem('80050.01', 'NGN', { amount: '80000.00', fee: '50.00' })).toBe(
      'At most ₦80,050.00',
    )
  })

  it('refuses zero, words and too many decimals', () => {
    expect(amountProblem('0.00', 'NGN')).toMatch(/above zero/)
    expect(amountProblem('12,000', 'NGN')).toMatch(/such as/)
    expect(amountProblem('-5', 'NGN')).toMatch(/such as/)
    expect(amountProblem('1.005', 'NGN')).toMatch(/decimals/)
    expect(amountProblem('0.00000001', 'BTC')).toBeNull()
  })

  it('checks only the shape for a currency this client does not know', () => {
    expect(amountProblem('10.5', 'XYZ')).toBeNull()
    expect(amountProblem('0', 'XYZ')).toMatch(/above zero/)
  })
})

describe('refundLimitText', () => {
  it('adds the fee to the amount', () => {
    expect(refundLimitText({ amount: '1000.00', fee: '20.00', currency: 'NGN' })).toBe('₦1,020.00')
  })
})
