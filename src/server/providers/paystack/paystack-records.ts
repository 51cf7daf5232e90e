import { z } from 'zod'
import type { ProviderRecords } from '#server/providers/provider-records.ts'
import type { PaystackClient } from './paystack-client.ts'
import { paystackTransactionSchema } from './paystack-payments.ts'
import { paystackTransferSchema } from './paystack-transfers.ts'

const PER_PAGE = 100
/** 500 pages of 100 is far beyond a day of Sabi's; more is a broken pager, not a busy day. */
const MAX_PAGES = 500

const pageMetaSchema = z.object({ pageCount: z.coerce.number().int().nonnegative() }).nullish()
const balancesSchema = z.array(
  z.object({ currency: z.string().max(10), balance: z.number().int() }),
)

/** The day as Paystack's `from` and `to` take it: the whole UTC day, both ends included. */
function dayRange(day: string): { from: string; to: string } {
  return { from: `${day}T00:00:00.000Z`, to: `${day}T23:59:59.999Z` }
}

/**
 * Paystack's records of a day (docs/reconciliation.md): every page of `GET /transfer` and
 * `GET /transaction` between the day's bounds, and `GET /balance`.
 */
export function createPaystackRecords(client: PaystackClient): ProviderRecords {
  async function everyPage<T>(path: string, day: string, schema: z.ZodType<T>): Promise<T[]> {
    const rows: T[] = []
    const range = dayRange(day)
    for (let page = 1; page <= MAX_PAGES; page++) {
      const answer = await client.get(path, { ...range, perPage: PER_PAGE, page }, z.array(schema))
      rows.push(...answer.data)
      const meta = pageMetaSchema.safeParse(answer.meta)
      const pageCount = meta.success ? (meta.data?.pageCount ?? page) : page
      if (page >= pageCount || answer.data.length === 0) return rows
    }
    throw new Error(`Paystack's ${path} did not end after ${MAX_PAGES} pages`)
  }

  return {
    name: 'paystack',
    async transfersOn(day) {
      const transfers = await everyPage('/transfer', day, paystackTransferSchema)
      return transfers.flatMap((transfer) =>
        transfer.reference
          ? [
              {
                reference: transfer.reference,
                status: transfer.status,
                amountMinor: BigInt(transfer.amount),
                currency: transfer.currency.toUpperCase(),
              },
            ]
          : [],
      )
    },
    async paymentsOn(day) {
      const payments = await everyPage('/transaction', day, paystackTransactionSchema)
      return payments.map((payment) => ({
        reference: payment.reference,
        status: payment.status,
        amountMinor: BigInt(payment.amount),
        currency: payment.currency.toUpperCase(),
        channel: payment.channel ?? 'unknown',
      }))
    },
    async balances() {
      const answer = await client.get('/balance', {}, balancesSchema)
      return new Map(
        answer.data.map((row) => [row.currency.toUpperCase(), BigInt(row.balance)] as const),
      )
    },
  }
}
