import type { PayoutProvider } from '#server/payouts/payout-provider.ts'
import { createSandboxBankProvider } from './sandbox-bank.ts'
import { createSandboxBillerProvider } from './sandbox-biller.ts'
import { createSandboxInternationalProvider } from './sandbox-international.ts'

/**
 * The payout providers the worker sends to, by the name each payout records. Only sandbox
 * providers exist yet, so a production server (not in sandbox mode) sends nothing out until a
 * real provider is added here.
 */
export function sandboxPayoutProviders(): ReadonlyMap<string, PayoutProvider> {
  const providers: PayoutProvider[] = [
    createSandboxBankProvider(),
    createSandboxBillerProvider(),
    createSandboxInternationalProvider(),
  ]
  return new Map(providers.map((provider) => [provider.name, provider]))
}
