import type { DbTransaction } from '#server/db/client.ts'
import { initiatePayout } from '#server/payouts/initiate-payout.ts'
import type { BillerProvider } from '#server/providers/biller-provider.ts'
import { englishDescription } from '#server/transactions/describe-journal.ts'
import { toTransactionResponse } from '#server/transactions/to-transaction-response.ts'
import { findOwnWallet } from '#server/wallets/find-own-wallet.ts'
import { AppError, amountParam, msg } from '#shared/errors.ts'
import { exponentOf, parseAmountOrThrow, parseScaled, zero } from '#shared/money.ts'
import {
  BILL_AMOUNT_MAX_MAJOR,
  type BillPaymentRequest,
  formatTopUpNumber,
} from '#shared/schemas/bills.ts'
import type { Transaction as TransactionResponse } from '#shared/schemas/transactions.ts'
import { findBillCustomer, findBillerOrThrow, findItemOrThrow } from './find-bill-customer.ts'

/**
 * A bill payment (docs/transfers.md "Bills"; issue "Money out"): the biller must be one of the bill
 * type's, the wallet the user's own and in the biller's currency, and the customer number one
 * the biller knows. Bills carry no fee. The money leaves the wallet at once and waits in the
 * biller settlement account as a pending payout, which the worker sends to the biller and the
 * biller's answer settles (with a token for electricity) or reverses.
 */
export async function payBill(
  tx: DbTransaction,
  userId: string,
  input: BillPaymentRequest,
  provider: BillerProvider,
): Promise<TransactionResponse> {
  const biller = await findBillerOrThrow(tx, provider, input.billType, input.provider)
  const item = findItemOrThrow(biller, input.item)
  const wallet = await findOwnWallet(tx, userId, input.walletId)
  if (wallet.asset !== biller.currency) {
    const message = msg('billerPaidCurrencyPay', { biller: biller.name, currency: biller.currency })
    throw new AppError('VALIDATION_FAILED', message, [{ path: 'walletId', message }])
  }
  const amount = parseAmountOrThrow(input.amount, wallet.asset, {
    maxMinor: BILL_AMOUNT_MAX_MAJOR * 10n ** BigInt(exponentOf(wallet.asset)),
  })
  // A package has its price: paying another amount for it would buy nothing or overpay.
  if (item?.amount != null && parseScaled(item.amount, 2) !== amount.amountMinor) {
    const message = msg('packageCosts', {
      package: item.name,
      amount: amountParam(item.amount, wallet.symbol),
    })
    throw new AppError('VALIDATION_FAILED', message, [{ path: 'amount', message }])
  }
  const { customerNumber, customerName, customerAddress } = await findBillCustomer(
    biller,
    item,
    input.accountNumber,
    provider,
  )
  // What the provider needs to be paid for this item, and what the receipt names it.
  const itemDetails = item
    ? {
        itemId: item.id,
        itemName: item.name,
        ...(item.providerBiller ? { providerBiller: item.providerBiller } : {}),
      }
    : {}
  const journal = await initiatePayout(tx, {
    userId,
    wallet,
    amount,
    fee: zero(wallet.asset),
    kind: 'bill',
    provider: provider.name,
    type: 'purchase',
    // A top-up's receipt shows the network and the number as people read it, and no name.
    details:
      customerName === null
        ? {
            billType: biller.type,
            providerName: biller.name,
            phoneNumber: formatTopUpNumber(customerNumber),
            ...itemDetails,
          }
        : {
            billType: biller.type,
            providerName: biller.name,
            customerNumber,
            customerName,
            ...(customerAddress ? { customerAddress } : {}),
            ...itemDetails,
          },
    description: englishDescription({
      kind: 'bill',
      billType: biller.type,
      biller: biller.name,
      numberKind: biller.customerNumber.kind,
      number: customerName === null ? formatTopUpNumber(customerNumber) : customerNumber,
    }),
  })
  return toTransactionResponse(journal, userId, () => wallet.symbol)
}
