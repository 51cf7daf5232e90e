import { createHash } from 'node:crypto'
import type { InstantFunding } from './funding-provider.ts'

/**
 * The sandbox collects every top-up and card charge at once: no real money moves. Its account
 * numbers are made up, the same for a user every time, at a bank that does not exist.
 */
export function createSandboxFundingProvider(): InstantFunding {
  return {
    name: 'sandbox-funding',
    topUps: 'instant',
    async collect() {
      return { approved: true }
    },
    async openBankAccount(customer) {
      const digest = createHash('sha256').update(customer.userId).digest()
      const digits = [...digest.subarray(0, 9)].map((byte) => byte % 10).join('')
      return {
        customerCode: `SBX-${customer.userId}`,
        accountNumber: `9${digits}`,
        accountName: `SABI / ${customer.firstName} ${customer.lastName}`
          .toUpperCase()
          .slice(0, 120),
        bankName: 'Sabi Sandbox Bank',
      }
    },
  }
}
