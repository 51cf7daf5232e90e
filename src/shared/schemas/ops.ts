import { z } from 'zod'
import { DISPUTE_REASONS, DISPUTE_STATUSES } from './dispute-states.ts'

/**
 * The operations console's API (docs/operations-console.md): what `/api/ops/*` takes and answers.
 * The server validates requests with these and the console parses answers with them, so both
 * sides hold one contract. Amounts are decimal strings with the asset's decimals, as elsewhere.
 */

export const OPERATOR_ROLES = ['support', 'compliance', 'admin'] as const
export type OperatorRole = (typeof OPERATOR_ROLES)[number]

/** The shortest an operator's password may be: staff accounts reach every customer's money. */
export const OPERATOR_PASSWORD_MIN_LENGTH = 12

const email = z.email().max(254)
const reason = z.string().trim().min(3).max(500)
const amount = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,8})?$/)
const isoDate = z.string()

export const operatorSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(OPERATOR_ROLES),
  active: z.boolean(),
  /** Whether the operator has set a password and TOTP from their enrolment link. */
  enrolled: z.boolean(),
  lastSignInAt: isoDate.nullable(),
  createdAt: isoDate,
})
export type Operator = z.infer<typeof operatorSchema>

// --- sign-in and enrolment -------------------------------------------------------------------

export const opsLoginRequestSchema = z.object({
  email,
  password: z.string().min(1).max(200),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
})
export const opsMeSchema = z.object({ operator: operatorSchema })

export const enrolmentQuerySchema = z.object({ token: z.string().min(20).max(100) })
/** What an enrolment link shows: whom it enrols, and the TOTP secret to scan. */
export const enrolmentSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(OPERATOR_ROLES),
  secret: z.string(),
  otpauthUrl: z.string(),
})
export const enrolRequestSchema = z.object({
  token: z.string().min(20).max(100),
  password: z.string().min(OPERATOR_PASSWORD_MIN_LENGTH).max(200),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
})

// --- customers -------------------------------------------------------------------------------

export const customerSearchQuerySchema = z.object({ q: z.string().trim().min(2).max(100) })
export const customerSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  username: z.string(),
  kycTier: z.number(),
  frozen: z.boolean(),
  createdAt: isoDate,
})
export const customerSearchSchema = z.object({ customers: z.array(customerSummarySchema) })

/** Opening a customer's record is logged with why: `POST /api/ops/customers/:id/open`. */
export const openRecordRequestSchema = z.object({ reason })

const opsTransactionSchema = z.object({
  id: z.string(),
  reference: z.string(),
  type: z.string(),
  status: z.string(),
  amount: z.string(),
  fee: z.string(),
  currency: z.string(),
  /** Out of the customer's wallet (debit) or into it (credit). */
  direction: z.enum(['debit', 'credit']),
  description: z.string().nullable(),
  createdAt: isoDate,
})
export type OpsTransaction = z.infer<typeof opsTransactionSchema>

export const customerRecordSchema = z.object({
  customer: customerSummarySchema.extend({
    firstName: z.string(),
    lastName: z.string(),
    country: z.string().nullable(),
    verificationStatus: z.string(),
    frozenAt: isoDate.nullable(),
    phoneVerified: z.boolean(),
    twoFactorEnabled: z.boolean(),
  }),
  wallets: z.array(
    z.object({ id: z.string(), currency: z.string(), balance: z.string(), isPrimary: z.boolean() }),
  ),
  /** The latest 50. */
  transactions: z.array(opsTransactionSchema),
  sessions: z.array(z.object({ createdAt: isoDate, expiresAt: isoDate })),
  /** The latest 50 notifications sent, by kind. */
  notifications: z.array(z.object({ kind: z.string(), createdAt: isoDate })),
  disputes: z.array(
    z.object({
      id: z.string(),
      reference: z.string(),
      status: z.enum(DISPUTE_STATUSES),
      reason: z.enum(DISPUTE_REASONS),
      createdAt: isoDate,
    }),
  ),
})
export type CustomerRecord = z.infer<typeof customerRecordSchema>

/** Freezing or unfreezing a customer (compliance), with why. */
export const freezeRequestSchema = z.object({ reason })

// --- disputes --------------------------------------------------------------------------------

export const disputeQueueQuerySchema = z.object({
  status: z.enum(DISPUTE_STATUSES).optional(),
})
const disputeSummarySchema = z.object({
  id: z.string(),
  reference: z.string(),
  reason: z.enum(DISPUTE_REASONS),
  details: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  outcome: z.enum(['refunded', 'declined']).nullable(),
  resolutionNote: z.string().nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  customer: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }),
  transaction: opsTransactionSchema,
})
export const disputeQueueSchema = z.object({ disputes: z.array(disputeSummarySchema) })

export const moneyProposalSchema = z.object({
  id: z.string(),
  kind: z.enum(['refund', 'adjustment', 'payout_failure']),
  status: z.enum(['pending', 'executed', 'rejected']),
  needsApproval: z.boolean(),
  customer: z.object({ id: z.string(), name: z.string() }),
  walletId: z.string(),
  currency: z.string(),
  amount: z.string(),
  direction: z.enum(['credit', 'debit']),
  reason: z.string(),
  disputeReference: z.string().nullable(),
  transactionReference: z.string().nullable(),
  payoutId: z.string().nullable(),
  /** The proposer's e-mail, to show. */
  proposedBy: z.string(),
  /** The proposer's operator id: nobody approves their own proposal. */
  proposedById: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: isoDate.nullable(),
  resultTransactionReference: z.string().nullable(),
  createdAt: isoDate,
})
export type MoneyProposal = z.infer<typeof moneyProposalSchema>

export const disputeDetailSchema = z.object({
  dispute: disputeSummarySchema,
  /** The payout behind the transaction, when money left through a provider. */
  payout: z
    .object({
      id: z.string(),
      kind: z.string(),
      provider: z.string(),
      status: z.string(),
      details: z.record(z.string(), z.string()),
    })
    .nullable(),
  timeline: z.array(
    z.object({
      actor: z.enum(['customer', 'operator', 'system']),
      operator: z.string().nullable(),
      kind: z.string(),
      note: z.string().nullable(),
      createdAt: isoDate,
    }),
  ),
  proposals: z.array(moneyProposalSchema),
})
export type DisputeDetail = z.infer<typeof disputeDetailSchema>

/** Declining a dispute: the reason the customer reads. */
export const declineRequestSchema = z.object({ note: reason })
/** Refunding a dispute: how much (at most the transaction's amount and fee), and a note. */
export const refundRequestSchema = z.object({ amount, note: reason })

// --- money, four eyes ------------------------------------------------------------------------

export const adjustmentRequestSchema = z.object({
  customerId: z.uuid(),
  walletId: z.uuid(),
  amount,
  direction: z.enum(['credit', 'debit']),
  reason,
  /** The transaction it corrects; without one, any amount waits for a second operator. */
  transactionId: z.uuid().optional(),
})
export const proposalAnswerSchema = z.object({ proposal: moneyProposalSchema })
export const approvalsSchema = z.object({ proposals: z.array(moneyProposalSchema) })
export const rejectRequestSchema = z.object({ note: reason })

// --- payouts ---------------------------------------------------------------------------------

export const stuckPayoutSchema = z.object({
  id: z.string(),
  kind: z.string(),
  provider: z.string(),
  status: z.string(),
  amount: z.string(),
  currency: z.string(),
  attempts: z.number(),
  createdAt: isoDate,
  nextCheckAt: isoDate.nullable(),
  customer: z.object({ id: z.string(), name: z.string() }),
  transactionReference: z.string(),
})
export const stuckPayoutsSchema = z.object({ payouts: z.array(stuckPayoutSchema) })
export const failPayoutRequestSchema = z.object({ reason })

// --- identity review -------------------------------------------------------------------------

export const kycReviewSchema = z.object({
  id: z.string(),
  customer: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }),
  documentType: z.string(),
  documentNumberLast4: z.string(),
  address: z.object({
    line: z.string(),
    city: z.string(),
    state: z.string(),
    country: z.string(),
  }),
  createdAt: isoDate,
})
export const kycReviewsSchema = z.object({ reviews: z.array(kycReviewSchema) })
export const kycDecisionRequestSchema = z.object({ reason })

// --- operators and the audit log (admin) -----------------------------------------------------

export const operatorsSchema = z.object({ operators: z.array(operatorSchema) })
export const addOperatorRequestSchema = z.object({
  email,
  name: z.string().trim().min(2).max(120),
  role: z.enum(OPERATOR_ROLES),
})
/** A new operator and the one-time link where they set a password and scan the TOTP secret. */
export const addedOperatorSchema = z.object({ operator: operatorSchema, enrolmentUrl: z.string() })
export const updateOperatorRequestSchema = z.object({
  role: z.enum(OPERATOR_ROLES).optional(),
  active: z.boolean().optional(),
})

export const auditQuerySchema = z.object({
  /** Entries before this sequence number, newest first. */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
})
export const auditEntrySchema = z.object({
  seq: z.string(),
  at: isoDate,
  actor: z.string(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  hash: z.string(),
})
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema) })

// --- who may do what -------------------------------------------------------------------------

/**
 * Every operation of the console and the roles that may do it (docs/operations-console.md
 * "Roles"): support works customers, disputes and stuck payouts; compliance reads what support
 * reads, reviews identity documents, freezes accounts and approves money; admin manages
 * operators and reads the audit log. The server checks each route against this; the console
 * shows only what the role may do.
 */
export const OPS_PERMISSIONS = {
  searchCustomers: ['support', 'compliance'],
  openCustomer: ['support', 'compliance'],
  listDisputes: ['support', 'compliance'],
  readDispute: ['support', 'compliance'],
  workDispute: ['support'],
  proposeMoney: ['support'],
  listApprovals: ['compliance'],
  decideMoney: ['compliance'],
  listPayouts: ['support', 'compliance'],
  retryPayout: ['support'],
  reviewIdentity: ['compliance'],
  freezeCustomer: ['compliance'],
  manageOperators: ['admin'],
  readAudit: ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>
export type OpsPermission = keyof typeof OPS_PERMISSIONS

export function mayDo(role: OperatorRole, permission: OpsPermission): boolean {
  const allowed: readonly OperatorRole[] = OPS_PERMISSIONS[permission]
  return allowed.includes(role)
}
