import { z } from 'zod'
import { exponentOf, formatMinor, parseMoney } from '#shared/money.ts'
import {
  BILL_AMOUNT_MAX_MAJOR,
  type Biller,
  type BillItem,
  type BillPaymentType,
  type CustomerNumberKind,
  type CustomerNumberRule,
} from '#shared/schemas/bills.ts'
import type { FlutterwaveClient } from './flutterwave-client.ts'

/** Flutterwave pays Nigerian billers only (docs/flutterwave.md "Catalogue"). */
export const FLUTTERWAVE_COUNTRY = 'NG'

/**
 * Flutterwave's bill categories Sabi offers, and the bill type of /bill-pay each one fills.
 * Airtime and data are one "mobile" type, a network selling both (networkOf); categories not
 * listed (donations, transport, schools...) are not offered.
 */
export const CATEGORY_TYPES: Readonly<Record<string, BillPaymentType>> = {
  AIRTIME: 'mobile',
  MOBILEDATA: 'mobile',
  UTILITYBILLS: 'electricity',
  CABLEBILLS: 'cabletv',
  INTSERVICE: 'internet',
  TAX: 'tax',
}

/** More billers than this in one category, or items for one biller, is not a real catalogue. */
const MAX_BILLERS_PER_CATEGORY = 200
const MAX_ITEMS_PER_BILLER = 300

const categorySchema = z.object({
  code: z.string().min(1).max(40),
  name: z.string().max(120).nullish(),
})
const billerSchema = z.object({
  name: z.string().min(1).max(120),
  biller_code: z.string().min(1).max(40),
  short_name: z.string().max(120).nullish(),
})
const itemSchema = z.object({
  item_code: z.string().min(1).max(60),
  name: z.string().min(1).max(120),
  short_name: z.string().max(120).nullish(),
  biller_code: z.string().max(40).nullish(),
  label_name: z.string().max(80).nullish(),
  /** The set price in naira; 0 means the customer chooses the amount. */
  amount: z.number().nonnegative(),
})
type FlutterwaveItem = z.infer<typeof itemSchema>

/** The four networks, by the names Flutterwave's airtime and data billers carry. */
const NETWORKS = [
  { id: 'mtn', name: 'MTN', pattern: /\bmtn\b/i },
  { id: 'airtel', name: 'Airtel', pattern: /\bairtel\b/i },
  { id: 'glo', name: 'Glo', pattern: /\bglo(bacom)?\b/i },
  { id: '9mobile', name: '9mobile', pattern: /\b(9\s?mobile|etisalat)\b/i },
] as const

/** The network an airtime or data biller sells for, from its name. */
export function networkOf(name: string): (typeof NETWORKS)[number] | undefined {
  return NETWORKS.find((network) => network.pattern.test(name))
}

/**
 * What each kind of number looks like. Flutterwave does not publish billers' number formats, so
 * these are the shapes Nigerian billers use, broad enough not to refuse a real number; the
 * biller's own validation (validate endpoint) is the real check.
 */
const RULES: Record<CustomerNumberKind, CustomerNumberRule> = {
  meter: { kind: 'meter', minLength: 10, maxLength: 13, characters: 'digits' },
  phone: { kind: 'phone', minLength: 11, maxLength: 11, characters: 'digits' },
  smartcard: { kind: 'smartcard', minLength: 10, maxLength: 12, characters: 'digits' },
  customerId: { kind: 'customerId', minLength: 4, maxLength: 20, characters: 'alphanumeric' },
  policy: { kind: 'policy', minLength: 6, maxLength: 20, characters: 'alphanumeric' },
  tenant: { kind: 'tenant', minLength: 6, maxLength: 20, characters: 'alphanumeric' },
  paymentReference: {
    kind: 'paymentReference',
    minLength: 6,
    maxLength: 30,
    characters: 'alphanumeric',
  },
}

const DEFAULT_KINDS: Record<BillPaymentType, CustomerNumberKind> = {
  electricity: 'meter',
  mobile: 'phone',
  internet: 'customerId',
  cabletv: 'smartcard',
  insurance: 'policy',
  rent: 'tenant',
  government: 'paymentReference',
  tax: 'paymentReference',
}

/** The number a biller asks for, from the label Flutterwave gives its items. */
function kindOf(type: BillPaymentType, label: string | null | undefined): CustomerNumberKind {
  if (type === 'mobile') return 'phone'
  if (!label) return DEFAULT_KINDS[type]
  if (/meter/i.test(label)) return 'meter'
  if (/smart\s?card|iuc|decoder/i.test(label)) return 'smartcard'
  if (/phone|mobile/i.test(label)) return 'phone'
  return DEFAULT_KINDS[type]
}

/** The most a package may cost, in kobo: a bill's own maximum (BILL_AMOUNT_MAX_MAJOR). */
const MAX_PRICE_KOBO = BILL_AMOUNT_MAX_MAJOR * 100n

/**
 * Naira as Flutterwave gives them (a number) as a catalogue price: 2500 → "2500.00", and 0 (the
 * customer chooses) → null. A price in fractions of a kobo, or above what one bill may be, is
 * undefined: such an item is not offered at all.
 */
export function priceOf(amount: number): string | null | undefined {
  // Read as Sabi reads any amount a client sends: the number's own digits, never float maths.
  const parsed = parseMoney(amount, 'NGN')
  if (!parsed.ok || parsed.value.amountMinor > MAX_PRICE_KOBO) return undefined
  if (parsed.value.amountMinor === 0n) return null
  return formatMinor(parsed.value.amountMinor, exponentOf('NGN'))
}

function itemOf(item: FlutterwaveItem, billerCode: string): BillItem | undefined {
  const amount = priceOf(item.amount)
  if (amount === undefined) return undefined
  return {
    id: item.item_code,
    name: (item.short_name?.trim() || item.name).trim().slice(0, 120),
    amount,
    providerBiller: billerCode,
  }
}

/** A catalogue slug from Flutterwave's biller code: BIL119 → flw-bil119. */
function slugOf(billerCode: string): string {
  return `flw-${billerCode.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`.slice(0, 60)
}

type Listed = { category: string; biller: z.infer<typeof billerSchema>; items: FlutterwaveItem[] }

/**
 * The Sabi billers Flutterwave's catalogue makes (docs/flutterwave.md "Catalogue"): each of its
 * billers in a category Sabi offers, with its items as packages (a set price) or any amount,
 * except airtime and data, where a network's airtime biller and its data biller become one
 * biller named for the network, selling airtime first and then its bundles, so the network
 * guessed from a phone number is one choice.
 */
export function billersFromCatalogue(listed: readonly Listed[]): Biller[] {
  const billers: Biller[] = []
  const networks = new Map<string, { airtime: BillItem[]; data: BillItem[]; name: string }>()
  for (const { category, biller, items } of listed) {
    const type = CATEGORY_TYPES[category]
    if (!type) continue
    const offered = items
      .map((item) => itemOf(item, item.biller_code || biller.biller_code))
      .filter((item): item is BillItem => item !== undefined)
    if (offered.length === 0) continue
    const network = type === 'mobile' ? networkOf(biller.name) : undefined
    if (network) {
      const entry = networks.get(network.id) ?? { airtime: [], data: [], name: network.name }
      entry[category === 'AIRTIME' ? 'airtime' : 'data'].push(...offered)
      networks.set(network.id, entry)
      continue
    }
    // Data sold by an internet provider (Smile, Spectranet) is paid to its account number.
    const billerType = type === 'mobile' && category === 'MOBILEDATA' ? 'internet' : type
    if (type === 'mobile' && category === 'AIRTIME') continue
    billers.push({
      id: slugOf(biller.biller_code),
      name: biller.name.trim(),
      type: billerType,
      currency: 'NGN',
      customerNumber: RULES[kindOf(billerType, items[0]?.label_name)],
      items: offered,
    })
  }
  const mobile: Biller[] = []
  for (const network of NETWORKS) {
    const entry = networks.get(network.id)
    if (!entry) continue
    mobile.push({
      id: network.id,
      name: entry.name,
      type: 'mobile',
      currency: 'NGN',
      customerNumber: RULES.phone,
      items: dedupe([...entry.airtime, ...entry.data]),
    })
  }
  return [...mobile, ...billers]
}

/** Items by their code, first one kept: a code is unique within the biller it is paid to. */
function dedupe(items: BillItem[]): BillItem[] {
  const seen = new Set<string>()
  return items.filter((item) => {
    if (seen.has(item.id)) return false
    seen.add(item.id)
    return true
  })
}

/**
 * Reads Flutterwave's catalogue for Nigeria: its top bill categories, each offered category's
 * billers, and each biller's items (`GET /top-bill-categories`, `GET /bills/{category}/billers`,
 * `GET /billers/{biller_code}/items`).
 */
export async function readFlutterwaveCatalogue(client: FlutterwaveClient): Promise<Biller[]> {
  const categories = await client.get(
    '/top-bill-categories',
    { country: FLUTTERWAVE_COUNTRY },
    z.array(categorySchema).max(200),
  )
  const listed: Listed[] = []
  for (const category of categories.data) {
    if (!CATEGORY_TYPES[category.code]) continue
    const billers = await client.get(
      `/bills/${encodeURIComponent(category.code)}/billers`,
      { country: FLUTTERWAVE_COUNTRY },
      z.array(billerSchema).max(MAX_BILLERS_PER_CATEGORY),
    )
    for (const biller of billers.data) {
      const items = await client.get(
        `/billers/${encodeURIComponent(biller.biller_code)}/items`,
        {},
        z.array(itemSchema).max(MAX_ITEMS_PER_BILLER),
      )
      listed.push({ category: category.code, biller, items: items.data })
    }
  }
  return billersFromCatalogue(listed)
}
