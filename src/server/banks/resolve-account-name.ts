import type { BankProvider, DirectoryBank } from '#server/providers/bank-provider.ts'
import { AppError, msg } from '#shared/errors.ts'

/**
 * Name enquiry for a transfer (docs/transfers.md "Bank transfers"): the holder's name, or
 * undefined where the bank's rail has none (the user's own words are used, and the review
 * says so). No such account is a 404; a provider that does not answer is a 503 to retry.
 */
export async function resolveAccountName(
  provider: BankProvider,
  bank: DirectoryBank,
  accountNumber: string,
): Promise<string | undefined> {
  const enquiry = await provider.resolveAccount({ bank, accountNumber })
  if (enquiry.status === 'not_found')
    throw new AppError(
      'NOT_FOUND',
      msg('noAccountNumberWas', { number: accountNumber, bank: bank.name }),
    )
  return enquiry.status === 'found' ? enquiry.name : undefined
}
