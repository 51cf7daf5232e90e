import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import { createHttpRatesProvider } from '#server/providers/http-rates-provider.ts'
import type { PayoutProvider } from '#server/providers/payout-provider.ts'
import type { RatesProvider } from '#server/providers/rates-provider.ts'
import { createSandboxRatesProvider } from '#server/providers/sandbox-rates-provider.ts'
import { SEED_CRYPTOCURRENCIES } from '#server/reference/reference-data.ts'
import { referencePriceBook } from '#server/reference/usd-prices.ts'
import { AppError, type Message } from '#shared/errors.ts'
import type { BankProvider } from './bank-provider.ts'
import type { BillerProvider } from './biller-provider.ts'
import type { CardAcquirer } from './card-acquirer.ts'
import { createFlutterwaveBillerProvider } from './flutterwave/flutterwave-biller.ts'
import { createFlutterwaveClient } from './flutterwave/flutterwave-client.ts'
import type { FundingProvider } from './funding-provider.ts'
import type { IdentityVerifier } from './identity-verifier.ts'
import { createPaystackBankProvider } from './paystack/paystack-bank.ts'
import { createPaystackClient } from './paystack/paystack-client.ts'
import { createPaystackFunding } from './paystack/paystack-funding.ts'
import { createPaystackRecords } from './paystack/paystack-records.ts'
import { databaseRecipientStore } from './paystack/recipient-store.ts'
import type { ProviderRecords } from './provider-records.ts'
import { createSandboxBankProvider } from './sandbox-bank.ts'
import { createSandboxBillerProvider } from './sandbox-biller.ts'
import { createSandboxCardAcquirer } from './sandbox-card-acquirer.ts'
import { createSandboxFundingProvider } from './sandbox-funding.ts'
import { createSandboxIdentityVerifier } from './sandbox-identity-verifier.ts'
import { createSandboxInternationalProvider } from './sandbox-international.ts'
import { createSmileIdClient } from './smile-id/smile-id-client.ts'
import { createSmileIdVerifier } from './smile-id/smile-id-verifier.ts'

/**
 * Every outside party Sabi deals with, chosen once at start-up and passed to the routes, the
 * payout worker and the market feed; no use case picks one itself. A party that is not
 * configured is absent, and whatever needs it answers 503 PROVIDER_UNAVAILABLE before any
 * money moves (docs/operations.md "Providers").
 */
export type Providers = {
  /** Name enquiry and bank payouts. */
  bank?: BankProvider | undefined
  /** Customer lookup and bill payments. */
  biller?: BillerProvider | undefined
  /** Transfers abroad. */
  international?: PayoutProvider | undefined
  /** Card payments at the POS terminal. */
  cardAcquirer?: CardAcquirer | undefined
  /** Top-ups by card or bank, and crypto bought by card. */
  funding?: FundingProvider | undefined
  /** Identity number checks (BVN, NIN, national ID) and, where it can, tier-3 documents. */
  identityVerifier?: IdentityVerifier | undefined
  /** Exchange rates and crypto prices. */
  rates?: RatesProvider | undefined
  /** The money provider's own records, for the daily reconciliation (docs/reconciliation.md). */
  records?: ProviderRecords | undefined
}

/** The simulated parties of sandbox mode: no real money moves and no real person is checked. */
export function sandboxProviders(): Providers {
  return {
    bank: createSandboxBankProvider(),
    biller: createSandboxBillerProvider(),
    international: createSandboxInternationalProvider(),
    cardAcquirer: createSandboxCardAcquirer(),
    funding: createSandboxFundingProvider(),
    identityVerifier: createSandboxIdentityVerifier(),
    rates: createSandboxRatesProvider(
      referencePriceBook(),
      new Set(SEED_CRYPTOCURRENCIES.map((crypto) => crypto.code)),
    ),
  }
}

/**
 * The providers configuration asks for: the sandbox's in sandbox mode, and otherwise only what
 * is configured. `PAYSTACK_SECRET_KEY` brings Paystack in either mode, in place of the
 * sandbox's bank and funding parties (docs/paystack.md), `FLUTTERWAVE_SECRET_KEY` brings
 * Flutterwave in place of the sandbox's biller (docs/flutterwave.md), and `SMILE_ID_PARTNER_ID`
 * with `SMILE_ID_API_KEY` brings Smile ID in place of the sandbox's identity registry
 * (docs/smile-id.md); the rates feed is `FX_RATES_URL` in either mode. What no party serves
 * is offered as unavailable rather than pretended.
 */
export function providersFor(config: Config, db: Database): Providers {
  const chosen: Providers = config.sandbox ? sandboxProviders() : {}
  if (config.fxRatesUrl) chosen.rates = createHttpRatesProvider(config.fxRatesUrl)
  if (config.paystack) {
    const client = createPaystackClient(config.paystack)
    chosen.bank = createPaystackBankProvider(client, databaseRecipientStore(db, 'paystack'))
    chosen.funding = createPaystackFunding(client, {
      testMode: config.paystack.secretKey.startsWith('sk_test_'),
    })
    chosen.records = createPaystackRecords(client)
  }
  if (config.flutterwave) {
    chosen.biller = createFlutterwaveBillerProvider(createFlutterwaveClient(config.flutterwave))
  }
  if (config.smileId) {
    chosen.identityVerifier = createSmileIdVerifier(createSmileIdClient(config.smileId))
  }
  return chosen
}

/** The payout providers by the name each payout records, for the worker to send to. */
export function payoutProvidersOf(providers: Providers): ReadonlyMap<string, PayoutProvider> {
  const present = [providers.bank, providers.biller, providers.international].filter(
    (provider): provider is PayoutProvider => provider !== undefined,
  )
  return new Map(present.map((provider) => [provider.name, provider]))
}

/**
 * The provider a request needs, or a 503 PROVIDER_UNAVAILABLE saying which service is out
 * (`unavailable`, e.g. `msg('bankTransfersNotAvailable')`), thrown before any money
 * moves or any idempotency key is spent.
 */
export function requireProvider<P>(provider: P | undefined, unavailable: Message): P {
  if (provider === undefined) {
    throw new AppError('PROVIDER_UNAVAILABLE', unavailable)
  }
  return provider
}
