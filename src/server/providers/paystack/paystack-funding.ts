import { z } from 'zod'
import type { CheckoutFunding } from '#server/providers/funding-provider.ts'
import { AppError, type Message, msg } from '#shared/errors.ts'
import { type PaystackClient, PaystackFailure, paystackAmount } from './paystack-client.ts'
import { incomingPaymentOf, paystackTransactionSchema } from './paystack-payments.ts'

/** Paystack's checkout takes cards in these of Sabi's currencies. */
const CHECKOUT_CURRENCIES = new Set(['NGN', 'ZAR', 'KES', 'USD'])

const customerSchema = z.object({ customer_code: z.string().min(1).max(64) })
const dedicatedAccountSchema = z.object({
  account_number: z.string().min(1).max(20),
  account_name: z.string().min(1).max(120),
  bank: z.object({ name: z.string().min(1).max(120) }),
})
const initializedSchema = z.object({ authorization_url: z.string().url().max(500) })
const refundSchema = z.object({ status: z.string().max(40).nullish() })

/**
 * A call the user waits on: if Paystack does not take it, they are told the service is out
 * for now (503), and nothing of theirs has changed.
 */
async function orUnavailable<T>(work: () => Promise<T>, unavailable: Message): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof PaystackFailure) throw new AppError('PROVIDER_UNAVAILABLE', unavailable)
    throw error
  }
}

/**
 * Paystack as Sabi's funding party (docs/funding.md): card top-ups through its checkout, bank
 * top-ups into a dedicated virtual account per customer, and refunds of money that could not
 * be credited. Test keys get Paystack's test bank for accounts, live keys Wema Bank.
 */
export function createPaystackFunding(
  client: PaystackClient,
  options: { testMode: boolean },
): CheckoutFunding {
  return {
    name: 'paystack',
    topUps: 'checkout',
    checkoutCurrencies: CHECKOUT_CURRENCIES,

    openBankAccount: (customer) =>
      orUnavailable(async () => {
        const made = await client.post(
          '/customer',
          {
            email: customer.email,
            first_name: customer.firstName,
            last_name: customer.lastName,
            ...(customer.phone ? { phone: customer.phone } : {}),
          },
          customerSchema,
        )
        const account = await client.post(
          '/dedicated_account',
          {
            customer: made.data.customer_code,
            preferred_bank: options.testMode ? 'test-bank' : 'wema-bank',
          },
          dedicatedAccountSchema,
        )
        return {
          customerCode: made.data.customer_code,
          accountNumber: account.data.account_number,
          accountName: account.data.account_name,
          bankName: account.data.bank.name,
        }
      }, msg('accountNumbersNotAvailable')),

    startCheckout: (input) =>
      orUnavailable(async () => {
        const answer = await client.post(
          '/transaction/initialize',
          {
            email: input.email,
            amount: paystackAmount(input.amountMinor),
            currency: input.asset,
            reference: input.reference,
            callback_url: input.callbackUrl,
            channels: ['card'],
            metadata: { purpose: 'sabi-top-up' },
          },
          initializedSchema,
        )
        return { authorizationUrl: answer.data.authorization_url }
      }, msg('addingFundsNotAvailable')),

    async verifyPayment(reference) {
      try {
        const answer = await client.get(
          `/transaction/verify/${encodeURIComponent(reference)}`,
          {},
          paystackTransactionSchema,
        )
        return incomingPaymentOf(answer.data)
      } catch (error) {
        // Paystack answers an unknown reference with a refusal (400 or 404).
        if (error instanceof PaystackFailure && error.kind === 'refused') return undefined
        throw error
      }
    },

    async refund({ reference, amountMinor }) {
      await client.post(
        '/refund',
        { transaction: reference, amount: paystackAmount(amountMinor) },
        refundSchema,
      )
    },
  }
}
