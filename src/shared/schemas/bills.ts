import { z } from 'zod'
import { formatPhoneNational, phoneCountryOf, toE164 } from '../phone-numbers.ts'

/**
 * The six bill-type buttons of /bill-pay, in order (docs/transfers.md "Bill types and providers").
 */
export const BILL_TYPES = [
  'electricity',
  'mobile',
  'internet',
  'cabletv',
  'insurance',
  'rent',
] as const

/**
 * Every type the bill payment takes: the six bill types plus the two that the "Pay TSA and State"
 * and "Pay Taxes" cards lead to (issue "Money out"), paid by payment reference through the same
 * form and the same endpoint.
 */
export const BILL_PAYMENT_TYPES = [...BILL_TYPES, 'government', 'tax'] as const
export type BillPaymentType = (typeof BILL_PAYMENT_TYPES)[number]

export function isBillPaymentType(value: string): value is BillPaymentType {
  return BILL_PAYMENT_TYPES.some((type) => type === value)
}

/** What a biller calls the number a payment is made against; the screens word it per language. */
export const CUSTOMER_NUMBER_KINDS = [
  'meter',
  'phone',
  'customerId',
  'smartcard',
  'policy',
  'tenant',
  'paymentReference',
] as const
export type CustomerNumberKind = (typeof CUSTOMER_NUMBER_KINDS)[number]

/** The customer number's name inside the server's sentences; the client words its own. */
export const CUSTOMER_NUMBER_NAMES: Record<CustomerNumberKind, string> = {
  meter: 'meter number',
  phone: 'phone number',
  customerId: 'customer ID',
  smartcard: 'smartcard number',
  policy: 'policy number',
  tenant: 'tenant reference',
  paymentReference: 'payment reference',
}

/** Which characters a customer number may hold once spaces and dashes are taken out. */
export type CustomerNumberCharacters = 'digits' | 'alphanumeric'

export type CustomerNumberRule = {
  readonly kind: CustomerNumberKind
  readonly minLength: number
  readonly maxLength: number
  readonly characters: CustomerNumberCharacters
}

/**
 * What a biller sells (docs/transfers.md "Packages"): a data bundle or a pay-TV package at a set
 * price, or any amount (airtime, electricity). `amount` is in naira as a decimal string, null
 * when the customer chooses it.
 */
export type BillItem = {
  /** The provider's code for the item, unique within the biller. */
  readonly id: string
  readonly name: string
  readonly amount: string | null
  /**
   * The provider's own code for the biller that sells this item, where Sabi shows two of the
   * provider's billers as one (a network's airtime and its data). Never sent to the client.
   */
  readonly providerBiller?: string
}

export type Biller = {
  /** Stable slug: payments, links and tests name a biller by it. */
  readonly id: string
  readonly name: string
  readonly type: BillPaymentType
  readonly currency: 'NGN'
  readonly customerNumber: CustomerNumberRule
  /**
   * What it sells, in the provider's order; empty for a biller paid any amount with nothing to
   * choose. The first item taking any amount is what a payment naming no item buys.
   */
  readonly items: BillItem[]
}

/** The longest customer number any biller takes, and what a request may send at most. */
export const CUSTOMER_NUMBER_MAX_LENGTH = 30
export const BILLER_ID_MAX_LENGTH = 60
/** One bill payment may be at most this many naira (rent and taxes run large). */
export const BILL_AMOUNT_MAX_MAJOR = 10_000_000n

const METER: CustomerNumberRule = {
  kind: 'meter',
  minLength: 11,
  maxLength: 13,
  characters: 'digits',
}
const PHONE: CustomerNumberRule = {
  kind: 'phone',
  minLength: 11,
  maxLength: 11,
  characters: 'digits',
}
const CUSTOMER_ID: CustomerNumberRule = {
  kind: 'customerId',
  minLength: 6,
  maxLength: 12,
  characters: 'digits',
}
const SMARTCARD: CustomerNumberRule = {
  kind: 'smartcard',
  minLength: 10,
  maxLength: 11,
  characters: 'digits',
}
const POLICY: CustomerNumberRule = {
  kind: 'policy',
  minLength: 6,
  maxLength: 20,
  characters: 'alphanumeric',
}
const TENANT: CustomerNumberRule = {
  kind: 'tenant',
  minLength: 6,
  maxLength: 20,
  characters: 'alphanumeric',
}
/** A Remita Retrieval Reference (RRR) is 12 digits. */
const REMITA_RRR: CustomerNumberRule = {
  kind: 'paymentReference',
  minLength: 12,
  maxLength: 12,
  characters: 'digits',
}
const PAYMENT_REFERENCE: CustomerNumberRule = {
  kind: 'paymentReference',
  minLength: 10,
  maxLength: 20,
  characters: 'digits',
}

function biller(
  id: string,
  name: string,
  type: BillPaymentType,
  customerNumber: CustomerNumberRule,
  items: BillItem[] = [],
): Biller {
  return { id, name, type, currency: 'NGN', customerNumber, items }
}

function item(id: string, name: string, amount: string | null): BillItem {
  return { id, name, amount }
}

/** A network sells airtime of any amount, then its data bundles at set prices. */
function networkItems(prefix: string, bundles: readonly [string, string][]): BillItem[] {
  return [
    item(`${prefix}-airtime`, 'Airtime', null),
    ...bundles.map(([name, amount], index) => item(`${prefix}-data-${index + 1}`, name, amount)),
  ]
}

/**
 * The providers of each bill type (docs/transfers.md "Bill types and providers"): four power
 * distributors, four mobile networks, four internet providers, five pay-TV services, four
 * insurers and three rent payees, then government and tax payees. All are paid in
 * naira.
 */
export const BILLERS: readonly Biller[] = [
  biller('ikeja-electric', 'Ikeja Electric', 'electricity', METER),
  biller('eko-electric', 'Eko Electricity (EKEDC)', 'electricity', METER),
  biller('abuja-electric', 'Abuja Electricity (AEDC)', 'electricity', METER),
  biller('ibadan-electric', 'Ibadan Electricity (IBEDC)', 'electricity', METER),
  biller(
    'mtn',
    'MTN',
    'mobile',
    PHONE,
    networkItems('mtn', [
      ['1GB, 1 day', '500.00'],
      ['1.5GB, 7 days', '1000.00'],
      ['3.5GB, 30 days', '2500.00'],
      ['10GB, 30 days', '4500.00'],
    ]),
  ),
  biller(
    'airtel',
    'Airtel',
    'mobile',
    PHONE,
    networkItems('airtel', [
      ['1GB, 1 day', '500.00'],
      ['2GB, 7 days', '1500.00'],
      ['10GB, 30 days', '5000.00'],
    ]),
  ),
  biller(
    'glo',
    'Glo',
    'mobile',
    PHONE,
    networkItems('glo', [
      ['1.1GB, 1 day', '300.00'],
      ['2.9GB, 30 days', '1000.00'],
      ['10.8GB, 30 days', '3000.00'],
    ]),
  ),
  biller(
    '9mobile',
    '9mobile',
    'mobile',
    PHONE,
    networkItems('9mobile', [
      ['1GB, 1 day', '300.00'],
      ['4.5GB, 30 days', '2000.00'],
    ]),
  ),
  biller('spectranet', 'Spectranet', 'internet', CUSTOMER_ID),
  biller('smile', 'Smile', 'internet', CUSTOMER_ID),
  biller('swift', 'Swift Networks', 'internet', CUSTOMER_ID),
  biller('ipnx', 'ipNX', 'internet', CUSTOMER_ID),
  biller('dstv', 'DStv', 'cabletv', SMARTCARD, [
    item('dstv-padi', 'DStv Padi', '4400.00'),
    item('dstv-yanga', 'DStv Yanga', '6000.00'),
    item('dstv-confam', 'DStv Confam', '11000.00'),
    item('dstv-compact', 'DStv Compact', '19000.00'),
  ]),
  biller('gotv', 'GOtv', 'cabletv', SMARTCARD, [
    item('gotv-smallie', 'GOtv Smallie', '1900.00'),
    item('gotv-jinja', 'GOtv Jinja', '3900.00'),
    item('gotv-jolli', 'GOtv Jolli', '5800.00'),
    item('gotv-max', 'GOtv Max', '8500.00'),
  ]),
  biller('startimes', 'StarTimes', 'cabletv', SMARTCARD),
  biller('showmax', 'Showmax', 'cabletv', PHONE),
  biller('tstv', 'TSTV', 'cabletv', SMARTCARD),
  biller('axa-mansard', 'AXA Mansard', 'insurance', POLICY),
  biller('leadway', 'Leadway Assurance', 'insurance', POLICY),
  biller('aiico', 'AIICO Insurance', 'insurance', POLICY),
  biller('custodian', 'Custodian Insurance', 'insurance', POLICY),
  biller('property-manager', 'Property Manager', 'rent', TENANT),
  biller('landlord-direct', 'Landlord Direct', 'rent', TENANT),
  biller('estate-agent', 'Estate Agent', 'rent', TENANT),
  biller('fg-tsa', 'Federal Government TSA (Remita)', 'government', REMITA_RRR),
  biller('lagos-state', 'Lagos State Government', 'government', PAYMENT_REFERENCE),
  biller('fcta-permits', 'FCT Permits and Licences', 'government', PAYMENT_REFERENCE),
  biller('firs', 'Federal Inland Revenue Service (FIRS)', 'tax', PAYMENT_REFERENCE),
  biller('lirs', 'Lagos State Internal Revenue Service (LIRS)', 'tax', PAYMENT_REFERENCE),
  biller('ikeja-lga', 'Ikeja Local Government Levies', 'tax', PAYMENT_REFERENCE),
]

/**
 * What a payment buys from `biller`: the item it names, or the first that takes any amount when it
 * names none (a payment made before billers had packages). Undefined when there is no such item:
 * a package must be chosen. A biller selling nothing listed takes any amount, with no item.
 */
export function chosenItem(
  biller: Biller,
  itemId: string | undefined,
): { found: true; item: BillItem | null } | { found: false } {
  if (itemId !== undefined) {
    const named = biller.items.find((candidate) => candidate.id === itemId)
    return named ? { found: true, item: named } : { found: false }
  }
  if (biller.items.length === 0) return { found: true, item: null }
  const anyAmount = biller.items.find((candidate) => candidate.amount === null)
  return anyAmount ? { found: true, item: anyAmount } : { found: false }
}

export function billersOf(type: BillPaymentType): Biller[] {
  return BILLERS.filter((candidate) => candidate.type === type)
}

/** The biller, only when it is one of `type`'s: a provider of another type is no choice at all. */
export function findBiller(type: BillPaymentType, id: string): Biller | undefined {
  return BILLERS.find((candidate) => candidate.type === type && candidate.id === id)
}

/** A customer number as billers store it: without the spaces and dashes people type, in capitals. */
export function normaliseCustomerNumber(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase()
}

/**
 * Whether a biller's customer number is a phone number: an airtime or data top-up. A network
 * answers for a number, not for a person, so a top-up names no customer; it is shown by its
 * network and number (docs/transfers.md "Bills").
 */
export function isPhoneTopUp(rule: CustomerNumberRule): boolean {
  return rule.kind === 'phone'
}

/**
 * A customer number as the biller reads it. A phone number may be typed as sign-up takes one
 * (`+234 803 555 0142`, `2348035550142`, `0803-555-0142`: src/shared/phone-numbers.ts) and
 * becomes its 11 national digits (`08035550142`); any other number, or a phone number that is
 * not Nigerian, only loses its spaces and dashes, and the biller's rule judges what is left.
 */
export function readCustomerNumber(rule: CustomerNumberRule, text: string): string {
  if (isPhoneTopUp(rule)) {
    const e164 = toE164(text.trim())
    if (e164 !== undefined && phoneCountryOf(e164) === 'NG') {
      return formatPhoneNational(e164).replace(/\D/g, '')
    }
  }
  return normaliseCustomerNumber(text)
}

/** A top-up's number as people read it, `0803 555 0142`; any other number as it is. */
export function formatTopUpNumber(customerNumber: string): string {
  const e164 = toE164(customerNumber)
  return e164 === undefined ? customerNumber : formatPhoneNational(e164)
}

export type CustomerNumberProblem = 'required' | 'characters' | 'length'

/** What is wrong with a (normalised) customer number for this biller, for each side to word. */
export function customerNumberProblem(
  rule: CustomerNumberRule,
  number: string,
): CustomerNumberProblem | null {
  if (number === '') return 'required'
  const pattern = rule.characters === 'digits' ? /^\d+$/ : /^[A-Z0-9]+$/
  if (!pattern.test(number)) return 'characters'
  if (number.length < rule.minLength || number.length > rule.maxLength) return 'length'
  return null
}

const customerNumberRuleSchema = z.object({
  kind: z.enum(CUSTOMER_NUMBER_KINDS),
  minLength: z.number(),
  maxLength: z.number(),
  characters: z.enum(['digits', 'alphanumeric']),
})

export const BILL_ITEM_ID_MAX_LENGTH = 60

const billItemSchema = z.object({
  id: z.string().min(1).max(BILL_ITEM_ID_MAX_LENGTH),
  name: z.string().min(1).max(120),
  amount: z
    .string()
    .regex(/^\d{1,9}\.\d{2}$/)
    .nullable(),
})

export const billerSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(BILL_PAYMENT_TYPES),
  currency: z.literal('NGN'),
  customerNumber: customerNumberRuleSchema,
  items: z.array(billItemSchema).max(500),
})

/** A biller as the catalogue stores it: with each item's provider biller code, for paying it. */
export const storedBillerSchema = billerSchema.extend({
  items: z
    .array(billItemSchema.extend({ providerBiller: z.string().min(1).max(40).optional() }))
    .max(500),
})

/** `GET /api/billers`: each bill type with its providers. */
export const billTypeGroupSchema = z.object({
  type: z.enum(BILL_PAYMENT_TYPES),
  providers: z.array(billerSchema),
})

const billTypeSchema = z.enum(BILL_PAYMENT_TYPES, { error: 'selectBillType' })
const providerSchema = z
  .string({ error: 'selectProvider' })
  .trim()
  .min(1, 'selectProvider')
  .max(BILLER_ID_MAX_LENGTH, 'selectProvider')
const accountNumberSchema = z
  .string({ error: 'accountNumberRequired' })
  .trim()
  .min(1, 'accountNumberRequired')
  .max(CUSTOMER_NUMBER_MAX_LENGTH, 'accountNumberMostMaxCharacters')

/**
 * The bill payment body (docs/api.md "Money endpoints") with the messages of docs/transfers.md
 * "Bills". The amount may come as a JSON number or a decimal string; its decimals and its
 * minimum are checked against the wallet's currency by the money module.
 */
export const billPaymentRequestSchema = z.object({
  billType: billTypeSchema,
  provider: providerSchema,
  accountNumber: accountNumberSchema,
  amount: z
    .union([z.string().max(40), z.number()], { error: 'amountRequired' })
    .refine((value) => typeof value === 'number' || value.trim() !== '', 'amountRequired'),
  walletId: z.uuid({ error: 'selectWallet' }),
  /** The package bought (billerSchema `items`); absent for any amount. */
  item: z
    .string({ error: 'selectPackage' })
    .trim()
    .min(1, 'selectPackage')
    .max(BILL_ITEM_ID_MAX_LENGTH, 'selectPackage')
    .optional(),
})
export type BillPaymentRequest = z.infer<typeof billPaymentRequestSchema>

/** `GET /api/billers/validate`: the customer behind a number, asked of the biller before paying. */
export const billCustomerQuerySchema = z.object({
  billType: billTypeSchema,
  provider: providerSchema,
  accountNumber: accountNumberSchema,
  /** The package to be bought, where the biller checks a number per package. */
  item: z.string().trim().min(1).max(BILL_ITEM_ID_MAX_LENGTH).optional(),
})
export type BillCustomerQuery = z.infer<typeof billCustomerQuerySchema>

export const billCustomerSchema = z.object({
  billType: z.enum(BILL_PAYMENT_TYPES),
  provider: z.string(),
  providerName: z.string(),
  accountNumber: z.string(),
  /**
   * The customer's name as the biller has it; null for a phone top-up, which names nobody
   * (isPhoneTopUp).
   */
  customerName: z.string().nullable(),
  /** The address the biller has for a meter, when it gives one; null otherwise. */
  customerAddress: z.string().nullable(),
})
export type BillCustomer = z.infer<typeof billCustomerSchema>
