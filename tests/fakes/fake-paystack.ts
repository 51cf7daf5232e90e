/**
 * A fake Paystack HTTP API for tests.
 *
 * It answers the endpoints Sabi uses with the paths, query parameters, request fields, response
 * envelopes, field names, error bodies and pagination of Paystack's published API reference, and
 * says where it had to infer (docs/paystack.md "The fake"). State lives in memory, one fake per
 * test suite, and
 * tests steer it through the controls on {@link FakePaystack}: failing the next request, settling
 * transfers, paying into dedicated accounts and sending signed webhooks.
 */
import { createHmac, randomBytes, randomInt } from 'node:crypto'
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import { z } from 'zod'
import { type Bank, bankDirectory } from './fake-paystack-banks.ts'

export type FailRoute =
  | 'POST /transfer'
  | 'GET /transfer/verify'
  | 'POST /transferrecipient'
  | 'GET /bank'
  | 'GET /bank/resolve'
  | 'POST /transaction/initialize'
  | 'GET /transaction/verify'
  | 'POST /dedicated_account'
  | 'POST /customer'

export type Failure = { mode: 'timeout' | '500'; after?: 'create' | 'nothing'; times?: number }

export type FakePaystack = {
  /** Base URL, e.g. http://127.0.0.1:PORT (give this as PAYSTACK_BASE_URL). */
  url: string
  /** The secret key every request must carry as `Authorization: Bearer <secretKey>`. */
  secretKey: string
  /** Where webhooks go; settable at any time. */
  webhookUrl: string | undefined
  close(): Promise<void>
  /** Every request received, in order: method, path (without query), query, parsed JSON body. */
  requests: { method: string; path: string; query: Record<string, string>; body: unknown }[]
  /**
   * Next matching request(s) fail: 'timeout' never answers (the socket closes after 30 s or on
   * close()), '500' answers 500 with Paystack's documented error body. `after: 'create'` does the
   * work first and then fails, so the answer is lost; `after: 'nothing'` (the default) fails
   * without doing anything. `times` defaults to 1.
   */
  failNext(route: FailRoute, failure: Failure): void
  /** A known account for name enquiry (and recipients). */
  addAccount(bankCode: string, accountNumber: string, accountName: string): void
  /**
   * New transfers start with this status (default 'pending'). A final status (success, failed,
   * reversed) also sends its webhook right after the answer, as Paystack does, unless
   * `webhook: false`.
   */
  setInitialTransferStatus(status: string, options?: { webhook?: boolean }): void
  /**
   * Moves a transfer to a status and, unless `webhook: false`, sends its event (transfer.success,
   * transfer.failed or transfer.reversed; no event for other statuses).
   */
  settleTransfer(reference: string, status: string, options?: { webhook?: boolean }): Promise<void>
  /**
   * Money arrives in a customer's dedicated account: records a success transaction (channel
   * dedicated_nuban, a fresh reference, sender name and bank) and sends charge.success. Returns the
   * transaction reference.
   */
  payIntoDedicatedAccount(
    accountNumber: string,
    amountMinor: number,
    sender?: { name?: string; bank?: string },
    options?: { webhook?: boolean },
  ): Promise<string>
  /** Completes a checkout as if the user paid (success) or not, sending charge.success on success. */
  completeCheckout(
    reference: string,
    outcome?: 'success' | 'failed' | 'abandoned',
    options?: { webhook?: boolean },
  ): Promise<void>
  /** Sends any body as a webhook. Returns the HTTP status Sabi answered. */
  sendWebhook(body: unknown, options?: { signature?: 'good' | 'bad' | 'none' }): Promise<number>
  /** Re-sends an earlier webhook (the same raw body), for duplicate deliveries. */
  resendWebhook(index: number): Promise<number>
  /** Every webhook body sent so far, in order (re-sends are not added again). */
  sentWebhooks: unknown[]
  /** Transfers by reference, in the shape `GET /transfer/verify` answers; edits show in answers. */
  transfers: Map<string, Record<string, unknown>>
  /** Transactions by reference, in the shape `GET /transaction/verify` answers. */
  transactions: Map<string, Record<string, unknown>>
  /** Paystack balance per currency, in minor units. */
  balances: Map<string, number>
}

// ---------------------------------------------------------------------------------------------
// Constants

const INTEGRATION_ID = 463433
const DOMAIN = 'test'
const BUSINESS_NAME = 'Sabi'
/** A hung request is cut after this long, so a client without a timeout does not wait forever. */
const HANG_LIMIT_MS = 30_000
/** A receiver that never answers should fail the delivery, not stall the test that sent it. */
const WEBHOOK_TIMEOUT_MS = 10_000
const DAY_MS = 86_400_000
const DEFAULT_PER_PAGE = 50
const MAX_PER_PAGE = 100

/** Large enough that ordinary tests never run dry; tests lower it through `balances`. */
const SEED_BALANCES: [string, number][] = [
  ['NGN', 5_000_000_000],
  ['ZAR', 100_000_000],
  ['KES', 1_000_000_000],
]

const FAIL_ROUTES: readonly FailRoute[] = [
  'POST /transfer',
  'GET /transfer/verify',
  'POST /transferrecipient',
  'GET /bank',
  'GET /bank/resolve',
  'POST /transaction/initialize',
  'GET /transaction/verify',
  'POST /dedicated_account',
  'POST /customer',
]

/** Banks a dedicated account can be opened at; Wema's id is the documented one. */
const DEDICATED_BANKS: Record<string, { name: string; id: number; slug: string }> = {
  'wema-bank': { name: 'Wema Bank', id: 20, slug: 'wema-bank' },
  'titan-paystack': { name: 'Paystack-Titan', id: 23, slug: 'titan-paystack' },
  'test-bank': { name: 'Test Bank', id: 22, slug: 'test-bank' },
}

const TRANSFER_EVENTS: Record<string, string> = {
  success: 'transfer.success',
  failed: 'transfer.failed',
  reversed: 'transfer.reversed',
}

/** Transfers in these states hold no money: they were never debited or have been paid back. */
const UNDEBITED_TRANSFER_STATUSES = new Set(['failed', 'reversed'])

const FIRST_NAMES = keys('ADAEZE CHINEDU FUNMILAYO IBRAHIM NGOZI OLUWASEUN TUNDE YETUNDE')
const LAST_NAMES = ['OKAFOR', 'ADEYEMI', 'BELLO', 'EZE', 'OKONKWO', 'ABUBAKAR', 'OLADIPO', 'NWOSU']

// ---------------------------------------------------------------------------------------------
// Small helpers

type JsonRecord = Record<string, unknown>

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function readString(record: JsonRecord, key: string): string | undefined {
  const value = record[key]
  return typeof value === 'string' ? value : undefined
}

function readNumber(record: JsonRecord, key: string): number | undefined {
  const value = record[key]
  return typeof value === 'number' ? value : undefined
}

/** The listed keys of a record, in that order; a key a test deleted comes back as null. */
function pick(record: JsonRecord, keys: readonly string[]): JsonRecord {
  const out: JsonRecord = {}
  for (const key of keys) out[key] = key in record ? record[key] : null
  return out
}

/** A key list written as one space-separated string, which stays readable at one line. */
function keys(list: string): readonly string[] {
  return list.split(' ')
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

/** Lowercase letters and digits, like the tails of Paystack's TRF_/RCP_/CUS_ codes. */
function randomCode(length: number): string {
  let out = ''
  for (const byte of randomBytes(length)) out += ALPHABET.charAt(byte % ALPHABET.length)
  return out
}

function randomDigits(length: number): string {
  let out = ''
  for (let i = 0; i < length; i += 1) out += String(randomInt(10))
  return out
}

function nowIso(): string {
  return new Date().toISOString()
}

function sign(raw: string, key: string): string {
  return createHmac('sha512', key).update(raw).digest('hex')
}

/** The same account number always gets the same made-up holder, so tests can predict it. */
function madeUpAccountName(accountNumber: string): string {
  const digest = createHmac('sha256', 'fake-paystack').update(accountNumber).digest()
  const first = FIRST_NAMES[(digest[0] ?? 0) % FIRST_NAMES.length] ?? 'ADA'
  const last = LAST_NAMES[(digest[1] ?? 0) % LAST_NAMES.length] ?? 'OKAFOR'
  return `${first} ${last}`
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

// ---------------------------------------------------------------------------------------------
// Replies

type Reply =
  | { kind: 'json'; status: number; body: unknown }
  | { kind: 'html'; status: number; html: string }
  | { kind: 'redirect'; location: string }

function ok(message: string, data: unknown, meta?: unknown): Reply {
  const body: JsonRecord = { status: true, message, data }
  if (meta !== undefined) body.meta = meta
  return { kind: 'json', status: 200, body }
}

function fail(status: number, message: string, extra: JsonRecord = {}): Reply {
  return { kind: 'json', status, body: { status: false, message, ...extra } }
}

/** Paystack's documented sample error for a missing parameter. */
function missingParam(field: string): Reply {
  return fail(400, `"${field}" is required`, {
    meta: { nextStep: 'Provide all required params ' },
    type: 'validation_error',
    code: 'missing_params',
  })
}

/** Paystack's documented shape for a parameter with a wrong value. */
function invalidParam(message: string): Reply {
  return fail(400, message, {
    meta: { nextStep: "Ensure that the value(s) you're passing are valid." },
    type: 'validation_error',
    code: 'invalid_params',
  })
}

/** Paystack's documented 500 body. */
function serverError(): Reply {
  return fail(500, 'An error occurred', { code: 'unknown', type: 'api_error' })
}

type Parsed<T> = { ok: true; value: T } | { ok: false; reply: Reply }

/**
 * Checks required fields first, so that a missing one gets Paystack's "is required" error, then
 * lets zod check the types and values.
 */
function parseBody<T>(schema: z.ZodType<T>, body: unknown, required: readonly string[]): Parsed<T> {
  const record = isRecord(body) ? body : {}
  for (const field of required) {
    const value = record[field]
    if (value === undefined || value === null || value === '') {
      return { ok: false, reply: missingParam(field) }
    }
  }
  const result = schema.safeParse(record)
  if (result.success) return { ok: true, value: result.data }
  const issue = result.error.issues[0]
  const field = issue?.path.join('.') || 'body'
  return {
    ok: false,
    reply: invalidParam(`"${field}" is invalid: ${issue?.message ?? 'bad value'}`),
  }
}

// ---------------------------------------------------------------------------------------------
// Request schemas

/** Paystack takes amounts as integers in the minor unit, sent as a number or a digit string. */
const amountSchema = z.union([
  z.number().int().positive(),
  z
    .string()
    .regex(/^\d+$/)
    .transform(Number)
    .refine((n) => n > 0),
])

const recipientSchema = z.object({
  type: z.enum(['nuban', 'basa', 'mobile_money', 'kepss']),
  name: z.string().min(1),
  account_number: z.string().min(1),
  bank_code: z.string().min(1),
  currency: z.string().optional(),
  description: z.string().optional(),
  email: z.string().optional(),
  metadata: z.unknown().optional(),
})

const transferSchema = z.object({
  source: z.literal('balance'),
  amount: amountSchema,
  recipient: z.string().min(1),
  reference: z.string().min(1).optional(),
  reason: z.string().optional(),
  currency: z.string().optional(),
})

const customerSchema = z.object({
  email: z.string().email(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  phone: z.string().optional(),
  metadata: z.unknown().optional(),
})

const dedicatedAccountSchema = z.object({
  customer: z.union([z.string().min(1), z.number().int()]),
  preferred_bank: z.string().optional(),
})

const initializeSchema = z.object({
  email: z.string().email(),
  amount: z.unknown(),
  currency: z.string().optional(),
  reference: z.string().min(1).optional(),
  callback_url: z.string().url().optional(),
  channels: z.array(z.string()).optional(),
  metadata: z.unknown().optional(),
})

const refundSchema = z.object({
  transaction: z.union([z.string().min(1), z.number().int()]),
  amount: amountSchema.optional(),
  currency: z.string().optional(),
  customer_note: z.string().optional(),
  merchant_note: z.string().optional(),
})

// ---------------------------------------------------------------------------------------------
// Pagination and filters

function readPerPage(query: Record<string, string>): number {
  const asked = Number.parseInt(query.perPage ?? '', 10)
  if (!Number.isFinite(asked) || asked < 1) return DEFAULT_PER_PAGE
  return Math.min(asked, MAX_PER_PAGE)
}

function readPage(query: Record<string, string>): number {
  const asked = Number.parseInt(query.page ?? '', 10)
  return Number.isFinite(asked) && asked >= 1 ? asked : 1
}

/** Page pagination: `meta: {total, skipped, perPage, page, pageCount}` as documented. */
function pageOf<T>(items: T[], query: Record<string, string>) {
  const perPage = readPerPage(query)
  const page = readPage(query)
  const skipped = (page - 1) * perPage
  const meta = {
    total: items.length,
    skipped,
    perPage,
    page,
    pageCount: Math.ceil(items.length / perPage),
  }
  return { data: items.slice(skipped, skipped + perPage), meta }
}

/** A bank cursor names the first bank of a page, like the documented "YmFuazoxNjk=" = "bank:169". */
function bankCursor(bank: Bank | undefined): string | null {
  return bank ? Buffer.from(`bank:${bank.id}`).toString('base64') : null
}

function cursorIndex(banks: Bank[], cursor: string): number {
  const match = /^bank:(\d+)$/.exec(Buffer.from(cursor, 'base64').toString('utf8'))
  if (!match) return -1
  const id = Number(match[1])
  return banks.findIndex((bank) => bank.id === id)
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

type DateRange = { from: number; to: number }

/** `from` and `to` take whole days when given as dates, so `to=2025-01-31` includes that day. */
function readDateRange(query: Record<string, string>): DateRange | Reply {
  const from = query.from ? Date.parse(query.from) : Number.NEGATIVE_INFINITY
  if (Number.isNaN(from)) return invalidParam('"from" must be a valid date')
  const toText = query.to
  let to = Number.POSITIVE_INFINITY
  if (toText) to = DATE_ONLY.test(toText) ? Date.parse(toText) + DAY_MS - 1 : Date.parse(toText)
  if (Number.isNaN(to)) return invalidParam('"to" must be a valid date')
  return { from, to }
}

function isRange(value: DateRange | Reply): value is DateRange {
  return 'from' in value
}

/** Status and date filters shared by the transfer and transaction lists, newest first. */
function filterRecords(
  records: Iterable<JsonRecord>,
  query: Record<string, string>,
  range: DateRange,
) {
  const status = query.status
  return [...records]
    .filter((record) => {
      if (status && record.status !== status) return false
      const created = Date.parse(readString(record, 'createdAt') ?? '')
      return !Number.isNaN(created) && created >= range.from && created <= range.to
    })
    .sort((a, b) => {
      const byDate = (readString(b, 'createdAt') ?? '').localeCompare(
        readString(a, 'createdAt') ?? '',
      )
      return byDate || (readNumber(b, 'id') ?? 0) - (readNumber(a, 'id') ?? 0)
    })
}

// ---------------------------------------------------------------------------------------------
// Stored objects and their documented renderings

type Recipient = {
  id: number
  recipient_code: string
  type: string
  name: string
  currency: string
  description: string | null
  email: string | null
  metadata: unknown
  createdAt: string
  updatedAt: string
  details: {
    authorization_code: null
    account_number: string
    account_name: string | null
    bank_code: string
    bank_name: string
  }
}

type Customer = {
  id: number
  customer_code: string
  email: string
  first_name: string | null
  last_name: string | null
  phone: string | null
  metadata: unknown
  createdAt: string
  updatedAt: string
}

type DedicatedAccount = {
  id: number
  account_number: string
  account_name: string
  bank: { name: string; id: number; slug: string }
  customer: Customer
  created_at: string
  updated_at: string
  assigned_at: string
}

type Refund = {
  id: number
  transaction: JsonRecord
  amount: number
  currency: string
  customer_note: string
  merchant_note: string
  createdAt: string
  expected_at: string
}

/** As `POST /transferrecipient` answers (documented nuban sample; mobile money adds isDeleted). */
function renderRecipientCreated(recipient: Recipient): JsonRecord {
  const out: JsonRecord = {
    active: true,
    createdAt: recipient.createdAt,
    currency: recipient.currency,
    domain: DOMAIN,
    id: recipient.id,
    integration: INTEGRATION_ID,
    name: recipient.name,
    recipient_code: recipient.recipient_code,
    type: recipient.type,
    updatedAt: recipient.updatedAt,
    is_deleted: false,
  }
  if (recipient.type === 'mobile_money') out.isDeleted = false
  out.details = { ...recipient.details }
  return out
}

/** As the recipient inside a fetched or verified transfer. */
function renderRecipientFull(recipient: Recipient): JsonRecord {
  return {
    active: true,
    createdAt: recipient.createdAt,
    currency: recipient.currency,
    description: recipient.description,
    domain: DOMAIN,
    email: recipient.email,
    id: recipient.id,
    integration: INTEGRATION_ID,
    metadata: recipient.metadata,
    name: recipient.name,
    recipient_code: recipient.recipient_code,
    type: recipient.type,
    updatedAt: recipient.updatedAt,
    is_deleted: false,
    isDeleted: false,
    details: { ...recipient.details },
  }
}

/** As `POST /transfer` answers: the recipient is only its id there. */
function renderTransferInitiated(transfer: JsonRecord): JsonRecord {
  const recipient = transfer.recipient
  return {
    transfersessionid: [],
    transfertrials: [],
    ...pick(
      transfer,
      keys(
        'domain amount currency reference source source_details reason status failures transfer_code titan_code transferred_at id integration request',
      ),
    ),
    recipient: isRecord(recipient) ? recipient.id : recipient,
    ...pick(transfer, ['createdAt', 'updatedAt']),
  }
}

const TRANSFER_FETCHED_KEYS = keys(
  'amount createdAt currency domain failures id integration reason reference source source_details status titan_code transfer_code request transferred_at updatedAt recipient session fee_charged fees_breakdown gateway_response',
)

/** As `GET /transfer/verify/:reference` and `GET /transfer/:id_or_code` answer. */
function renderTransferFetched(transfer: JsonRecord): JsonRecord {
  return pick(transfer, TRANSFER_FETCHED_KEYS)
}

/** The transfer.success event data: the integration is an object and the dates are camelCase. */
function renderTransferSuccessEvent(transfer: JsonRecord): JsonRecord {
  const recipient = isRecord(transfer.recipient) ? { ...transfer.recipient } : transfer.recipient
  if (isRecord(recipient)) delete recipient.isDeleted
  return {
    ...pick(transfer, ['amount', 'createdAt', 'currency', 'domain', 'failures', 'id']),
    integration: {
      id: INTEGRATION_ID,
      is_live: false,
      business_name: BUSINESS_NAME,
      logo_path: null,
    },
    ...pick(
      transfer,
      keys(
        'reason reference source source_details status titan_code transfer_code transferred_at updatedAt',
      ),
    ),
    recipient,
    ...pick(transfer, ['session', 'fee_charged', 'gateway_response']),
  }
}

/** The transfer.failed and transfer.reversed event data: documented with snake_case dates. */
function renderTransferFailureEvent(transfer: JsonRecord): JsonRecord {
  const source = isRecord(transfer.recipient) ? transfer.recipient : {}
  const recipient = {
    ...pick(source, ['active', 'currency', 'description', 'domain', 'email', 'id', 'integration']),
    ...pick(source, ['metadata', 'name', 'recipient_code', 'type', 'is_deleted', 'details']),
    created_at: source.createdAt ?? null,
    updated_at: source.updatedAt ?? null,
  }
  return {
    ...pick(transfer, ['amount', 'currency', 'domain', 'failures', 'id']),
    integration: { id: INTEGRATION_ID, is_live: false, business_name: BUSINESS_NAME },
    ...pick(
      transfer,
      keys('reason reference source source_details status titan_code transfer_code transferred_at'),
    ),
    recipient,
    session: transfer.session ?? null,
    created_at: transfer.createdAt ?? null,
    updated_at: transfer.updatedAt ?? null,
  }
}

/** The customer inside a transaction, as the verify sample shows it. */
function renderTransactionCustomer(customer: Customer): JsonRecord {
  return {
    id: customer.id,
    first_name: customer.first_name,
    last_name: customer.last_name,
    email: customer.email,
    customer_code: customer.customer_code,
    phone: customer.phone,
    metadata: customer.metadata ?? null,
    risk_action: 'default',
    international_format_phone: null,
  }
}

/** As `POST /customer` answers (documented fields plus the names and phone it was given). */
function renderCustomer(customer: Customer): JsonRecord {
  return {
    email: customer.email,
    integration: INTEGRATION_ID,
    domain: DOMAIN,
    customer_code: customer.customer_code,
    id: customer.id,
    identified: false,
    identifications: null,
    first_name: customer.first_name,
    last_name: customer.last_name,
    phone: customer.phone,
    metadata: customer.metadata ?? null,
    risk_action: 'default',
    createdAt: customer.createdAt,
    updatedAt: customer.updatedAt,
  }
}

/** As `POST /dedicated_account` answers. */
function renderDedicatedAccount(account: DedicatedAccount): JsonRecord {
  const customer = account.customer
  return {
    bank: { ...account.bank },
    account_name: account.account_name,
    account_number: account.account_number,
    assigned: true,
    currency: 'NGN',
    metadata: null,
    active: true,
    id: account.id,
    created_at: account.created_at,
    updated_at: account.updated_at,
    assignment: {
      integration: INTEGRATION_ID,
      assignee_id: customer.id,
      assignee_type: 'Customer',
      expired: false,
      account_type: 'PAY-WITH-TRANSFER-RECURRING',
      assigned_at: account.assigned_at,
    },
    customer: {
      id: customer.id,
      first_name: customer.first_name,
      last_name: customer.last_name,
      email: customer.email,
      customer_code: customer.customer_code,
      phone: customer.phone,
      risk_action: 'default',
    },
  }
}

const TRANSACTION_LIST_KEYS = keys(
  'id domain status reference amount message gateway_response paid_at created_at channel currency ip_address metadata log fees fees_split customer authorization plan split subaccount order_id paidAt createdAt requested_amount source connect pos_transaction_data',
)

/** Card authorizations in the charge.success sample carry only these keys. */
const CARD_EVENT_AUTHORIZATION_KEYS = keys(
  'authorization_code bin last4 exp_month exp_year card_type bank country_code brand account_name',
)

/** The charge.success event data, as the documented sample shows it. */
function renderChargeSuccessEvent(transaction: JsonRecord): JsonRecord {
  const customer = isRecord(transaction.customer) ? transaction.customer : {}
  const authorization = isRecord(transaction.authorization) ? transaction.authorization : {}
  const cardLike = transaction.channel === 'card'
  return {
    ...pick(
      transaction,
      keys(
        'id domain status reference amount message gateway_response paid_at created_at channel currency ip_address metadata log fees',
      ),
    ),
    customer: pick(
      customer,
      keys('id first_name last_name email customer_code phone metadata risk_action'),
    ),
    authorization: cardLike
      ? pick(authorization, CARD_EVENT_AUTHORIZATION_KEYS)
      : { ...authorization },
    plan: {},
  }
}

/** As a refund inside `POST /refund`'s answer: the transaction is a trimmed copy. */
function renderRefundCreated(refund: Refund): JsonRecord {
  const transaction = refund.transaction
  const authorization = isRecord(transaction.authorization) ? transaction.authorization : {}
  return {
    transaction: {
      ...pick(transaction, keys('id domain reference amount paid_at channel currency')),
      authorization: pick(authorization, ['exp_month', 'exp_year', 'account_name']),
      customer: { international_format_phone: null },
      plan: {},
      subaccount: { currency: null },
      split: {},
      order_id: null,
      paidAt: transaction.paidAt ?? null,
      pos_transaction_data: null,
      source: null,
      fees_breakdown: null,
    },
    integration: INTEGRATION_ID,
    deducted_amount: 0,
    channel: null,
    merchant_note: refund.merchant_note,
    customer_note: refund.customer_note,
    status: 'pending',
    refunded_by: REFUNDED_BY,
    expected_at: refund.expected_at,
    currency: refund.currency,
    domain: DOMAIN,
    amount: refund.amount,
    fully_deducted: false,
    id: refund.id,
    createdAt: refund.createdAt,
    updatedAt: refund.createdAt,
  }
}

const REFUNDED_BY = 'api@sabi.test'

/** As an item of `GET /refund`. */
function renderRefundListed(refund: Refund): JsonRecord {
  return {
    id: refund.id,
    integration: INTEGRATION_ID,
    domain: DOMAIN,
    transaction: refund.transaction.id ?? null,
    dispute: null,
    amount: refund.amount,
    deducted_amount: null,
    currency: refund.currency,
    channel: null,
    fully_deducted: null,
    refunded_by: REFUNDED_BY,
    refunded_at: null,
    expected_at: refund.expected_at,
    settlement: null,
    customer_note: refund.customer_note,
    merchant_note: refund.merchant_note,
    created_at: refund.createdAt,
    updated_at: refund.createdAt,
    status: 'pending',
  }
}

/** Paystack's published Nigerian local card fee: 1.5%, plus ₦100 from ₦2,500, capped at ₦2,000. */
function cardFee(amount: number): number {
  const fee = Math.round(amount * 0.015) + (amount >= 250_000 ? 10_000 : 0)
  return Math.min(fee, 200_000)
}

/** The test card from the documented verify sample. */
function testCardAuthorization(): JsonRecord {
  return {
    authorization_code: `AUTH_${randomCode(10)}`,
    bin: '408408',
    last4: '4081',
    exp_month: '12',
    exp_year: '2030',
    channel: 'card',
    card_type: 'visa ',
    bank: 'TEST BANK',
    country_code: 'NG',
    brand: 'visa',
    reusable: true,
    signature: `SIG_${randomCode(20)}`,
    account_name: null,
  }
}

function checkoutLog(success: boolean): JsonRecord {
  return {
    start_time: Math.floor(Date.now() / 1000) - 4,
    time_spent: 4,
    attempts: 1,
    errors: success ? 0 : 1,
    success,
    mobile: false,
    input: [],
    history: [
      { type: 'action', message: 'Attempted to pay with card', time: 3 },
      success
        ? { type: 'success', message: 'Successfully paid with card', time: 4 }
        : { type: 'error', message: 'Error: Declined', time: 4 },
    ],
  }
}

// ---------------------------------------------------------------------------------------------
// The fake's state and endpoints

type Hanging = { response: ServerResponse; timer: NodeJS.Timeout }

type PendingFailure = {
  route: FailRoute
  mode: Failure['mode']
  after: 'create' | 'nothing'
  left: number
}

type Incoming = {
  method: string
  path: string
  query: Record<string, string>
  body: unknown
  authorization: string | undefined
}

class FakeState {
  baseUrl = ''
  webhookUrl: string | undefined
  readonly requests: FakePaystack['requests'] = []
  readonly sentWebhooks: unknown[] = []
  readonly transfers = new Map<string, JsonRecord>()
  readonly transactions = new Map<string, JsonRecord>()
  readonly balances = new Map<string, number>(SEED_BALANCES)

  private readonly banks = bankDirectory()
  private readonly accounts = new Map<string, string>()
  private readonly recipients = new Map<string, Recipient>()
  private readonly customers = new Map<string, Customer>()
  private readonly dedicatedAccounts = new Map<string, DedicatedAccount>()
  private readonly checkouts = new Map<string, string>()
  private readonly callbackUrls = new Map<string, string>()
  private readonly refunds: Refund[] = []
  /** References of transfers whose amount is currently taken out of the balance. */
  private readonly debited = new Set<string>()
  private readonly sentRaw: string[] = []
  private readonly failures: PendingFailure[] = []
  private readonly hanging = new Set<Hanging>()
  private readonly inFlight = new Set<Promise<unknown>>()
  /** Work that must wait until the answer is on the wire, like a webhook for an instant transfer. */
  private afterReply: (() => Promise<void>)[] = []
  private initialTransferStatus = 'pending'
  private initialTransferWebhook = true
  private nextId = { transfer: 860703114, recipient: 56824902, customer: 181873746 }
  private nextTransactionId = 4099260516
  private nextDedicatedId = 253
  private nextRefundId = 3018284
  private nextRequestId = 1068439313
  private nextAccountNumber = 9930000001

  constructor(readonly secretKey: string) {}

  // --- dispatch -----------------------------------------------------------------------------

  async dispatch(incoming: Incoming): Promise<Reply | 'hang'> {
    if (incoming.path.startsWith('/checkout/')) return this.checkout(incoming.method, incoming.path)
    const denied = this.checkAuthorization(incoming.authorization)
    if (denied) return denied
    const failure = this.takeFailure(incoming.method, incoming.path)
    if (!failure) return this.route(incoming)
    // The work happens but its answer is lost, as when Paystack times out after committing.
    if (failure.after === 'create') await this.route(incoming)
    return failure.mode === 'timeout' ? 'hang' : serverError()
  }

  private checkAuthorization(header: string | undefined): Reply | undefined {
    if (!header) return fail(401, 'No Authorization header was found')
    if (header !== `Bearer ${this.secretKey}`) return fail(401, 'Invalid key')
    return undefined
  }

  private route(incoming: Incoming): Reply | Promise<Reply> {
    const { method, path, query, body } = incoming
    const key = `${method} ${path}`
    switch (key) {
      case 'GET /bank':
        return this.listBanks(query)
      case 'GET /bank/resolve':
        return this.resolveAccount(query)
      case 'POST /transferrecipient':
        return this.createRecipient(body)
      case 'POST /transfer':
        return this.createTransfer(body)
      case 'GET /transfer':
        return this.listTransfers(query)
      case 'GET /balance':
        return ok('Balances retrieved', this.balanceList())
      case 'POST /customer':
        return this.createCustomer(body)
      case 'POST /dedicated_account':
        return this.createDedicatedAccount(body)
      case 'POST /transaction/initialize':
        return this.initializeTransaction(body)
      case 'GET /transaction':
        return this.listTransactions(query)
      case 'POST /refund':
        return this.createRefund(body)
      case 'GET /refund':
        return this.listRefunds(query)
    }
    return this.routeWithParameter(method, path)
  }

  private routeWithParameter(method: string, path: string): Reply {
    if (method === 'GET') {
      const transferReference = tail(path, '/transfer/verify/')
      if (transferReference !== undefined) return this.verifyTransfer(transferReference)
      const transactionReference = tail(path, '/transaction/verify/')
      if (transactionReference !== undefined) return this.verifyTransaction(transactionReference)
      const idOrCode = tail(path, '/transfer/')
      if (idOrCode !== undefined) return this.fetchTransfer(idOrCode)
    }
    return fail(404, 'Route not found')
  }

  // --- failure injection ----------------------------------------------------------------------

  failNext(route: FailRoute, failure: Failure): void {
    const left = failure.times ?? 1
    if (left < 1) return
    this.failures.push({ route, mode: failure.mode, after: failure.after ?? 'nothing', left })
  }

  private takeFailure(method: string, path: string): PendingFailure | undefined {
    const route = failRouteOf(method, path)
    const index = this.failures.findIndex((failure) => failure.route === route)
    const failure = this.failures[index]
    if (!failure) return undefined
    failure.left -= 1
    if (failure.left === 0) this.failures.splice(index, 1)
    return failure
  }

  hang(response: ServerResponse): void {
    const entry: Hanging = {
      response,
      timer: setTimeout(() => response.socket?.destroy(), HANG_LIMIT_MS),
    }
    entry.timer.unref()
    this.hanging.add(entry)
    response.on('close', () => {
      clearTimeout(entry.timer)
      this.hanging.delete(entry)
    })
  }

  // --- banks and accounts ---------------------------------------------------------------------

  /**
   * Country, currency and type filter the directory. Without either country or currency Paystack
   * lists Nigerian banks. `use_cursor=true` pages with `next`/`previous` cursors; without it the
   * whole filtered list comes back in one answer.
   */
  private listBanks(query: Record<string, string>): Reply {
    const banks = this.filterBanks(query)
    const perPage = readPerPage(query)
    if (query.use_cursor !== 'true') {
      return ok('Banks retrieved', banks, { next: null, previous: null, perPage })
    }
    const start = query.next ? cursorIndex(banks, query.next) : 0
    if (start < 0) return invalidParam('"next" is not a valid cursor')
    const page = banks.slice(start, start + perPage)
    const meta = {
      next: bankCursor(banks[start + perPage]),
      previous: start > 0 ? bankCursor(banks[Math.max(0, start - perPage)]) : null,
      perPage,
    }
    return ok('Banks retrieved', page, meta)
  }

  private filterBanks(query: Record<string, string>): Bank[] {
    const country = query.country?.toLowerCase()
    const currency = query.currency?.toUpperCase()
    const type = query.type
    return this.banks.filter((bank) => {
      if (country && bank.country.toLowerCase() !== country) return false
      if (currency && bank.currency !== currency) return false
      if (!country && !currency && bank.country !== 'Nigeria') return false
      return !type || bank.type === type
    })
  }

  private resolveAccount(query: Record<string, string>): Reply {
    const accountNumber = query.account_number
    const bankCode = query.bank_code
    if (!accountNumber) return missingParam('account_number')
    if (!bankCode) return missingParam('bank_code')
    const accountName = this.accountName(bankCode, accountNumber)
    if (!accountName)
      return fail(422, 'Could not resolve account name. Check parameters or try again.')
    return ok('Account number resolved', {
      account_number: accountNumber,
      account_name: accountName,
    })
  }

  /** Name enquiry: accounts tests added, else any ten-digit Nigerian number not ending in 0000. */
  private accountName(bankCode: string, accountNumber: string): string | undefined {
    const known = this.accounts.get(`${bankCode}:${accountNumber}`)
    if (known) return known
    const nigerian = this.banks.some((bank) => bank.code === bankCode && bank.type === 'nuban')
    if (!nigerian || !/^\d{10}$/.test(accountNumber) || accountNumber.endsWith('0000'))
      return undefined
    return madeUpAccountName(accountNumber)
  }

  addAccount(bankCode: string, accountNumber: string, accountName: string): void {
    this.accounts.set(`${bankCode}:${accountNumber}`, accountName)
  }

  // --- transfer recipients --------------------------------------------------------------------

  /** A second recipient with the same account comes back as the existing one, as documented. */
  private createRecipient(body: unknown): Reply {
    const parsed = parseBody(recipientSchema, body, ['type', 'name', 'account_number', 'bank_code'])
    if (!parsed.ok) return parsed.reply
    const input = parsed.value
    const bank = this.banks.find((b) => b.code === input.bank_code && b.type === input.type)
    if (!bank) return invalidParam(`Unknown bank code: ${input.bank_code}`)
    const currency = input.currency ?? bank.currency
    const existing = [...this.recipients.values()].find(
      (r) =>
        r.type === input.type &&
        r.details.bank_code === input.bank_code &&
        r.details.account_number === input.account_number &&
        r.currency === currency,
    )
    if (existing)
      return ok('Transfer recipient created successfully', renderRecipientCreated(existing))
    const now = nowIso()
    const recipient: Recipient = {
      id: this.nextId.recipient++,
      recipient_code: `RCP_${randomCode(15)}`,
      type: input.type,
      name: input.name,
      currency,
      description: input.description ?? null,
      email: input.email ?? null,
      metadata: input.metadata ?? null,
      createdAt: now,
      updatedAt: now,
      details: {
        authorization_code: null,
        account_number: input.account_number,
        account_name: this.accountName(input.bank_code, input.account_number) ?? null,
        bank_code: input.bank_code,
        bank_name: bank.name,
      },
    }
    this.recipients.set(recipient.recipient_code, recipient)
    return ok('Transfer recipient created successfully', renderRecipientCreated(recipient))
  }

  private findRecipient(codeOrId: string): Recipient | undefined {
    const byCode = this.recipients.get(codeOrId)
    if (byCode) return byCode
    return [...this.recipients.values()].find((recipient) => String(recipient.id) === codeOrId)
  }

  // --- transfers ------------------------------------------------------------------------------

  setInitialTransferStatus(status: string, options?: { webhook?: boolean }): void {
    this.initialTransferStatus = status
    this.initialTransferWebhook = options?.webhook !== false
  }

  private createTransfer(body: unknown): Reply {
    const parsed = parseBody(transferSchema, body, ['source', 'amount', 'recipient'])
    if (!parsed.ok) return parsed.reply
    const input = parsed.value
    const recipient = this.findRecipient(input.recipient)
    if (!recipient) {
      return fail(400, 'Recipient specified is invalid', {
        meta: {
          nextStep:
            'Provide a valid recipient. Ensure you are passing the recipient code in the recipient param',
        },
        type: 'validation_error',
        code: 'invalid_transfer_recipient',
      })
    }
    const reference = input.reference ?? randomCode(20)
    if (this.transfers.has(reference)) return fail(400, 'Duplicate Transfer Reference')
    const currency = input.currency ?? recipient.currency
    const status = this.initialTransferStatus
    const debits = !UNDEBITED_TRANSFER_STATUSES.has(status)
    if (debits && !this.debit(currency, input.amount)) {
      return fail(400, 'Your balance is not enough to fulfil this request')
    }
    const transfer = this.newTransfer(reference, input.amount, currency, input.reason, recipient)
    this.transfers.set(reference, transfer)
    if (debits) this.debited.add(reference)
    if (TRANSFER_EVENTS[status] && this.initialTransferWebhook) {
      this.afterReply.push(() => this.emitTransferEvent(transfer))
    }
    const message =
      status === 'otp' ? 'Transfer requires OTP to continue' : 'Transfer has been queued'
    return ok(message, renderTransferInitiated(transfer))
  }

  private debit(currency: string, amount: number): boolean {
    const balance = this.balances.get(currency) ?? 0
    if (balance < amount) return false
    this.balances.set(currency, balance - amount)
    return true
  }

  private newTransfer(
    reference: string,
    amount: number,
    currency: string,
    reason: string | undefined,
    recipient: Recipient,
  ): JsonRecord {
    const now = nowIso()
    const status = this.initialTransferStatus
    return {
      amount,
      createdAt: now,
      currency,
      domain: DOMAIN,
      failures: null,
      id: this.nextId.transfer++,
      integration: INTEGRATION_ID,
      reason: reason ?? null,
      reference,
      source: 'balance',
      source_details: null,
      status,
      titan_code: null,
      transfer_code: `TRF_${randomCode(16)}`,
      request: this.nextRequestId++,
      transferred_at: status === 'success' ? now : null,
      updatedAt: now,
      recipient: renderRecipientFull(recipient),
      session: status === 'success' ? nipSession() : { provider: null, id: null },
      fee_charged: 0,
      fees_breakdown: null,
      gateway_response: null,
    }
  }

  private verifyTransfer(reference: string): Reply {
    const transfer = this.transfers.get(reference)
    if (!transfer) return fail(404, 'Transfer not found')
    return ok('Transfer retrieved', renderTransferFetched(transfer))
  }

  private fetchTransfer(idOrCode: string): Reply {
    const transfer = [...this.transfers.values()].find(
      (t) => t.transfer_code === idOrCode || String(t.id) === idOrCode,
    )
    if (!transfer) return fail(404, 'Transfer not found')
    return ok('Transfer retrieved', renderTransferFetched(transfer))
  }

  private listTransfers(query: Record<string, string>): Reply {
    const range = readDateRange(query)
    if (!isRange(range)) return range
    const { data, meta } = pageOf(filterRecords(this.transfers.values(), query, range), query)
    return ok('Transfers retrieved', data.map(renderTransferFetched), meta)
  }

  async settleTransfer(
    reference: string,
    status: string,
    options?: { webhook?: boolean },
  ): Promise<void> {
    const transfer = this.transfers.get(reference)
    if (!transfer) throw new Error(`fake Paystack: no transfer with reference ${reference}`)
    const now = nowIso()
    transfer.status = status
    transfer.updatedAt = now
    if (status === 'success') transfer.transferred_at = now
    if (TRANSFER_EVENTS[status]) transfer.session = nipSession()
    this.rebalance(reference, transfer, status)
    if (options?.webhook !== false) await this.emitTransferEvent(transfer)
  }

  /** Failed and reversed transfers give their money back; a transfer revived takes it again. */
  private rebalance(reference: string, transfer: JsonRecord, status: string): void {
    const amount = readNumber(transfer, 'amount') ?? 0
    const currency = readString(transfer, 'currency') ?? 'NGN'
    const balance = this.balances.get(currency) ?? 0
    if (UNDEBITED_TRANSFER_STATUSES.has(status) && this.debited.has(reference)) {
      this.balances.set(currency, balance + amount)
      this.debited.delete(reference)
    } else if (!UNDEBITED_TRANSFER_STATUSES.has(status) && !this.debited.has(reference)) {
      this.balances.set(currency, balance - amount)
      this.debited.add(reference)
    }
  }

  private async emitTransferEvent(transfer: JsonRecord): Promise<void> {
    const status = readString(transfer, 'status') ?? ''
    const event = TRANSFER_EVENTS[status]
    if (!event) return
    const data =
      status === 'success'
        ? renderTransferSuccessEvent(transfer)
        : renderTransferFailureEvent(transfer)
    await this.emit({ event, data })
  }

  private balanceList(): JsonRecord[] {
    return [...this.balances].map(([currency, balance]) => ({ currency, balance }))
  }

  // --- customers and dedicated accounts -------------------------------------------------------

  /** The same email gets the same customer back, with any new names or phone filled in. */
  private createCustomer(body: unknown): Reply {
    const parsed = parseBody(customerSchema, body, ['email'])
    if (!parsed.ok) return parsed.reply
    const input = parsed.value
    const customer = this.customerFor(input.email)
    customer.first_name = input.first_name ?? customer.first_name
    customer.last_name = input.last_name ?? customer.last_name
    customer.phone = input.phone ?? customer.phone
    customer.metadata = input.metadata ?? customer.metadata
    return ok('Customer created', renderCustomer(customer))
  }

  private customerFor(email: string): Customer {
    const key = email.toLowerCase()
    const existing = this.customers.get(key)
    if (existing) return existing
    const now = nowIso()
    const customer: Customer = {
      id: this.nextId.customer++,
      customer_code: `CUS_${randomCode(15)}`,
      email: key,
      first_name: null,
      last_name: null,
      phone: null,
      metadata: null,
      createdAt: now,
      updatedAt: now,
    }
    this.customers.set(key, customer)
    return customer
  }

  private findCustomer(codeOrId: string | number): Customer | undefined {
    return [...this.customers.values()].find(
      (customer) => customer.customer_code === codeOrId || String(customer.id) === String(codeOrId),
    )
  }

  private createDedicatedAccount(body: unknown): Reply {
    const parsed = parseBody(dedicatedAccountSchema, body, ['customer'])
    if (!parsed.ok) return parsed.reply
    const customer = this.findCustomer(parsed.value.customer)
    if (!customer) return fail(404, 'Customer not found')
    const existing = [...this.dedicatedAccounts.values()].find((a) => a.customer === customer)
    if (existing) return ok('NUBAN successfully created', renderDedicatedAccount(existing))
    const bank = DEDICATED_BANKS[parsed.value.preferred_bank ?? 'wema-bank']
    if (!bank) return invalidParam(`Invalid preferred bank: ${parsed.value.preferred_bank}`)
    const now = nowIso()
    const holder =
      [customer.first_name, customer.last_name].filter(Boolean).join(' ') || customer.email
    const account: DedicatedAccount = {
      id: this.nextDedicatedId++,
      account_number: String(this.nextAccountNumber++),
      account_name: `${BUSINESS_NAME} / ${holder}`.toUpperCase(),
      bank,
      customer,
      created_at: now,
      updated_at: now,
      assigned_at: now,
    }
    this.dedicatedAccounts.set(account.account_number, account)
    return ok('NUBAN successfully created', renderDedicatedAccount(account))
  }

  async payIntoDedicatedAccount(
    accountNumber: string,
    amountMinor: number,
    sender?: { name?: string; bank?: string },
    options?: { webhook?: boolean },
  ): Promise<string> {
    const account = this.dedicatedAccounts.get(accountNumber)
    if (!account) throw new Error(`fake Paystack: no dedicated account ${accountNumber}`)
    const reference = `T${randomDigits(15)}`
    const now = nowIso()
    const transaction = this.newTransaction(reference, amountMinor, 'NGN', account.customer, '')
    Object.assign(transaction, {
      status: 'success',
      gateway_response: 'Approved',
      paid_at: now,
      paidAt: now,
      channel: 'dedicated_nuban',
      fees: cardFee(amountMinor),
      authorization: dedicatedAuthorization(account, sender),
    })
    this.transactions.set(reference, transaction)
    if (options?.webhook !== false) await this.emitChargeSuccess(transaction)
    return reference
  }

  // --- transactions ---------------------------------------------------------------------------

  private initializeTransaction(body: unknown): Reply {
    const parsed = parseBody(initializeSchema, body, ['email', 'amount'])
    if (!parsed.ok) return parsed.reply
    const input = parsed.value
    const amount = amountSchema.safeParse(input.amount)
    if (!amount.success) return fail(400, 'Invalid Amount Sent')
    const reference = input.reference ?? randomCode(10)
    if (this.transactions.has(reference)) return fail(400, 'Duplicate Transaction Reference')
    const customer = this.customerFor(input.email)
    const transaction = this.newTransaction(
      reference,
      amount.data,
      input.currency ?? 'NGN',
      customer,
      input.metadata,
    )
    this.transactions.set(reference, transaction)
    const accessCode = randomCode(15)
    this.checkouts.set(accessCode, reference)
    if (input.callback_url) this.callbackUrls.set(reference, input.callback_url)
    return ok('Authorization URL created', {
      authorization_url: `${this.baseUrl}/checkout/${accessCode}`,
      access_code: accessCode,
      reference,
    })
  }

  /**
   * A transaction nobody has paid yet. Paystack reports such a transaction as "abandoned" until
   * the customer pays, so that is where it starts.
   */
  private newTransaction(
    reference: string,
    amount: number,
    currency: string,
    customer: Customer,
    metadata: unknown,
  ): JsonRecord {
    const now = nowIso()
    return {
      id: this.nextTransactionId++,
      domain: DOMAIN,
      status: 'abandoned',
      reference,
      receipt_number: null,
      amount,
      message: null,
      gateway_response: 'The transaction was not completed',
      paid_at: null,
      created_at: now,
      channel: 'card',
      currency,
      ip_address: null,
      metadata: metadata ?? '',
      log: null,
      fees: null,
      fees_split: null,
      authorization: {},
      customer: renderTransactionCustomer(customer),
      plan: null,
      split: {},
      order_id: null,
      paidAt: null,
      createdAt: now,
      requested_amount: amount,
      pos_transaction_data: null,
      source: null,
      fees_breakdown: null,
      connect: null,
      transaction_date: now,
      plan_object: {},
      subaccount: {},
    }
  }

  private verifyTransaction(reference: string): Reply {
    const transaction = this.transactions.get(reference)
    if (!transaction) return fail(400, 'Transaction reference not found')
    return ok('Verification successful', { ...transaction })
  }

  private listTransactions(query: Record<string, string>): Reply {
    const range = readDateRange(query)
    if (!isRange(range)) return range
    const matching = filterRecords(this.transactions.values(), query, range)
    const { data, meta } = pageOf(matching, query)
    const totalVolume = matching
      .filter((t) => t.status === 'success')
      .reduce((sum, t) => sum + (readNumber(t, 'amount') ?? 0), 0)
    return ok(
      'Transactions retrieved',
      data.map((t) => pick(t, TRANSACTION_LIST_KEYS)),
      {
        total: meta.total,
        total_volume: totalVolume,
        skipped: meta.skipped,
        perPage: meta.perPage,
        page: meta.page,
        pageCount: meta.pageCount,
      },
    )
  }

  async completeCheckout(
    reference: string,
    outcome: 'success' | 'failed' | 'abandoned' = 'success',
    options?: { webhook?: boolean },
  ): Promise<void> {
    const transaction = this.transactions.get(reference)
    if (!transaction) throw new Error(`fake Paystack: no transaction with reference ${reference}`)
    // A paid transaction stays paid: a second click on Pay or a late Cancel changes nothing.
    if (transaction.status === 'success') return
    const now = nowIso()
    const amount = readNumber(transaction, 'amount') ?? 0
    if (outcome === 'success') {
      Object.assign(transaction, {
        status: 'success',
        gateway_response: 'Successful',
        paid_at: now,
        paidAt: now,
        channel: 'card',
        ip_address: '127.0.0.1',
        log: checkoutLog(true),
        fees: cardFee(amount),
        authorization: testCardAuthorization(),
      })
      if (options?.webhook !== false) await this.emitChargeSuccess(transaction)
      return
    }
    Object.assign(transaction, {
      status: outcome,
      gateway_response: outcome === 'failed' ? 'Declined' : 'The transaction was not completed',
      log: outcome === 'failed' ? checkoutLog(false) : transaction.log,
    })
  }

  private async emitChargeSuccess(transaction: JsonRecord): Promise<void> {
    await this.emit({ event: 'charge.success', data: renderChargeSuccessEvent(transaction) })
  }

  // --- checkout pages -------------------------------------------------------------------------

  /** The hosted checkout: a page with Pay and Cancel, each posting back here and redirecting. */
  private async checkout(method: string, path: string): Promise<Reply> {
    const [accessCode = '', action] = path.slice('/checkout/'.length).split('/')
    const reference = this.checkouts.get(decodeURIComponent(accessCode))
    const transaction = reference ? this.transactions.get(reference) : undefined
    if (!reference || !transaction)
      return { kind: 'html', status: 404, html: page('Checkout not found', '') }
    if (method === 'GET' && action === undefined) {
      return { kind: 'html', status: 200, html: checkoutPage(accessCode, transaction) }
    }
    if (method !== 'POST' || (action !== 'pay' && action !== 'cancel')) {
      return { kind: 'html', status: 404, html: page('Checkout not found', '') }
    }
    await this.completeCheckout(reference, action === 'pay' ? 'success' : 'abandoned')
    const callbackUrl = this.callbackUrls.get(reference)
    if (!callbackUrl) return { kind: 'html', status: 200, html: page('Payment complete', '') }
    const location = new URL(callbackUrl)
    location.searchParams.set('trxref', reference)
    location.searchParams.set('reference', reference)
    return { kind: 'redirect', location: location.toString() }
  }

  // --- refunds --------------------------------------------------------------------------------

  private createRefund(body: unknown): Reply {
    const parsed = parseBody(refundSchema, body, ['transaction'])
    if (!parsed.ok) return parsed.reply
    const input = parsed.value
    const transaction = this.findTransaction(input.transaction)
    if (!transaction) return fail(404, 'Transaction not found')
    if (transaction.status !== 'success')
      return invalidParam('Only successful transactions can be refunded')
    const reference = readString(transaction, 'reference') ?? ''
    const refunded = this.refunds
      .filter((refund) => refund.transaction === transaction)
      .reduce((sum, refund) => sum + refund.amount, 0)
    const remaining = (readNumber(transaction, 'amount') ?? 0) - refunded
    const amount = input.amount ?? remaining
    if (amount > remaining) return fail(400, 'Refund amount cannot be greater than initial amount')
    const now = new Date()
    const refund: Refund = {
      id: this.nextRefundId++,
      transaction,
      amount,
      currency: input.currency ?? readString(transaction, 'currency') ?? 'NGN',
      customer_note: input.customer_note ?? `Refund for transaction ${reference}`,
      merchant_note: input.merchant_note ?? `Refund for transaction ${reference} by ${REFUNDED_BY}`,
      createdAt: now.toISOString(),
      expected_at: new Date(now.getTime() + 9 * DAY_MS).toISOString(),
    }
    this.refunds.push(refund)
    return ok('Refund has been queued for processing', renderRefundCreated(refund))
  }

  private findTransaction(idOrReference: string | number): JsonRecord | undefined {
    if (typeof idOrReference === 'string') {
      const byReference = this.transactions.get(idOrReference)
      if (byReference) return byReference
    }
    return [...this.transactions.values()].find((t) => String(t.id) === String(idOrReference))
  }

  private listRefunds(query: Record<string, string>): Reply {
    const { data, meta } = pageOf([...this.refunds].reverse(), query)
    return ok('Refunds retrieved', data.map(renderRefundListed), meta)
  }

  // --- webhooks -------------------------------------------------------------------------------

  /**
   * Records an event and delivers it. A delivery that cannot connect is dropped, as Paystack
   * would retry it later; a test redelivers it with resendWebhook.
   */
  private async emit(event: JsonRecord): Promise<void> {
    const raw = JSON.stringify(event)
    this.sentRaw.push(raw)
    this.sentWebhooks.push(JSON.parse(raw))
    if (!this.webhookUrl) return
    await this.track(this.deliver(raw, 'good')).catch(() => undefined)
  }

  async sendWebhook(body: unknown, signature: 'good' | 'bad' | 'none' = 'good'): Promise<number> {
    const raw = JSON.stringify(body)
    this.sentRaw.push(raw)
    this.sentWebhooks.push(JSON.parse(raw))
    return this.track(this.deliver(raw, signature))
  }

  async resendWebhook(index: number): Promise<number> {
    const raw = this.sentRaw[index]
    if (raw === undefined) throw new Error(`fake Paystack: no webhook number ${index}`)
    return this.track(this.deliver(raw, 'good'))
  }

  /** Posts the exact raw body, signed with HMAC-SHA512 of that body under the secret key. */
  private deliver(raw: string, signature: 'good' | 'bad' | 'none'): Promise<number> {
    const url = this.webhookUrl
    if (!url) return Promise.reject(new Error('fake Paystack: webhookUrl is not set'))
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (signature === 'good') headers['x-paystack-signature'] = sign(raw, this.secretKey)
    if (signature === 'bad') headers['x-paystack-signature'] = sign(raw, `${this.secretKey}-wrong`)
    return postRaw(url, headers, raw)
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.inFlight.add(promise)
    const forget = () => this.inFlight.delete(promise)
    promise.then(forget, forget)
    return promise
  }

  async flushAfterReply(): Promise<void> {
    const work = this.afterReply
    this.afterReply = []
    for (const job of work) await job()
  }

  async shutdown(): Promise<void> {
    for (const entry of this.hanging) {
      clearTimeout(entry.timer)
      entry.response.socket?.destroy()
    }
    this.hanging.clear()
    await Promise.allSettled([...this.inFlight])
  }
}

function tail(path: string, prefix: string): string | undefined {
  if (!path.startsWith(prefix) || path.length === prefix.length) return undefined
  const rest = path.slice(prefix.length)
  return rest.includes('/') ? undefined : decodeURIComponent(rest)
}

function failRouteOf(method: string, path: string): FailRoute | undefined {
  if (method === 'GET' && tail(path, '/transfer/verify/') !== undefined)
    return 'GET /transfer/verify'
  if (method === 'GET' && tail(path, '/transaction/verify/') !== undefined)
    return 'GET /transaction/verify'
  const key = `${method} ${path}`
  return FAIL_ROUTES.find((route) => route === key)
}

/**
 * One POST on its own connection (no keep-alive agent), so that no socket to the receiver
 * outlives the delivery and the receiver's server can close promptly at the end of a test.
 */
function postRaw(url: string, headers: Record<string, string>, raw: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const length = String(Buffer.byteLength(raw))
    const options = {
      method: 'POST',
      headers: { ...headers, 'content-length': length },
      agent: false,
    }
    const outgoing = httpRequest(url, options, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
      response.on('error', reject)
    })
    outgoing.setTimeout(WEBHOOK_TIMEOUT_MS, () =>
      outgoing.destroy(new Error('webhook delivery timed out')),
    )
    outgoing.on('error', reject)
    outgoing.end(raw)
  })
}

function nipSession(): JsonRecord {
  return { provider: 'nip', id: randomDigits(30) }
}

/** The authorization of a bank transfer into a dedicated account, as the documented event shows. */
function dedicatedAuthorization(
  account: DedicatedAccount,
  sender?: { name?: string; bank?: string },
): JsonRecord {
  const senderName = sender?.name ?? 'RANDALL AKANBI HORTON'
  const senderBank = sender?.bank ?? 'First City Monument Bank'
  const senderAccount = randomDigits(10)
  const now = new Date()
  return {
    authorization_code: `AUTH_${randomCode(10)}`,
    bin: `${senderAccount.slice(0, 3)}XXX`,
    last4: `X${senderAccount.slice(-3)}`,
    exp_month: String(now.getUTCMonth() + 1).padStart(2, '0'),
    exp_year: String(now.getUTCFullYear()),
    channel: 'dedicated_nuban',
    card_type: 'transfer',
    bank: senderBank,
    country_code: 'NG',
    brand: 'Managed Account',
    reusable: false,
    signature: null,
    sender_bank: senderBank,
    sender_bank_account_number: `XXXXXX${senderAccount.slice(-4)}`,
    sender_country: 'NG',
    sender_name: senderName,
    narration: `NIP: ${senderName} -${senderAccount}/${randomDigits(11)}`,
    receiver_bank_account_number: account.account_number,
    receiver_bank: account.bank.name,
  }
}

function page(title: string, content: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${content}</main></body></html>`
}

function checkoutPage(accessCode: string, transaction: JsonRecord): string {
  const amount = ((readNumber(transaction, 'amount') ?? 0) / 100).toFixed(2)
  const currency = readString(transaction, 'currency') ?? 'NGN'
  const customer = isRecord(transaction.customer) ? transaction.customer : {}
  const email = readString(customer, 'email') ?? ''
  const base = `/checkout/${encodeURIComponent(accessCode)}`
  return page(
    `Pay ${currency} ${amount}`,
    `<p>${escapeHtml(email)}</p>` +
      `<form method="post" action="${base}/pay"><button id="pay" type="submit">Pay</button></form>` +
      `<form method="post" action="${base}/cancel"><button id="cancel" type="submit">Cancel</button></form>`,
  )
}

// ---------------------------------------------------------------------------------------------
// HTTP plumbing

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)))
  return Buffer.concat(chunks).toString('utf8')
}

/** JSON bodies as sent by Paystack's Node snippets; form bodies as sent by its PHP snippets. */
function parseRequestBody(raw: string, contentType: string | undefined): unknown {
  if (raw === '') return undefined
  if (contentType?.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(raw))
  }
  try {
    const parsed: unknown = JSON.parse(raw)
    return parsed
  } catch {
    return raw
  }
}

function send(response: ServerResponse, reply: Reply): void {
  if (reply.kind === 'redirect') {
    response.writeHead(302, { location: reply.location })
    response.end()
    return
  }
  if (reply.kind === 'html') {
    response.writeHead(reply.status, { 'content-type': 'text/html; charset=utf-8' })
    response.end(reply.html)
    return
  }
  response.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8' })
  response.end(JSON.stringify(reply.body))
}

async function handle(state: FakeState, request: IncomingMessage, response: ServerResponse) {
  try {
    const url = new URL(request.url ?? '/', 'http://fake-paystack')
    const raw = await readBody(request)
    const incoming: Incoming = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: parseRequestBody(raw, request.headers['content-type']),
      authorization: request.headers.authorization,
    }
    const { method, path, query, body } = incoming
    state.requests.push({ method, path, query, body })
    const reply = await state.dispatch(incoming)
    if (reply === 'hang') state.hang(response)
    else send(response, reply)
    await state.flushAfterReply()
  } catch {
    if (!response.headersSent) send(response, serverError())
  }
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      const address = server.address()
      if (typeof address === 'object' && address !== null) resolve(address.port)
      else reject(new Error('fake Paystack: no port'))
    })
  })
}

export async function startFakePaystack(
  options: { port?: number; secretKey?: string; webhookUrl?: string } = {},
): Promise<FakePaystack> {
  const secretKey = options.secretKey ?? `sk_test_fake_${randomCode(32)}`
  const state = new FakeState(secretKey)
  state.webhookUrl = options.webhookUrl
  const server = createServer((request, response) => {
    void handle(state, request, response)
  })
  const port = await listen(server, options.port ?? 0)
  const url = `http://127.0.0.1:${port}`
  state.baseUrl = url
  return {
    url,
    secretKey,
    get webhookUrl() {
      return state.webhookUrl
    },
    set webhookUrl(value: string | undefined) {
      state.webhookUrl = value
    },
    async close() {
      await state.shutdown()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
    },
    requests: state.requests,
    failNext: (route, failure) => state.failNext(route, failure),
    addAccount: (bankCode, accountNumber, accountName) =>
      state.addAccount(bankCode, accountNumber, accountName),
    setInitialTransferStatus: (status, statusOptions) =>
      state.setInitialTransferStatus(status, statusOptions),
    settleTransfer: (reference, status, settleOptions) =>
      state.settleTransfer(reference, status, settleOptions),
    payIntoDedicatedAccount: (accountNumber, amountMinor, sender, payOptions) =>
      state.payIntoDedicatedAccount(accountNumber, amountMinor, sender, payOptions),
    completeCheckout: (reference, outcome, checkoutOptions) =>
      state.completeCheckout(reference, outcome, checkoutOptions),
    sendWebhook: (body, webhookOptions) => state.sendWebhook(body, webhookOptions?.signature),
    resendWebhook: (index) => state.resendWebhook(index),
    sentWebhooks: state.sentWebhooks,
    transfers: state.transfers,
    transactions: state.transactions,
    balances: state.balances,
  }
}
