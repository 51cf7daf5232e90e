import { z } from 'zod'
import type { BillerProvider } from '#server/providers/biller-provider.ts'
import type { PayoutOrder, PayoutResult } from '#server/providers/payout-provider.ts'
import { AppError, msg } from '#shared/errors.ts'
import { FAILURE_REASONS } from '#shared/failure-reasons.ts'
import { FLUTTERWAVE_COUNTRY, readFlutterwaveCatalogue } from './flutterwave-catalogue.ts'
import {
  type FlutterwaveClient,
  FlutterwaveFailure,
  flutterwaveAmount,
} from './flutterwave-client.ts'
import { billReceiptOf } from './flutterwave-token.ts'

export const FLUTTERWAVE = 'flutterwave'

/** A vend usually completes within seconds; the first look is soon after sending. */
const FIRST_CHECK_AFTER_MS = 5_000

const validationSchema = z.object({
  response_code: z.string().max(10).nullish(),
  response_message: z.string().max(300).nullish(),
  name: z.string().max(200).nullish(),
  address: z.string().max(300).nullish(),
  customer: z.string().max(60).nullish(),
})

const paymentSchema = z.object({
  tx_ref: z.string().max(100).nullish(),
  reference: z.string().max(100).nullish(),
  recharge_token: z.string().max(200).nullish(),
})

const statusSchema = z.object({
  status: z.string().max(40),
  tx_ref: z.string().max(100).nullish(),
  extra: z.union([z.string().max(500), z.record(z.string(), z.unknown())]).nullish(),
})

/** Flutterwave's words when a reference was used before: the payment is already ours. */
const DUPLICATE_REFERENCE = /duplicate|already (been )?used|exists/i
/** Refusals Flutterwave may lift later (an unfunded balance), so the payment is tried again. */
const TRY_AGAIN_LATER = /balance|insufficient|try again|limit/i

const SUCCEEDED = new Set(['successful', 'success', 'completed'])
const FAILED = new Set(['failed', 'error', 'cancelled', 'reversed'])
const IN_PROGRESS = new Set(['pending', 'processing', 'initiated', 'new'])

function text(details: Record<string, unknown>, key: string): string {
  const value = details[key]
  return typeof value === 'string' ? value : ''
}

/**
 * What a bill's status at Flutterwave means for its payout: successful completes it (with the
 * token, for electricity), failed returns the money, still processing waits, and a status Sabi
 * does not know stays in flight with an alert for a person (docs/flutterwave.md "Statuses").
 */
export function billResultOf(status: string, extra: unknown): PayoutResult {
  const normalised = status.trim().toLowerCase()
  if (SUCCEEDED.has(normalised)) {
    const receipt = billReceiptOf(extra)
    return receipt ? { status: 'completed', receipt } : { status: 'completed' }
  }
  if (FAILED.has(normalised)) return { status: 'failed', reason: FAILURE_REASONS.billerNotApplied }
  if (IN_PROGRESS.has(normalised)) return { status: 'pending' }
  return {
    status: 'pending',
    alert: `Flutterwave reports a bill status Sabi does not know: ${status.slice(0, 40)}`,
  }
}

/**
 * Flutterwave as Sabi's bill aggregator (docs/flutterwave.md): its catalogue of Nigerian billers,
 * the customer behind a meter or smartcard, and bill payments with the payout's own id as
 * Flutterwave's `reference`, so a payment whose answer was lost is found by that reference
 * before anything is sent again.
 */
export function createFlutterwaveBillerProvider(client: FlutterwaveClient): BillerProvider {
  /** The bill's result, or undefined when Flutterwave knows no payment by this reference. */
  async function lookUp(reference: string): Promise<PayoutResult | undefined> {
    try {
      const answer = await client.get(
        `/bills/${encodeURIComponent(reference)}`,
        { verbose: 1 },
        statusSchema,
      )
      return billResultOf(answer.data.status, answer.data.extra)
    } catch (error) {
      if (
        error instanceof FlutterwaveFailure &&
        error.kind === 'refused' &&
        (error.httpStatus === 404 || error.httpStatus === 400)
      )
        return undefined
      throw error
    }
  }

  return {
    name: FLUTTERWAVE,
    firstCheckAfterMs: FIRST_CHECK_AFTER_MS,

    listCatalogue: () => readFlutterwaveCatalogue(client),

    async lookupCustomer(biller, customerNumber, item) {
      const chosen = item ?? biller.items[0]
      if (!chosen?.providerBiller) return undefined
      try {
        const answer = await client.get(
          `/bill-items/${encodeURIComponent(chosen.id)}/validate`,
          { code: chosen.providerBiller, customer: customerNumber },
          validationSchema,
        )
        const { response_code: code, name, address } = answer.data
        if (code !== undefined && code !== null && code !== '00') return undefined
        const holder = name?.trim()
        if (!holder) return undefined
        return { name: holder, address: address?.trim() || undefined }
      } catch (error) {
        // Flutterwave refuses a number the biller does not know; anything else is an outage,
        // which the user can only wait out.
        if (error instanceof FlutterwaveFailure && error.kind === 'refused') return undefined
        if (error instanceof FlutterwaveFailure)
          throw new AppError(
            'PROVIDER_UNAVAILABLE',
            msg('billerNotAnswering', { biller: biller.name }),
          )
        throw error
      }
    },

    async submit(order: PayoutOrder) {
      const reference = order.payoutId
      // A try after a lost answer asks first: the bill may have been paid.
      if (order.attempt > 1) {
        const known = await lookUp(reference)
        if (known) return { providerReference: reference, result: known }
      }
      const billerCode = text(order.details, 'providerBiller')
      const itemCode = text(order.details, 'itemId')
      const customer =
        text(order.details, 'customerNumber') ||
        text(order.details, 'phoneNumber').replace(/\D/g, '')
      if (!billerCode || !itemCode || !customer) {
        // A bill made before this biller came from Flutterwave's catalogue names no item.
        return {
          providerReference: reference,
          result: { status: 'failed', reason: FAILURE_REASONS.billerUnknownPayment },
        }
      }
      try {
        const answer = await client.post(
          `/billers/${encodeURIComponent(billerCode)}/items/${encodeURIComponent(itemCode)}/payment`,
          {
            country: FLUTTERWAVE_COUNTRY,
            customer_id: customer,
            amount: flutterwaveAmount(order.amountMinor),
            reference,
          },
          paymentSchema,
        )
        // A vend with a token in the answer has completed; otherwise the status says how it ends.
        const receipt = billReceiptOf(answer.data.recharge_token)
        return receipt
          ? { providerReference: reference, result: { status: 'completed', receipt } }
          : { providerReference: reference }
      } catch (error) {
        if (!(error instanceof FlutterwaveFailure) || error.kind !== 'refused') throw error
        if (DUPLICATE_REFERENCE.test(error.message)) {
          const known = await lookUp(reference)
          if (known) return { providerReference: reference, result: known }
          throw error
        }
        if (TRY_AGAIN_LATER.test(error.message)) throw error
        // Refused outright (a number the biller will not take): nothing was paid.
        return {
          providerReference: reference,
          result: { status: 'failed', reason: FAILURE_REASONS.billerNotApplied },
        }
      }
    },

    async status(providerReference) {
      const known = await lookUp(providerReference)
      return known ?? { status: 'pending', alert: 'Flutterwave does not know a bill Sabi sent it' }
    },
  }
}
