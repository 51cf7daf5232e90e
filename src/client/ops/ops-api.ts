import type { z } from 'zod'
import { ApiError, apiRequest } from '#client/lib/api.ts'
import type { DisputeStatus } from '#shared/schemas/dispute-states.ts'
import {
  addedOperatorSchema,
  type addOperatorRequestSchema,
  type adjustmentRequestSchema,
  approvalsSchema,
  auditPageSchema,
  type CustomerRecord,
  customerRecordSchema,
  customerSearchSchema,
  type DisputeDetail,
  disputeDetailSchema,
  disputeQueueSchema,
  enrolmentSchema,
  type enrolRequestSchema,
  kycReviewsSchema,
  type MoneyProposal,
  type Operator,
  operatorsSchema,
  type opsLoginRequestSchema,
  opsMeSchema,
  proposalAnswerSchema,
  stuckPayoutsSchema,
  type updateOperatorRequestSchema,
} from '#shared/schemas/ops.ts'

/**
 * The console's calls to `/api/ops/*`, one function each, every answer parsed with the shared
 * contract (src/shared/schemas/ops.ts). They go through the app's one fetch wrapper: the
 * `sabi_ops` cookie is same-origin, so `credentials: 'include'` carries it as it carries a
 * customer's. A 401 here is the console's business (ops-query-client.ts), never the customer
 * app's sign-out.
 */

export type CustomerSummary = z.infer<typeof customerSearchSchema>['customers'][number]
export type DisputeSummary = z.infer<typeof disputeQueueSchema>['disputes'][number]
export type StuckPayout = z.infer<typeof stuckPayoutsSchema>['payouts'][number]
export type KycReview = z.infer<typeof kycReviewsSchema>['reviews'][number]
export type AuditEntry = z.infer<typeof auditPageSchema>['entries'][number]
export type Enrolment = z.infer<typeof enrolmentSchema>
export type AddedOperator = z.infer<typeof addedOperatorSchema>

/** Query keys, all under 'ops' so that signing out can drop every one of them. */
export const OPS_KEYS = {
  all: ['ops'] as const,
  me: ['ops', 'me'] as const,
  enrolment: (token: string) => ['ops', 'enrolment', token] as const,
  customers: (q: string) => ['ops', 'customers', q] as const,
  customer: (id: string) => ['ops', 'customer', id] as const,
  disputes: (status: DisputeStatus) => ['ops', 'disputes', status] as const,
  disputeQueues: ['ops', 'disputes'] as const,
  dispute: (id: string) => ['ops', 'dispute', id] as const,
  approvals: ['ops', 'approvals'] as const,
  payouts: ['ops', 'payouts'] as const,
  kycReviews: ['ops', 'kyc-reviews'] as const,
  operators: ['ops', 'operators'] as const,
  audit: (before: string | null) => ['ops', 'audit', before ?? 'newest'] as const,
}

/** Where the audit log's CSV comes from: a plain link, the browser downloads it. */
export const AUDIT_EXPORT_PATH = '/api/ops/audit/export'
/** How many audit entries one page shows. */
export const AUDIT_PAGE_SIZE = 50

const BASE = '/api/ops'

function segment(id: string): string {
  return encodeURIComponent(id)
}

const operatorAnswerSchema = opsMeSchema

// --- sign-in and enrolment -------------------------------------------------------------------

/** The operator signed in, or null when the console has no session (401). */
export async function fetchOperator(): Promise<Operator | null> {
  try {
    return opsMeSchema.parse(await apiRequest('GET', `${BASE}/auth/me`)).operator
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

export async function signInOperator(
  body: z.infer<typeof opsLoginRequestSchema>,
): Promise<Operator> {
  return opsMeSchema.parse(await apiRequest('POST', `${BASE}/auth/login`, body)).operator
}

export async function signOutOperator(): Promise<void> {
  await apiRequest('POST', `${BASE}/auth/logout`)
}

/** Whom an enrolment link enrols, or null when the link is invalid, used or expired (404). */
export async function fetchEnrolment(token: string): Promise<Enrolment | null> {
  try {
    const query = new URLSearchParams({ token })
    return enrolmentSchema.parse(await apiRequest('GET', `${BASE}/enrolment?${query}`))
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null
    throw error
  }
}

export async function enrolOperator(body: z.infer<typeof enrolRequestSchema>): Promise<void> {
  await apiRequest('POST', `${BASE}/enrolment`, body)
}

// --- customers -------------------------------------------------------------------------------

export async function searchCustomers(q: string): Promise<CustomerSummary[]> {
  const query = new URLSearchParams({ q })
  return customerSearchSchema.parse(await apiRequest('GET', `${BASE}/customers?${query}`)).customers
}

/** Opens a customer's record; the server logs who opened it and why. */
export async function openCustomerRecord(id: string, reason: string): Promise<CustomerRecord> {
  return customerRecordSchema.parse(
    await apiRequest('POST', `${BASE}/customers/${segment(id)}/open`, { reason }),
  )
}

export async function setCustomerFrozen(
  id: string,
  frozen: boolean,
  reason: string,
): Promise<void> {
  const verb = frozen ? 'freeze' : 'unfreeze'
  await apiRequest('POST', `${BASE}/customers/${segment(id)}/${verb}`, { reason })
}

// --- disputes --------------------------------------------------------------------------------

export async function fetchDisputes(status: DisputeStatus): Promise<DisputeSummary[]> {
  const query = new URLSearchParams({ status })
  return disputeQueueSchema.parse(await apiRequest('GET', `${BASE}/disputes?${query}`)).disputes
}

export async function fetchDispute(id: string): Promise<DisputeDetail> {
  return disputeDetailSchema.parse(await apiRequest('GET', `${BASE}/disputes/${segment(id)}`))
}

export async function reviewDispute(id: string): Promise<void> {
  await apiRequest('POST', `${BASE}/disputes/${segment(id)}/review`)
}

export async function declineDispute(id: string, note: string): Promise<void> {
  await apiRequest('POST', `${BASE}/disputes/${segment(id)}/decline`, { note })
}

export async function proposeRefund(
  id: string,
  body: { amount: string; note: string },
): Promise<MoneyProposal> {
  return proposalAnswerSchema.parse(
    await apiRequest('POST', `${BASE}/disputes/${segment(id)}/refund`, body),
  ).proposal
}

// --- money, four eyes ------------------------------------------------------------------------

export async function proposeAdjustment(
  body: z.infer<typeof adjustmentRequestSchema>,
): Promise<MoneyProposal> {
  return proposalAnswerSchema.parse(await apiRequest('POST', `${BASE}/adjustments`, body)).proposal
}

export async function fetchApprovals(): Promise<MoneyProposal[]> {
  return approvalsSchema.parse(await apiRequest('GET', `${BASE}/approvals`)).proposals
}

export async function approveProposal(id: string): Promise<MoneyProposal> {
  return proposalAnswerSchema.parse(
    await apiRequest('POST', `${BASE}/approvals/${segment(id)}/approve`),
  ).proposal
}

export async function rejectProposal(id: string, note: string): Promise<MoneyProposal> {
  return proposalAnswerSchema.parse(
    await apiRequest('POST', `${BASE}/approvals/${segment(id)}/reject`, { note }),
  ).proposal
}

// --- payouts ---------------------------------------------------------------------------------

export async function fetchStuckPayouts(): Promise<StuckPayout[]> {
  return stuckPayoutsSchema.parse(await apiRequest('GET', `${BASE}/payouts`)).payouts
}

export async function retryPayout(id: string): Promise<void> {
  await apiRequest('POST', `${BASE}/payouts/${segment(id)}/retry`)
}

export async function failPayout(id: string, reason: string): Promise<MoneyProposal> {
  return proposalAnswerSchema.parse(
    await apiRequest('POST', `${BASE}/payouts/${segment(id)}/fail`, { reason }),
  ).proposal
}

// --- identity review -------------------------------------------------------------------------

export async function fetchKycReviews(): Promise<KycReview[]> {
  return kycReviewsSchema.parse(await apiRequest('GET', `${BASE}/kyc/reviews`)).reviews
}

export async function decideKycReview(
  id: string,
  decision: 'approve' | 'reject',
  reason: string,
): Promise<void> {
  await apiRequest('POST', `${BASE}/kyc/reviews/${segment(id)}/${decision}`, { reason })
}

// --- operators and the audit log -------------------------------------------------------------

export async function fetchOperators(): Promise<Operator[]> {
  return operatorsSchema.parse(await apiRequest('GET', `${BASE}/operators`)).operators
}

export async function addOperator(
  body: z.infer<typeof addOperatorRequestSchema>,
): Promise<AddedOperator> {
  return addedOperatorSchema.parse(await apiRequest('POST', `${BASE}/operators`, body))
}

export async function updateOperator(
  id: string,
  body: z.infer<typeof updateOperatorRequestSchema>,
): Promise<Operator> {
  return operatorAnswerSchema.parse(
    await apiRequest('PATCH', `${BASE}/operators/${segment(id)}`, body),
  ).operator
}

export async function fetchAuditPage(before: string | null): Promise<AuditEntry[]> {
  const query = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) })
  if (before) query.set('before', before)
  return auditPageSchema.parse(await apiRequest('GET', `${BASE}/audit?${query}`)).entries
}
