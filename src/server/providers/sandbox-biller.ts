import { createHash } from 'node:crypto'
import type { PayoutReceipt } from '#server/providers/payout-provider.ts'
import { FAILURE_REASONS } from '#shared/failure-reasons.ts'
import { type Biller, isPhoneTopUp } from '#shared/schemas/bills.ts'
import type { BillerProvider } from './biller-provider.ts'

/** The name bill payouts record; the worker finds this provider by it. */
export const SANDBOX_BILLER_NAME = 'sandbox-biller'

/** A sandbox bill completes this long after it was sent, like a biller's vending round trip. */
export const SANDBOX_BILL_SETTLE_MS = 3_000

/**
 * The sandbox electricity tariff, in kobo per kWh (₦209.50, the Band A price of 2024), from
 * which a token's units are worked out.
 */
export const SANDBOX_TARIFF_KOBO_PER_KWH = 20_950n

export const ELECTRICITY_TOKEN_DIGITS = 20

const FIRST = [
  'Adebayo',
  'Chiamaka',
  'Emeka',
  'Folake',
  'Halima',
  'Ifeanyi',
  'Kemi',
  'Musa',
  'Nneka',
  'Oluwaseun',
  'Tolani',
  'Yusuf',
]
const LAST = [
  'Adeleke',
  'Balogun',
  'Danjuma',
  'Eze',
  'Ogunleye',
  'Okonkwo',
  'Olawale',
  'Onyekachi',
  'Suleiman',
  'Uche',
]

/**
 * The sandbox billers (issue "Money out"), like the sandbox banks: a customer number ending in
 * 0000 is unknown to the biller; one ending in 9999 is known but its payment fails at the
 * biller; any other is known and its payment completes a few seconds after it is sent. The
 * customer's name is made up, the same every time for the same biller and number, in the
 * capitals billers answer with. A phone number names nobody, so asking for one is a programmer
 * error rather than a name to invent (issue 31).
 */
function lookupSandboxCustomer(biller: Biller, customerNumber: string): string | undefined {
  if (isPhoneTopUp(biller.customerNumber)) {
    throw new Error(`${biller.name} top-ups name no customer: a phone number is not looked up`)
  }
  if (customerNumber.endsWith('0000')) return undefined
  const digest = createHash('sha256').update(`${biller.id}:${customerNumber}`).digest()
  const first = FIRST[(digest[0] ?? 0) % FIRST.length] ?? 'Ada'
  const last = LAST[(digest[1] ?? 0) % LAST.length] ?? 'Eze'
  return `${first} ${last}`.toUpperCase()
}

const STREETS = ['Adeola Odeku Street', 'Allen Avenue', 'Awolowo Road', 'Herbert Macaulay Way']

/** A made-up address for a sandbox meter, the same every time for the same number. */
function sandboxMeterAddress(customerNumber: string): string {
  const digest = createHash('sha256').update(`sabi-sandbox-meter:${customerNumber}`).digest()
  const street = STREETS[(digest[0] ?? 0) % STREETS.length] ?? 'Allen Avenue'
  return `${((digest[1] ?? 0) % 90) + 1} ${street}, Lagos`
}

/**
 * The prepaid token for a payout: 20 digits, as STS meters take them, derived from the payout id
 * so that asking again (a retried status call, another instance) gives the same token.
 */
export function sandboxElectricityToken(payoutId: string): string {
  const digest = createHash('sha256').update(`sabi-sandbox-electricity-token:${payoutId}`).digest()
  const value = BigInt(`0x${digest.toString('hex')}`) % 10n ** BigInt(ELECTRICITY_TOKEN_DIGITS)
  return value.toString().padStart(ELECTRICITY_TOKEN_DIGITS, '0')
}

/**
 * The energy `amountMinor` kobo buys at the sandbox tariff, to a tenth of a kWh, rounded down:
 * a meter is never credited with energy that was not paid for.
 */
export function sandboxElectricityUnits(amountMinor: bigint): string {
  const tenths = (amountMinor * 10n) / SANDBOX_TARIFF_KOBO_PER_KWH
  return `${tenths / 10n}.${tenths % 10n} kWh`
}

const REFERENCE = /^SBL-([0-9a-f-]{36})-([SF])(?:-E(\d{1,18}))?$/

/**
 * Stateless like the sandbox bank: the outcome, and for electricity the amount the units come
 * from, ride in the reference it hands out, so a restarted server, or another instance, reads
 * the same result from it.
 */
export function createSandboxBillerProvider(): BillerProvider {
  return {
    name: SANDBOX_BILLER_NAME,
    async lookupCustomer(biller, customerNumber) {
      const name = lookupSandboxCustomer(biller, customerNumber)
      if (name === undefined) return undefined
      // A meter is registered at an address, which distributors give with the name.
      return biller.customerNumber.kind === 'meter'
        ? { name, address: sandboxMeterAddress(customerNumber) }
        : { name }
    },
    async submit(order) {
      // A top-up keeps its number as phoneNumber (pay-bill.ts), any other bill as customerNumber.
      const { customerNumber: number, phoneNumber } = order.details
      const customerNumber =
        typeof number === 'string'
          ? number
          : typeof phoneNumber === 'string'
            ? phoneNumber.replace(/\D/g, '')
            : ''
      const outcome = customerNumber.endsWith('9999') ? 'F' : 'S'
      const electricity = order.details.billType === 'electricity' ? `-E${order.amountMinor}` : ''
      return { providerReference: `SBL-${order.payoutId}-${outcome}${electricity}` }
    },
    async status(providerReference, submittedAt, nowMs) {
      if (nowMs - submittedAt.getTime() < SANDBOX_BILL_SETTLE_MS) return { status: 'pending' }
      const match = REFERENCE.exec(providerReference)
      if (!match) return { status: 'failed', reason: FAILURE_REASONS.billerUnknownPayment }
      const [, payoutId = '', outcome, amountMinor] = match
      if (outcome === 'F') {
        return { status: 'failed', reason: FAILURE_REASONS.billerNotApplied }
      }
      if (amountMinor === undefined) return { status: 'completed' }
      const receipt: PayoutReceipt = {
        token: sandboxElectricityToken(payoutId),
        units: sandboxElectricityUnits(BigInt(amountMinor)),
      }
      return { status: 'completed', receipt }
    },
  }
}
