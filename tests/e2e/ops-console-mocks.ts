import type { Page, Route } from '@playwright/test'
import type { z } from 'zod'
import {
  addedOperatorSchema,
  addOperatorRequestSchema,
  adjustmentRequestSchema,
  approvalsSchema,
  auditPageSchema,
  customerRecordSchema,
  customerSearchSchema,
  type DisputeDetail,
  disputeDetailSchema,
  disputeQueueQuerySchema,
  disputeQueueSchema,
  enrolmentSchema,
  kycReviewsSchema,
  type MoneyProposal,
  type Operator,
  type OperatorRole,
  operatorsSchema,
  opsLoginRequestSchema,
  opsMeSchema,
  proposalAnswerSchema,
  refundRequestSchema,
  stuckPayoutsSchema,
} from '#shared/schemas/ops.ts'

/**
 * A stand-in for `/api/ops/*` while the server's routes are being written: answers built from
 * the shared contract and parsed with its schemas before they are sent, so the console is tested
 * against exactly what the server promises. State lives in `OpsMock` so a test can change it
 * (end the session, add a proposal) and read what the console sent.
 */

export const OPERATORS: Record<OperatorRole, Operator> = {
  support: operator('11111111-1111-4111-8111-111111111111', 'Sade Support', 'support'),
  compliance: operator('22222222-2222-4222-8222-222222222222', 'Chidi Compliance', 'compliance'),
  admin: operator('33333333-3333-4333-8333-333333333333', 'Amaka Admin', 'admin'),
}

export const PASSWORD = 'correct horse battery'
export const CODE = '123456'
export const ENROLMENT_TOKEN = 'enrol-token-0123456789abcdef'

function operator(id: string, name: string, role: OperatorRole): Operator {
  return {
    id,
    email: `${name.split(' ')[0]?.toLowerCase()}@ops.sabi.example`,
    name,
    role,
    active: true,
    enrolled: true,
    lastSignInAt: '2026-03-02T08:00:00.000Z',
    createdAt: '2026-01-05T09:00:00.000Z',
  }
}

const CUSTOMER = { id: 'c0c0c0c0-0000-4000-8000-000000000001', name: 'Tunde Bakare' }
const WALLET_ID = 'a0a0a0a0-0000-4000-8000-000000000001'

const TRANSACTION = {
  id: 't0t0t0t0-0000-4000-8000-000000000001'.replaceAll('t', 'b'),
  reference: 'SB-BANK-7Q2K9',
  type: 'bank_transfer',
  status: 'completed',
  amount: '80000.00',
  fee: '50.00',
  currency: 'NGN',
  direction: 'debit' as const,
  description: 'Rent for March',
  createdAt: '2026-03-01T10:15:00.000Z',
}

function disputeDetail(): DisputeDetail {
  return {
    dispute: {
      id: 'd1',
      reference: 'DSP-1001',
      reason: 'not_received',
      details: 'The landlord says the money never came. It has been four days.',
      status: 'open',
      outcome: null,
      resolutionNote: null,
      createdAt: '2026-03-02T09:00:00.000Z',
      updatedAt: '2026-03-02T09:00:00.000Z',
      customer: { ...CUSTOMER, email: 'tunde@example.com' },
      transaction: TRANSACTION,
    },
    payout: {
      id: 'p1',
      kind: 'bank_transfer',
      provider: 'sandbox',
      status: 'completed',
      details: { bank: 'GTBank', accountNumber: '0123456789', accountName: 'Ade Landlord' },
    },
    timeline: [
      {
        actor: 'customer',
        operator: null,
        kind: 'reported',
        note: 'The landlord says the money never came.',
        createdAt: '2026-03-02T09:00:00.000Z',
      },
    ],
    proposals: [],
  }
}

function proposal(overrides: Partial<MoneyProposal>): MoneyProposal {
  return {
    id: 'pr-x',
    kind: 'refund',
    status: 'pending',
    needsApproval: true,
    customer: CUSTOMER,
    walletId: WALLET_ID,
    currency: 'NGN',
    amount: '80000.00',
    direction: 'credit',
    reason: 'Bank confirms the transfer never settled',
    disputeReference: 'DSP-1001',
    transactionReference: TRANSACTION.reference,
    payoutId: null,
    proposedBy: OPERATORS.support.email,
    proposedById: OPERATORS.support.id,
    decidedBy: null,
    decidedAt: null,
    resultTransactionReference: null,
    createdAt: '2026-03-02T11:00:00.000Z',
    ...overrides,
  }
}

function auditEntries(count: number) {
  return Array.from({ length: count }, (_, index) => {
    const seq = count - index
    return {
      seq: String(seq),
      at: new Date(Date.UTC(2026, 2, 1, 8, 0, seq)).toISOString(),
      actor: seq % 2 === 0 ? OPERATORS.support.email : OPERATORS.compliance.email,
      action: seq % 3 === 0 ? 'customer.open' : 'dispute.review',
      targetType: seq % 3 === 0 ? 'customer' : 'dispute',
      targetId: seq % 3 === 0 ? CUSTOMER.id : 'd1',
      reason: seq % 3 === 0 ? `Ticket ${seq}` : null,
      details: {},
      hash: `hash-${seq}`,
    }
  })
}

export type OpsMock = {
  /** Who the session belongs to; null is no session (401 on every call but sign-in). */
  signedIn: Operator | null
  /** Who signs in with the right password and code. */
  signsInAs: Operator
  dispute: DisputeDetail
  approvals: MoneyProposal[]
  audit: ReturnType<typeof auditEntries>
  /** Every request the console sent, "METHOD path?query" with its JSON body. */
  requests: { call: string; body: unknown }[]
}

export function newOpsMock(signsInAs: Operator = OPERATORS.support): OpsMock {
  return {
    signedIn: null,
    signsInAs,
    dispute: disputeDetail(),
    approvals: [
      proposal({
        id: 'pr-own',
        proposedBy: OPERATORS.compliance.email,
        proposedById: OPERATORS.compliance.id,
        kind: 'adjustment',
      }),
      proposal({
        id: 'pr-other',
        proposedBy: OPERATORS.support.email,
        proposedById: OPERATORS.support.id,
      }),
    ],
    audit: auditEntries(120),
    requests: [],
  }
}

async function answer<S extends z.ZodType>(route: Route, schema: S, body: z.input<S>) {
  await route.fulfill({ status: 200, json: schema.parse(body) })
}

async function refuse(route: Route, status: number, message: string, code: string) {
  await route.fulfill({ status, json: { message, code } })
}

function bodyOf(route: Route): unknown {
  const text = route.request().postData()
  return text ? JSON.parse(text) : undefined
}

/** Answers every `/api/ops/*` call of the page from `mock`. */
export async function mockOpsApi(page: Page, mock: OpsMock) {
  await page.route('**/api/ops/**', async (route) => {
    const request = route.request()
    const url = new URL(request.url())
    const path = url.pathname.replace(/^\/api\/ops/, '')
    const method = request.method()
    const body = bodyOf(route)
    mock.requests.push({ call: `${method} ${path}${url.search}`, body })

    if (method === 'GET' && path === '/enrolment') {
      if (url.searchParams.get('token') !== ENROLMENT_TOKEN) {
        return refuse(route, 404, 'This link is not valid', 'NOT_FOUND')
      }
      return answer(route, enrolmentSchema, {
        email: 'new@ops.sabi.example',
        name: 'Ngozi New',
        role: 'support',
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        otpauthUrl:
          'otpauth://totp/Sabi%20operations:new@ops.sabi.example?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Sabi%20operations',
      })
    }
    if (method === 'POST' && path === '/enrolment') {
      return route.fulfill({ status: 204 })
    }
    if (method === 'POST' && path === '/auth/login') {
      const login = opsLoginRequestSchema.safeParse(body)
      if (!login.success || login.data.password !== PASSWORD || login.data.code !== CODE) {
        return refuse(route, 401, 'Wrong e-mail, password or code', 'INVALID_CREDENTIALS')
      }
      mock.signedIn = mock.signsInAs
      return answer(route, opsMeSchema, { operator: mock.signsInAs })
    }
    const me = mock.signedIn
    if (!me) return refuse(route, 401, 'Unauthorized', 'UNAUTHORIZED')

    if (method === 'GET' && path === '/auth/me') return answer(route, opsMeSchema, { operator: me })
    if (method === 'POST' && path === '/auth/logout') {
      mock.signedIn = null
      return route.fulfill({ status: 204 })
    }
    if (method === 'GET' && path === '/disputes') {
      const { status = 'open' } = disputeQueueQuerySchema.parse({
        status: url.searchParams.get('status') ?? undefined,
      })
      const disputes = mock.dispute.dispute.status === status ? [mock.dispute.dispute] : []
      return answer(route, disputeQueueSchema, { disputes })
    }
    if (method === 'GET' && path === `/disputes/${mock.dispute.dispute.id}`) {
      return answer(route, disputeDetailSchema, mock.dispute)
    }
    if (method === 'POST' && path === `/disputes/${mock.dispute.dispute.id}/review`) {
      mock.dispute.dispute.status = 'in_review'
      return route.fulfill({ status: 204 })
    }
    if (method === 'POST' && path === `/disputes/${mock.dispute.dispute.id}/refund`) {
      const { amount, note } = refundRequestSchema.parse(body)
      const made = proposal({
        id: 'pr-new',
        amount,
        reason: note,
        proposedBy: me.email,
        proposedById: me.id,
      })
      mock.dispute.proposals.push(made)
      mock.dispute.timeline.push({
        actor: 'operator',
        operator: me.name,
        kind: 'refund_proposed',
        note,
        createdAt: '2026-03-02T12:00:00.000Z',
      })
      return answer(route, proposalAnswerSchema, { proposal: made })
    }
    if (method === 'GET' && path === '/approvals') {
      return answer(route, approvalsSchema, { proposals: mock.approvals })
    }
    const decision = /^\/approvals\/([^/]+)\/(approve|reject)$/.exec(path)
    if (method === 'POST' && decision) {
      const [, id, verb] = decision
      const found = mock.approvals.find((candidate) => candidate.id === id)
      if (!found) return refuse(route, 404, 'No such proposal', 'NOT_FOUND')
      if (found.proposedById === me.id) {
        return refuse(route, 403, 'Nobody approves their own proposal', 'FOUR_EYES')
      }
      mock.approvals = mock.approvals.filter((candidate) => candidate.id !== id)
      const decided: MoneyProposal = {
        ...found,
        status: verb === 'approve' ? 'executed' : 'rejected',
        decidedBy: me.email,
        decidedAt: '2026-03-02T12:30:00.000Z',
        resultTransactionReference: verb === 'approve' ? 'SB-REFUND-88X1' : null,
      }
      return answer(route, proposalAnswerSchema, { proposal: decided })
    }
    if (method === 'GET' && path === '/customers') {
      return answer(route, customerSearchSchema, {
        customers: [
          {
            ...CUSTOMER,
            email: 'tunde@example.com',
            phoneNumber: '+2348031234567',
            username: 'tunde_b',
            kycTier: 2,
            frozen: false,
            createdAt: '2025-11-20T10:00:00.000Z',
          },
        ],
      })
    }
    if (method === 'POST' && path === `/customers/${CUSTOMER.id}/open`) {
      return answer(route, customerRecordSchema, {
        customer: {
          ...CUSTOMER,
          email: 'tunde@example.com',
          phoneNumber: '+2348031234567',
          username: 'tunde_b',
          kycTier: 2,
          frozen: false,
          createdAt: '2025-11-20T10:00:00.000Z',
          firstName: 'Tunde',
          lastName: 'Bakare',
          country: 'NG',
          verificationStatus: 'verified',
          frozenAt: null,
          phoneVerified: true,
          twoFactorEnabled: false,
        },
        wallets: [
          { id: WALLET_ID, currency: 'NGN', balance: '152300.50', isPrimary: true },
          {
            id: 'a0a0a0a0-0000-4000-8000-000000000002',
            currency: 'USD',
            balance: '40.00',
            isPrimary: false,
          },
        ],
        transactions: [
          TRANSACTION,
          {
            ...TRANSACTION,
            id: 'b0b0b0b0-0000-4000-8000-000000000002',
            reference: 'SB-IN-4411',
            type: 'receive',
            direction: 'credit',
            amount: '250000.00',
            fee: '0.00',
            description: 'Salary',
            createdAt: '2026-02-28T08:00:00.000Z',
          },
        ],
        sessions: [
          { createdAt: '2026-03-01T07:00:00.000Z', expiresAt: '2026-03-31T07:00:00.000Z' },
        ],
        notifications: [
          { kind: 'transfer_sent', createdAt: '2026-03-01T10:15:00.000Z' },
          { kind: 'dispute_opened', createdAt: '2026-03-02T09:00:00.000Z' },
        ],
        disputes: [
          {
            id: 'd1',
            reference: 'DSP-1001',
            status: mock.dispute.dispute.status,
            reason: 'not_received',
            createdAt: '2026-03-02T09:00:00.000Z',
          },
        ],
      })
    }
    if (method === 'POST' && /^\/customers\/[^/]+\/(freeze|unfreeze)$/.test(path)) {
      return route.fulfill({ status: 204 })
    }
    if (method === 'POST' && path === '/adjustments') {
      const request = adjustmentRequestSchema.parse(body)
      return answer(route, proposalAnswerSchema, {
        proposal: proposal({
          id: 'pr-adj',
          kind: 'adjustment',
          amount: request.amount,
          direction: request.direction,
          reason: request.reason,
          disputeReference: null,
          proposedBy: me.email,
          proposedById: me.id,
        }),
      })
    }
    if (method === 'GET' && path === '/payouts') {
      return answer(route, stuckPayoutsSchema, {
        payouts: [
          {
            id: 'po-1',
            kind: 'bank_transfer',
            provider: 'paystack',
            status: 'needs_review',
            amount: '45000.00',
            currency: 'NGN',
            attempts: 6,
            createdAt: '2026-03-01T13:00:00.000Z',
            nextCheckAt: null,
            customer: CUSTOMER,
            transactionReference: 'SB-BANK-5RT2',
          },
        ],
      })
    }
    if (method === 'POST' && path === '/payouts/po-1/retry') return route.fulfill({ status: 204 })
    if (method === 'GET' && path === '/kyc/reviews') {
      return answer(route, kycReviewsSchema, {
        reviews: [
          {
            id: 'kyc-1',
            customer: { ...CUSTOMER, email: 'tunde@example.com' },
            documentType: 'international_passport',
            documentNumberLast4: '4821',
            address: { line: '12 Admiralty Way', city: 'Lekki', state: 'Lagos', country: 'NG' },
            createdAt: '2026-03-01T16:20:00.000Z',
          },
        ],
      })
    }
    if (method === 'GET' && path === '/operators') {
      return answer(route, operatorsSchema, {
        operators: [
          OPERATORS.admin,
          OPERATORS.support,
          OPERATORS.compliance,
          {
            ...operator('44444444-4444-4444-8444-444444444444', 'Ngozi New', 'support'),
            enrolled: false,
            lastSignInAt: null,
          },
        ],
      })
    }
    if (method === 'POST' && path === '/operators') {
      const added = addOperatorRequestSchema.parse(body)
      return answer(route, addedOperatorSchema, {
        operator: {
          ...operator('55555555-5555-4555-8555-555555555555', added.name, added.role),
          email: added.email,
          enrolled: false,
          lastSignInAt: null,
        },
        enrolmentUrl: `/ops/enrol?token=${ENROLMENT_TOKEN}`,
      })
    }
    if (method === 'GET' && path === '/audit') {
      const before = Number(url.searchParams.get('before') ?? Number.POSITIVE_INFINITY)
      const limit = Number(url.searchParams.get('limit') ?? 50)
      const entries = mock.audit.filter((entry) => Number(entry.seq) < before).slice(0, limit)
      return answer(route, auditPageSchema, { entries })
    }
    return refuse(route, 404, `No mock for ${method} ${path}`, 'NOT_FOUND')
  })
}

/** Signs in through the console's own form, as `mock.signsInAs`. */
export async function signInToConsole(page: Page, mock: OpsMock) {
  await page.getByLabel('E-mail').fill(mock.signsInAs.email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Authenticator code').fill(CODE)
  await page.getByRole('button', { name: 'Sign in' }).click()
}
