import { and, asc, eq, inArray, lt } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { freezeAccount } from '#server/account-safety/account-freeze.ts'
import type { Config } from '#server/config.ts'
import type { Sealer } from '#server/credentials/seal.ts'
import type { Database } from '#server/db/client.ts'
import {
  journals,
  kycDocuments,
  ledgerAccounts,
  operators,
  payouts,
  users,
  wallets,
} from '#server/db/schema.ts'
import { changeDisputeStatus } from '#server/disputes/change-dispute-status.ts'
import { requireOperator, signedInOperator } from '#server/http/ops-session-plugin.ts'
import { appendAudit, readAudit } from '#server/ops/audit-log.ts'
import {
  customerSummary,
  decimalOf,
  findCustomerOrThrow,
  readCustomerRecord,
  searchCustomers,
  unfreezeByStaff,
} from '#server/ops/customers.ts'
import {
  findDisputeOrThrow,
  listDisputeQueue,
  readDisputeDetail,
} from '#server/ops/disputes-queue.ts'
import { approveKycReview, rejectKycReview } from '#server/ops/kyc-reviews.ts'
import {
  approveProposal,
  type ProposalRow,
  payoutInFlight,
  pendingProposals,
  proposalViews,
  proposeMoney,
  rejectProposal,
} from '#server/ops/money-proposals.ts'
import { endOperatorSessions } from '#server/ops/operator-sessions.ts'
import { addOperator, findOperator, operatorView } from '#server/ops/operators.ts'
import { AppError, msg } from '#shared/errors.ts'
import { isAssetCode, parseMoney } from '#shared/money.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import {
  addedOperatorSchema,
  addOperatorRequestSchema,
  adjustmentRequestSchema,
  approvalsSchema,
  auditPageSchema,
  auditQuerySchema,
  customerRecordSchema,
  customerSearchQuerySchema,
  customerSearchSchema,
  declineRequestSchema,
  disputeDetailSchema,
  disputeQueueQuerySchema,
  disputeQueueSchema,
  failPayoutRequestSchema,
  freezeRequestSchema,
  kycDecisionRequestSchema,
  kycReviewsSchema,
  openRecordRequestSchema,
  operatorSchema,
  operatorsSchema,
  proposalAnswerSchema,
  refundRequestSchema,
  rejectRequestSchema,
  stuckPayoutsSchema,
  updateOperatorRequestSchema,
} from '#shared/schemas/ops.ts'

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
}
const idParams = z.object({ id: z.uuid() })
const noContent = { 204: z.null(), ...errors }

/** Payouts in flight longer than this are "stuck" for the console. */
const STUCK_AFTER_MS = 30 * 60 * 1000

/** An amount typed by staff, in the wallet's asset, above zero. */
function amountOrThrow(text: string, asset: string): bigint {
  if (!isAssetCode(asset)) throw new AppError('VALIDATION_FAILED', msg('opsAmountInvalid'))
  const parsed = parseMoney(text, asset)
  if (!parsed.ok || parsed.value.amountMinor <= 0n)
    throw new AppError('VALIDATION_FAILED', msg('opsAmountInvalid'), [
      { path: 'amount', message: msg('opsAmountInvalid') },
    ])
  return parsed.value.amountMinor
}

/**
 * The operations console's API (docs/operations-console.md): every route needs an operator's
 * session and checks the role against OPS_PERMISSIONS; every action, and every customer record
 * opened, is written to the audit log in the same transaction as what it did.
 */
export const opsRoutes: FastifyPluginAsyncZod<{
  db: Database
  config: Config
  sealer: Sealer
}> = async (app, { db, config, sealer }) => {
  // --- customers ------------------------------------------------------------------------------

  app.get(
    '/api/ops/customers',
    {
      schema: {
        tags: ['ops'],
        summary:
          'Find customers by e-mail, phone, username, transaction reference or account number',
        querystring: customerSearchQuerySchema,
        response: { 200: customerSearchSchema, ...errors },
      },
      preValidation: requireOperator('searchCustomers'),
    },
    async (request) => {
      const operator = signedInOperator(request)
      const found = await searchCustomers(db, request.query.q)
      await db.transaction((tx) =>
        appendAudit(tx, {
          operatorId: operator.id,
          actor: operator.email,
          action: 'search_customers',
          details: { query: request.query.q, found: found.length },
        }),
      )
      return { customers: found.map(customerSummary) }
    },
  )

  app.post(
    '/api/ops/customers/:id/open',
    {
      schema: {
        tags: ['ops'],
        summary: "A customer's record, opened with a reason that goes into the audit log",
        params: idParams,
        body: openRecordRequestSchema,
        response: { 200: customerRecordSchema, ...errors },
      },
      preValidation: requireOperator('openCustomer'),
    },
    async (request) => {
      const operator = signedInOperator(request)
      const record = await readCustomerRecord(db, request.params.id)
      await db.transaction((tx) =>
        appendAudit(tx, {
          operatorId: operator.id,
          actor: operator.email,
          action: 'open_customer',
          targetType: 'customer',
          targetId: request.params.id,
          reason: request.body.reason,
        }),
      )
      return record
    },
  )

  for (const action of ['freeze', 'unfreeze'] as const) {
    app.post(
      `/api/ops/customers/:id/${action}`,
      {
        schema: {
          tags: ['ops'],
          summary:
            action === 'freeze'
              ? "Freeze a customer's account (every session ends; no money leaves), with a reason"
              : "Unfreeze a customer's account, with a reason; the customer is told",
          params: idParams,
          body: freezeRequestSchema,
          response: noContent,
        },
        preValidation: requireOperator('freezeCustomer'),
      },
      async (request, reply) => {
        const operator = signedInOperator(request)
        const customer = await findCustomerOrThrow(db, request.params.id)
        await db.transaction(async (tx) => {
          if (action === 'freeze') await freezeAccount(tx, customer.id)
          else await unfreezeByStaff(tx, customer)
          await appendAudit(tx, {
            operatorId: operator.id,
            actor: operator.email,
            action: `${action}_customer`,
            targetType: 'customer',
            targetId: customer.id,
            reason: request.body.reason,
          })
        })
        return reply.status(204).send(null)
      },
    )
  }

  // --- disputes -------------------------------------------------------------------------------

  app.get(
    '/api/ops/disputes',
    {
      schema: {
        tags: ['ops'],
        summary: 'The dispute queue, by status',
        querystring: disputeQueueQuerySchema,
        response: { 200: disputeQueueSchema, ...errors },
      },
      preValidation: requireOperator('listDisputes'),
    },
    async (request) => ({ disputes: await listDisputeQueue(db, request.query.status) }),
  )

  app.get(
    '/api/ops/disputes/:id',
    {
      schema: {
        tags: ['ops'],
        summary: 'A dispute with its transaction, payout, timeline and proposals',
        params: idParams,
        response: { 200: disputeDetailSchema, ...errors },
      },
      preValidation: requireOperator('readDispute'),
    },
    async (request) => readDisputeDetail(db, request.params.id),
  )

  app.post(
    '/api/ops/disputes/:id/review',
    {
      schema: {
        tags: ['ops'],
        summary: 'Take a dispute into review',
        params: idParams,
        response: noContent,
      },
      preValidation: requireOperator('workDispute'),
    },
    async (request, reply) => {
      const operator = signedInOperator(request)
      const dispute = await findDisputeOrThrow(db, request.params.id)
      if (dispute.status === 'resolved') throw new AppError('CONFLICT', msg('opsDisputeResolved'))
      await db.transaction(async (tx) => {
        await changeDisputeStatus(tx, {
          disputeId: dispute.id,
          status: 'in_review',
          operatorId: operator.id,
        })
        await appendAudit(tx, {
          operatorId: operator.id,
          actor: operator.email,
          action: 'review_dispute',
          targetType: 'dispute',
          targetId: dispute.id,
        })
      })
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/ops/disputes/:id/decline',
    {
      schema: {
        tags: ['ops'],
        summary: 'Resolve a dispute as declined, with the reason the customer reads',
        params: idParams,
        body: declineRequestSchema,
        response: noContent,
      },
      preValidation: requireOperator('workDispute'),
    },
    async (request, reply) => {
      const operator = signedInOperator(request)
      const dispute = await findDisputeOrThrow(db, request.params.id)
      if (dispute.status === 'resolved') throw new AppError('CONFLICT', msg('opsDisputeResolved'))
      await db.transaction(async (tx) => {
        await changeDisputeStatus(tx, {
          disputeId: dispute.id,
          status: 'resolved',
          outcome: 'declined',
          note: request.body.note,
          operatorId: operator.id,
        })
        await appendAudit(tx, {
          operatorId: operator.id,
          actor: operator.email,
          action: 'decline_dispute',
          targetType: 'dispute',
          targetId: dispute.id,
          reason: request.body.note,
        })
      })
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/ops/disputes/:id/refund',
    {
      schema: {
        tags: ['ops'],
        summary:
          "Propose a dispute's refund: run at once up to the four-eyes threshold, else waiting for approval",
        params: idParams,
        body: refundRequestSchema,
        response: { 200: proposalAnswerSchema, ...errors },
      },
      preValidation: requireOperator('proposeMoney'),
    },
    async (request) => {
      const operator = signedInOperator(request)
      const dispute = await findDisputeOrThrow(db, request.params.id)
      if (dispute.status === 'resolved') throw new AppError('CONFLICT', msg('opsDisputeResolved'))
      const [journal] = await db.select().from(journals).where(eq(journals.id, dispute.journalId))
      if (!journal) throw new AppError('NOT_FOUND', msg('opsDisputeNotFound'))
      // At most what the transaction took, with what was paid back for it before: proposeMoney.
      const amountMinor = amountOrThrow(request.body.amount, journal.asset)
      const walletId =
        journal.fromUserId === dispute.userId ? journal.fromWalletId : journal.toWalletId
      if (!walletId) throw new AppError('CONFLICT', msg('opsWalletNotCustomers'))
      const proposal = await proposeMoney(
        db,
        operator,
        {
          kind: 'refund',
          userId: dispute.userId,
          walletId,
          amountMinor,
          direction: 'credit',
          disputeId: dispute.id,
          journalId: journal.id,
          reason: request.body.note,
        },
        config.fourEyesThresholdNaira,
      )
      return proposalAnswer(db, proposal)
    },
  )

  // --- money, four eyes -------------------------------------------------------------------------

  app.post(
    '/api/ops/adjustments',
    {
      schema: {
        tags: ['ops'],
        summary:
          'Propose an adjustment; one tied to no transaction always waits for a second operator',
        body: adjustmentRequestSchema,
        response: { 200: proposalAnswerSchema, ...errors },
      },
      preValidation: requireOperator('proposeMoney'),
    },
    async (request) => {
      const operator = signedInOperator(request)
      const input = request.body
      await findCustomerOrThrow(db, input.customerId)
      if (input.transactionId) {
        const [journal] = await db
          .select({ from: journals.fromUserId, to: journals.toUserId })
          .from(journals)
          .where(eq(journals.id, input.transactionId))
        if (!journal || (journal.from !== input.customerId && journal.to !== input.customerId))
          throw new AppError('NOT_FOUND', msg('transactionNotFound'))
      }
      const asset = await walletAsset(db, input.customerId, input.walletId)
      const proposal = await proposeMoney(
        db,
        operator,
        {
          kind: 'adjustment',
          userId: input.customerId,
          walletId: input.walletId,
          amountMinor: amountOrThrow(input.amount, asset),
          direction: input.direction,
          journalId: input.transactionId ?? null,
          reason: input.reason,
        },
        config.fourEyesThresholdNaira,
      )
      return proposalAnswer(db, proposal)
    },
  )

  app.get(
    '/api/ops/approvals',
    {
      schema: {
        tags: ['ops'],
        summary: 'Money waiting for a second operator',
        response: { 200: approvalsSchema, ...errors },
      },
      preValidation: requireOperator('listApprovals'),
    },
    async () => ({ proposals: await proposalViews(db, await pendingProposals(db)) }),
  )

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/api/ops/approvals/:id/${decision}`,
      {
        schema: {
          tags: ['ops'],
          summary:
            decision === 'approve'
              ? 'Approve money another operator proposed: it moves at once'
              : 'Reject money another operator proposed, with why',
          params: idParams,
          ...(decision === 'reject' ? { body: rejectRequestSchema } : {}),
          response: { 200: proposalAnswerSchema, ...errors },
        },
        preValidation: requireOperator('decideMoney'),
      },
      async (request) => {
        const operator = signedInOperator(request)
        const body = rejectRequestSchema.safeParse(request.body)
        const proposal =
          decision === 'approve'
            ? await approveProposal(db, operator, request.params.id)
            : await rejectProposal(
                db,
                operator,
                request.params.id,
                body.success ? body.data.note : '',
              )
        return proposalAnswer(db, proposal)
      },
    )
  }

  // --- payouts --------------------------------------------------------------------------------

  app.get(
    '/api/ops/payouts',
    {
      schema: {
        tags: ['ops'],
        summary: 'Payouts in flight for more than 30 minutes, or held for review',
        response: { 200: stuckPayoutsSchema, ...errors },
      },
      preValidation: requireOperator('listPayouts'),
    },
    async () => {
      const rows = await db
        .select({ payout: payouts, reference: journals.reference, user: users })
        .from(payouts)
        .innerJoin(journals, eq(journals.id, payouts.journalId))
        .innerJoin(users, eq(users.id, payouts.userId))
        .where(
          and(
            inArray(payouts.status, ['pending', 'submitted', 'needs_review']),
            lt(payouts.createdAt, new Date(Date.now() - STUCK_AFTER_MS)),
          ),
        )
        .orderBy(asc(payouts.createdAt))
        .limit(200)
      return {
        payouts: rows.map(({ payout, reference, user }) => ({
          id: payout.id,
          kind: payout.kind,
          provider: payout.provider,
          status: payout.status,
          amount: decimalOf(payout.amountMinor, payout.asset),
          currency: payout.asset,
          attempts: payout.attempts,
          createdAt: payout.createdAt.toISOString(),
          nextCheckAt: payout.nextAttemptAt?.toISOString() ?? null,
          customer: { id: user.id, name: customerSummary(user).name },
          transactionReference: reference,
        })),
      }
    },
  )

  app.post(
    '/api/ops/payouts/:id/retry',
    {
      schema: {
        tags: ['ops'],
        summary: 'Ask the provider about a stuck payout now (or send it again if it never went)',
        params: idParams,
        response: noContent,
      },
      preValidation: requireOperator('retryPayout'),
    },
    async (request, reply) => {
      const operator = signedInOperator(request)
      const payout = await payoutInFlight(db, request.params.id)
      await db.transaction(async (tx) => {
        await tx
          .update(payouts)
          .set({
            status: payout.status === 'needs_review' ? 'submitted' : payout.status,
            nextAttemptAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(payouts.id, payout.id))
        await appendAudit(tx, {
          operatorId: operator.id,
          actor: operator.email,
          action: 'retry_payout',
          targetType: 'payout',
          targetId: payout.id,
        })
      })
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/ops/payouts/:id/fail',
    {
      schema: {
        tags: ['ops'],
        summary:
          'Propose marking a stuck payout failed and refunding it, under the four-eyes rule; verify with the provider first',
        params: idParams,
        body: failPayoutRequestSchema,
        response: { 200: proposalAnswerSchema, ...errors },
      },
      preValidation: requireOperator('retryPayout'),
    },
    async (request) => {
      const operator = signedInOperator(request)
      const payout = await payoutInFlight(db, request.params.id)
      const proposal = await proposeMoney(
        db,
        operator,
        {
          kind: 'payout_failure',
          userId: payout.userId,
          walletId: payout.walletId,
          amountMinor: payout.amountMinor + payout.feeMinor,
          direction: 'credit',
          journalId: payout.journalId,
          payoutId: payout.id,
          reason: request.body.reason,
        },
        config.fourEyesThresholdNaira,
      )
      return proposalAnswer(db, proposal)
    },
  )

  // --- identity review --------------------------------------------------------------------------

  app.get(
    '/api/ops/kyc/reviews',
    {
      schema: {
        tags: ['ops'],
        summary: 'Tier-3 documents waiting for compliance, oldest first',
        response: { 200: kycReviewsSchema, ...errors },
      },
      preValidation: requireOperator('reviewIdentity'),
    },
    async () => {
      const rows = await db
        .select({ document: kycDocuments, user: users })
        .from(kycDocuments)
        .innerJoin(users, eq(users.id, kycDocuments.userId))
        .where(eq(kycDocuments.status, 'in_review'))
        .orderBy(asc(kycDocuments.createdAt))
        .limit(200)
      return {
        reviews: rows.map(({ document, user }) => ({
          id: document.id,
          customer: { id: user.id, name: customerSummary(user).name, email: user.email },
          documentType: document.documentType,
          documentNumberLast4: document.documentNumberLast4,
          address: {
            line: document.addressLine,
            city: document.city,
            state: document.state,
            country: document.country,
          },
          createdAt: document.createdAt.toISOString(),
        })),
      }
    },
  )

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/api/ops/kyc/reviews/:id/${decision}`,
      {
        schema: {
          tags: ['ops'],
          summary:
            decision === 'approve'
              ? 'Approve a tier-3 document: the customer reaches tier 3 and is told'
              : 'Reject a tier-3 document with the reason the customer reads',
          params: idParams,
          body: kycDecisionRequestSchema,
          response: noContent,
        },
        preValidation: requireOperator('reviewIdentity'),
      },
      async (request, reply) => {
        const operator = signedInOperator(request)
        await db.transaction(async (tx) => {
          const document =
            decision === 'approve'
              ? await approveKycReview(tx, request.params.id)
              : await rejectKycReview(tx, request.params.id, request.body.reason)
          await appendAudit(tx, {
            operatorId: operator.id,
            actor: operator.email,
            action: `${decision}_identity_document`,
            targetType: 'customer',
            targetId: document.userId,
            reason: request.body.reason,
            details: { document: document.id },
          })
        })
        return reply.status(204).send(null)
      },
    )
  }

  // --- operators and the audit log (admin) ------------------------------------------------------

  app.get(
    '/api/ops/operators',
    {
      schema: {
        tags: ['ops'],
        summary: 'Operators',
        response: { 200: operatorsSchema, ...errors },
      },
      preValidation: requireOperator('manageOperators'),
    },
    async () => ({
      operators: (await db.select().from(operators).orderBy(asc(operators.createdAt))).map(
        operatorView,
      ),
    }),
  )

  app.post(
    '/api/ops/operators',
    {
      schema: {
        tags: ['ops'],
        summary: 'Add an operator: answers the one-time enrolment link to hand over',
        body: addOperatorRequestSchema,
        response: { 201: addedOperatorSchema, ...errors },
      },
      preValidation: requireOperator('manageOperators'),
    },
    async (request, reply) => {
      const admin = signedInOperator(request)
      const added = await db.transaction(async (tx) => {
        const made = await addOperator(tx, sealer, { ...request.body, createdBy: admin.id })
        await appendAudit(tx, {
          operatorId: admin.id,
          actor: admin.email,
          action: 'add_operator',
          targetType: 'operator',
          targetId: made.operator.id,
          details: { email: made.operator.email, role: made.operator.role },
        })
        return made
      })
      return reply.status(201).send({
        operator: operatorView(added.operator),
        enrolmentUrl: `${config.publicUrl}/ops/enrol?token=${added.token}`,
      })
    },
  )

  app.patch(
    '/api/ops/operators/:id',
    {
      schema: {
        tags: ['ops'],
        summary: "Change an operator's role, or disable them (their sessions end)",
        params: idParams,
        body: updateOperatorRequestSchema,
        response: { 200: z.object({ operator: operatorSchema }), ...errors },
      },
      preValidation: requireOperator('manageOperators'),
    },
    async (request) => {
      const admin = signedInOperator(request)
      if (request.params.id === admin.id) throw new AppError('FORBIDDEN', msg('opsNotYourself'))
      const target = await findOperator(db, request.params.id)
      if (!target) throw new AppError('NOT_FOUND', msg('opsOperatorNotFound'))
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(operators)
          .set({
            ...(request.body.role ? { role: request.body.role } : {}),
            ...(request.body.active !== undefined ? { active: request.body.active } : {}),
            updatedAt: new Date(),
          })
          .where(eq(operators.id, target.id))
          .returning()
        // A new role, or none at all, takes effect at once: the old sessions end.
        await endOperatorSessions(tx, target.id)
        await appendAudit(tx, {
          operatorId: admin.id,
          actor: admin.email,
          action: 'update_operator',
          targetType: 'operator',
          targetId: target.id,
          details: {
            role: request.body.role ?? null,
            active: request.body.active ?? null,
          },
        })
        return row ?? target
      })
      return { operator: operatorView(updated) }
    },
  )

  app.get(
    '/api/ops/audit',
    {
      schema: {
        tags: ['ops'],
        summary: 'The audit log, newest first',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errors },
      },
      preValidation: requireOperator('readAudit'),
    },
    async (request) => {
      const rows = await readAudit(db, request.query)
      return {
        entries: rows.map((row) => ({
          seq: row.seq.toString(),
          at: row.at.toISOString(),
          actor: row.actor,
          action: row.action,
          targetType: row.targetType,
          targetId: row.targetId,
          reason: row.reason,
          details: z.record(z.string(), z.unknown()).catch({}).parse(row.details),
          hash: row.hash,
        })),
      }
    },
  )

  app.get(
    '/api/ops/audit/export',
    {
      schema: { tags: ['ops'], summary: 'The whole audit log as CSV, oldest first' },
      preValidation: requireOperator('readAudit'),
    },
    async (request, reply) => {
      const admin = signedInOperator(request)
      await db.transaction((tx) =>
        appendAudit(tx, { operatorId: admin.id, actor: admin.email, action: 'export_audit' }),
      )
      const lines = ['seq,at,actor,action,target_type,target_id,reason,details,prev_hash,hash']
      let before: number | undefined
      const pages: string[][] = []
      for (;;) {
        const rows = await readAudit(db, { ...(before ? { before } : {}), limit: 1000 })
        if (rows.length === 0) break
        pages.push(
          rows.map((row) =>
            [
              row.seq.toString(),
              row.at.toISOString(),
              row.actor,
              row.action,
              row.targetType ?? '',
              row.targetId ?? '',
              row.reason ?? '',
              JSON.stringify(row.details),
              row.prevHash,
              row.hash,
            ]
              .map(csvField)
              .join(','),
          ),
        )
        before = Number(rows.at(-1)?.seq ?? 0)
        if (before <= 1) break
      }
      for (const page of pages.reverse()) lines.push(...page.reverse())
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="sabi-audit-log.csv"')
        .send(`${lines.join('\n')}\n`)
    },
  )
}

/** A CSV field, quoted when it must be, and never read as a formula by a spreadsheet. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** A proposal as the console's answer shows it. */
async function proposalAnswer(db: Database, proposal: ProposalRow) {
  const [view] = await proposalViews(db, [proposal])
  if (!view) throw new Error('a proposal has no view')
  return { proposal: view }
}

/** The asset of a customer's wallet; another customer's wallet is refused. */
async function walletAsset(db: Database, customerId: string, walletId: string): Promise<string> {
  const [wallet] = await db
    .select({ userId: wallets.userId, asset: ledgerAccounts.asset })
    .from(wallets)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, wallets.accountId))
    .where(eq(wallets.id, walletId))
  if (!wallet || wallet.userId !== customerId)
    throw new AppError('VALIDATION_FAILED', msg('opsWalletNotCustomers'), [
      { path: 'walletId', message: msg('opsWalletNotCustomers') },
    ])
  return wallet.asset
}
