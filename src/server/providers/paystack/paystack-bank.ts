import { z } from 'zod'
import type {
  AccountEnquiry,
  BankProvider,
  DirectoryBank,
} from '#server/providers/bank-provider.ts'
import type { PayoutOrder, PayoutResult } from '#server/providers/payout-provider.ts'
import { AppError, msg } from '#shared/errors.ts'
import { FAILURE_REASONS } from '#shared/failure-reasons.ts'
import { type PaystackClient, PaystackFailure, paystackAmount } from './paystack-client.ts'
import { payoutResultOf, paystackTransferSchema } from './paystack-transfers.ts'
import type { RecipientStore } from './recipient-store.ts'

export const PAYSTACK = 'paystack'

/** The countries Sabi pays into, as Paystack's bank list names them, and their currencies. */
const COUNTRIES = [
  { country: 'NG', query: 'nigeria', currency: 'NGN' },
  { country: 'ZA', query: 'south africa', currency: 'ZAR' },
  { country: 'KE', query: 'kenya', currency: 'KES' },
] as const

/** A page of the bank list is at most this long (Paystack's `perPage` maximum). */
const BANKS_PER_PAGE = 100
/** A directory longer than this many pages is a broken cursor, not a country's banks. */
const MAX_BANK_PAGES = 30

/** Webhooks report most results within a minute; polling is the net for a lost one. */
const FIRST_CHECK_AFTER_MS = 3 * 60 * 1000

const bankSchema = z.object({
  name: z.string().min(1).max(120),
  code: z.string().min(1).max(20),
  type: z.string().max(32).nullish(),
  currency: z.string().max(10).nullish(),
  active: z.boolean().nullish(),
  is_deleted: z.boolean().nullish(),
})
const bankPageSchema = z.array(bankSchema).max(1000)
const cursorMetaSchema = z.object({ next: z.string().max(500).nullish() }).nullish()

const resolvedSchema = z.object({
  account_number: z.string().max(40).nullish(),
  account_name: z.string().max(200).nullish(),
})
const recipientSchema = z.object({ recipient_code: z.string().min(1).max(64) })

/** Paystack's words when a transfer reference was used before: it is already ours. */
const DUPLICATE_REFERENCE = /duplicate|already/i
/** Refusals Paystack may lift later (an unfunded balance), so the payout is tried again. */
const TRY_AGAIN_LATER = /balance|insufficient|limit|try again/i

function text(details: Record<string, unknown>, key: string): string {
  const value = details[key]
  return typeof value === 'string' ? value : ''
}

/**
 * Paystack as Sabi's bank payout partner (docs/paystack.md): its bank directory for Nigeria,
 * South Africa and Kenya, name enquiry for Nigerian accounts, and payouts by transfer recipient
 * and transfer, with the payout's own id as Paystack's `reference`, so a transfer whose answer
 * was lost is found by verifying that reference before anything is sent again.
 */
export function createPaystackBankProvider(
  client: PaystackClient,
  recipients: RecipientStore,
): BankProvider {
  async function listCountry(
    query: Record<string, string | number | undefined>,
  ): Promise<z.infer<typeof bankSchema>[]> {
    const banks: z.infer<typeof bankSchema>[] = []
    let next: string | undefined
    for (let page = 0; page < MAX_BANK_PAGES; page++) {
      const answer = await client.get(
        '/bank',
        { ...query, perPage: BANKS_PER_PAGE, use_cursor: 'true', next },
        bankPageSchema,
      )
      banks.push(...answer.data)
      const meta = cursorMetaSchema.safeParse(answer.meta)
      next = meta.success ? (meta.data?.next ?? undefined) : undefined
      if (!next) return banks
    }
    throw new Error(`Paystack's bank list did not end after ${MAX_BANK_PAGES} pages`)
  }

  async function verify(reference: string): Promise<PayoutResult | undefined> {
    try {
      const answer = await client.get(
        `/transfer/verify/${encodeURIComponent(reference)}`,
        {},
        paystackTransferSchema,
      )
      return payoutResultOf(answer.data.status)
    } catch (error) {
      if (error instanceof PaystackFailure && error.kind === 'refused' && error.httpStatus === 404)
        return undefined
      throw error
    }
  }

  async function recipientFor(order: PayoutOrder): Promise<string> {
    const { details } = order
    const type = text(details, 'bankType') || 'nuban'
    const bankCode = text(details, 'bankCode')
    const accountNumber = text(details, 'accountNumber')
    const key = [type, bankCode, accountNumber, order.asset].join(':')
    const known = await recipients.find(key)
    if (known) return known
    const answer = await client.post(
      '/transferrecipient',
      {
        type,
        name: text(details, 'resolvedAccountName') || text(details, 'accountName'),
        account_number: accountNumber,
        bank_code: bankCode,
        currency: order.asset,
      },
      recipientSchema,
    )
    await recipients.save(key, answer.data.recipient_code)
    return answer.data.recipient_code
  }

  return {
    name: PAYSTACK,
    firstCheckAfterMs: FIRST_CHECK_AFTER_MS,

    async listBanks() {
      const directory = new Map<string, DirectoryBank>()
      for (const { country, query, currency } of COUNTRIES) {
        const lists = [await listCountry({ country: query })]
        // M-Pesa is listed as a mobile-money service of the currency, not always as a bank.
        if (country === 'KE') lists.push(await listCountry({ currency, type: 'mobile_money' }))
        for (const bank of lists.flat()) {
          if (bank.active === false || bank.is_deleted === true) continue
          if (bank.currency && bank.currency !== currency) continue
          const type = bank.type ?? (country === 'NG' ? 'nuban' : 'basa')
          directory.set(`${country}:${bank.code}`, {
            country,
            code: bank.code,
            name: bank.name.trim(),
            currency,
            type,
            // Paystack's name enquiry answers for NUBAN accounts only.
            nameEnquiry: type === 'nuban',
          })
        }
      }
      return [...directory.values()]
    },

    async resolveAccount({ bank, accountNumber }): Promise<AccountEnquiry> {
      if (!bank.nameEnquiry) return { status: 'unchecked' }
      try {
        const answer = await client.get(
          '/bank/resolve',
          { account_number: accountNumber, bank_code: bank.code },
          resolvedSchema,
        )
        const name = answer.data.account_name?.trim()
        return name ? { status: 'found', name } : { status: 'not_found' }
      } catch (error) {
        // Paystack refuses an account it cannot resolve; anything else is an outage, which the
        // user can only wait out.
        if (error instanceof PaystackFailure && error.kind === 'refused')
          return { status: 'not_found' }
        if (error instanceof PaystackFailure)
          throw new AppError('PROVIDER_UNAVAILABLE', msg('bankNotAnswering'))
        throw error
      }
    },

    async submit(order) {
      const reference = order.payoutId
      // A try after a lost answer asks first: the transfer may have been made.
      if (order.attempt > 1) {
        const known = await verify(reference)
        if (known) return { providerReference: reference, result: known }
      }
      const recipient = await recipientFor(order)
      try {
        const answer = await client.post(
          '/transfer',
          {
            source: 'balance',
            amount: paystackAmount(order.amountMinor),
            recipient,
            reference,
            currency: order.asset,
            reason: `Sabi payout ${reference}`.slice(0, 100),
          },
          paystackTransferSchema,
        )
        return { providerReference: reference, result: payoutResultOf(answer.data.status) }
      } catch (error) {
        if (!(error instanceof PaystackFailure) || error.kind !== 'refused') throw error
        if (DUPLICATE_REFERENCE.test(error.message)) {
          const known = await verify(reference)
          if (known) return { providerReference: reference, result: known }
          throw error
        }
        if (TRY_AGAIN_LATER.test(error.message)) throw error
        // Refused outright (an account the bank will not take): nothing was sent.
        return {
          providerReference: reference,
          result: { status: 'failed', reason: FAILURE_REASONS.bankRejected },
        }
      }
    },

    async status(providerReference) {
      const known = await verify(providerReference)
      return (
        known ?? {
          status: 'pending',
          alert: 'Paystack does not know a transfer Sabi sent it',
        }
      )
    },
  }
}
