import type { FundingProvider } from './funding-provider.ts'

/** The sandbox collects every top-up and card charge at once: no real money moves. */
export function createSandboxFundingProvider(): FundingProvider {
  return {
    name: 'sandbox-funding',
    async collect() {
      return { approved: true }
    },
  }
}
