import { createHash } from 'node:crypto'
import { FAILURE_REASONS } from '#shared/failure-reasons.ts'
import { BANKS } from '#shared/schemas/bank.ts'
import type { BankProvider, DirectoryBank } from './bank-provider.ts'

/** A sandbox payout settles this long after it was sent, like a real bank run. */
export const SANDBOX_SETTLE_MS = 3_000

const FIRST = [
  'Adaeze',
  'Chinedu',
  'Funmilayo',
  'Ibrahim',
  'Ngozi',
  'Thabo',
  'Wanjiru',
  'Kwame',
  'Amina',
  'Sipho',
]
const LAST = [
  'Okafor',
  'Adeyemi',
  'Bello',
  'Nwosu',
  'Dlamini',
  'Mwangi',
  'Mensah',
  'Otieno',
  'Eze',
  'Nkosi',
]

/**
 * The sandbox banks (issue "Money out"): an account number ending in 0000 does not exist at
 * name enquiry; one ending in 9999 exists but its payout fails; any other completes a few
 * seconds after it is sent. The account holder's name is made up, the same every time.
 */
function resolveSandboxAccount(accountNumber: string): string | undefined {
  if (accountNumber.endsWith('0000')) return undefined
  const digest = createHash('sha256').update(accountNumber).digest()
  return `${FIRST[(digest[0] ?? 0) % FIRST.length]} ${LAST[(digest[1] ?? 0) % LAST.length]}`
}

/**
 * The seed's ten banks (docs/transfers.md "Banks"), with the rails real ones have: Nigerian
 * banks answer name enquiry, South African and Kenyan ones do not, as with Paystack.
 */
const SANDBOX_BANKS: readonly DirectoryBank[] = BANKS.map((bank) => ({
  ...bank,
  type: bank.country === 'NG' ? 'nuban' : bank.country === 'ZA' ? 'basa' : 'kepss',
  nameEnquiry: bank.country === 'NG',
}))

/**
 * Stateless: the outcome rides in the reference it hands out, so a restarted server, or
 * another instance, reads the same result from it.
 */
export function createSandboxBankProvider(): BankProvider {
  return {
    name: 'sandbox-bank',
    async listBanks() {
      return SANDBOX_BANKS.map((bank) => ({ ...bank }))
    },
    async resolveAccount({ bank, accountNumber }) {
      if (!bank.nameEnquiry) return { status: 'unchecked' }
      const name = resolveSandboxAccount(accountNumber)
      return name ? { status: 'found', name } : { status: 'not_found' }
    },
    async submit(order) {
      const accountNumber =
        typeof order.details.accountNumber === 'string' ? order.details.accountNumber : ''
      return {
        providerReference: `SBX-${order.payoutId}-${accountNumber.endsWith('9999') ? 'F' : 'S'}`,
      }
    },
    async status(providerReference, submittedAt, nowMs) {
      if (nowMs - submittedAt.getTime() < SANDBOX_SETTLE_MS) return { status: 'pending' }
      return providerReference.endsWith('-F')
        ? { status: 'failed', reason: FAILURE_REASONS.bankRejected }
        : { status: 'completed' }
    },
  }
}
