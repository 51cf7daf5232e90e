import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { passesLuhn } from '#server/cards/card-number.ts'
import type { DbTransaction } from '#server/db/client.ts'
import { journals, posSales } from '#server/db/schema.ts'
import { systemAccountId } from '#server/ledger/accounts.ts'
import { postJournal } from '#server/ledger/post-journal.ts'
import { moneyFieldsOf } from '#server/outbox/money-event-fields.ts'
import { recordEvent } from '#server/outbox/record-event.ts'
import { createPaymentRequest } from '#server/payment-requests/create-payment-request.ts'
import type { CardAcquirer } from '#server/providers/card-acquirer.ts'
import { requireProvider } from '#server/providers/providers.ts'
import { findOwnWallet } from '#server/wallets/find-own-wallet.ts'
import { AppError, msg } from '#shared/errors.ts'
import { parseAmountOrThrow } from '#shared/money.ts'
import {
  DEFAULT_SALE_DESCRIPTION,
  POS_QR_TTL_MS,
  type PosSale,
  type PosSaleRequest,
  SANDBOX_APPROVED_CARD,
} from '#shared/schemas/pos.ts'
import { toPosSaleResponse } from './to-pos-sale-response.ts'

/**
 * A sale at the merchant's POS terminal (docs/getting-paid.md "POS terminal"). By card: the
 * acquirer authorizes it and the money arrives at once from the card-acquiring account into the
 * receiving wallet; a declined card is a 402 and nothing is recorded. By QR code: the sale waits,
 * `pending`, on a payment request that a customer with Sabi pays from their phone, which completes
 * it.
 */
export async function makePosSale(
  tx: DbTransaction,
  merchantId: string,
  input: PosSaleRequest,
  acquirer: CardAcquirer | undefined,
  nowMs = Date.now(),
): Promise<PosSale> {
  const wallet = await findOwnWallet(tx, merchantId, input.walletId)
  const amount = parseAmountOrThrow(input.amount, wallet.asset)
  const description = input.description || DEFAULT_SALE_DESCRIPTION
  const customer = {
    customerName: input.customerInfo?.name ?? null,
    customerEmail: input.customerInfo?.email ?? null,
    customerPhone: input.customerInfo?.phone ?? null,
  }
  const now = new Date(nowMs)
  const saleId = randomUUID()

  if (input.method === 'qr') {
    const { row: request, response } = await createPaymentRequest(
      tx,
      merchantId,
      { walletId: wallet.id, amount: input.amount, description },
      { purpose: 'pos_sale', ttlMs: POS_QR_TTL_MS, nowMs },
    )
    const [sale] = await tx
      .insert(posSales)
      .values({
        id: saleId,
        merchantId,
        walletId: wallet.id,
        asset: wallet.asset,
        amountMinor: amount.amountMinor,
        description,
        ...customer,
        method: 'qr',
        status: 'pending',
        paymentRequestId: request.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    if (!sale) throw new Error('insert into pos_sales returned no row')
    return toPosSaleResponse(sale, wallet.symbol, {
      id: request.id,
      link: response.link,
      expiresAt: response.expiresAt,
    })
  }

  const cardAcquirer = requireProvider(acquirer, msg('cardPaymentsNotAvailable'))
  const cardNumber = input.card?.number ?? SANDBOX_APPROVED_CARD
  if (!passesLuhn(cardNumber)) {
    throw new AppError('VALIDATION_FAILED', msg('cardNumberNotValid'), [
      { path: 'card.number', message: msg('cardNumberNotValid') },
    ])
  }
  const last4 = cardNumber.slice(-4)
  // The journal first: the merchant's balance cap (docs/limits.md) refuses a sale before the
  // customer's card is touched (issue 32: money is never collected before its limit check
  // passes). The authorization comes last, in the same transaction: a decline rolls it back.
  const posted = await postJournal(
    tx,
    {
      type: 'pos_sale',
      status: 'completed',
      asset: wallet.asset,
      amountMinor: amount.amountMinor,
      toUserId: merchantId,
      toWalletId: wallet.id,
      description,
      externalReference: `card ****${last4}`,
    },
    [
      {
        accountId: await systemAccountId(tx, 'card_acquiring', wallet.asset),
        asset: wallet.asset,
        amountMinor: -amount.amountMinor,
      },
      { accountId: wallet.accountId, asset: wallet.asset, amountMinor: amount.amountMinor },
    ],
  )
  const authorization = await cardAcquirer.authorize({
    saleId,
    amountMinor: amount.amountMinor,
    asset: wallet.asset,
    cardNumber,
  })
  if (!authorization.approved) throw new AppError('PAYMENT_DECLINED', authorization.reason)
  const [journal] = await tx
    .update(journals)
    .set({ externalReference: `card ****${last4} auth ${authorization.authorizationCode}` })
    .where(eq(journals.id, posted.id))
    .returning()
  if (!journal) throw new Error('the sale journal was not found after posting it')
  const [sale] = await tx
    .insert(posSales)
    .values({
      id: saleId,
      merchantId,
      walletId: wallet.id,
      asset: wallet.asset,
      amountMinor: amount.amountMinor,
      description,
      ...customer,
      method: 'card',
      status: 'completed',
      cardLast4: last4,
      journalId: journal.id,
      completedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  if (!sale) throw new Error('insert into pos_sales returned no row')
  // The merchant hears of the sale like of any money in (issue 31), in the sale's transaction:
  // a sale that does not commit is never announced. A QR sale is announced when it is paid
  // (src/server/payment-requests/pay-payment-request.ts).
  await recordEvent(tx, {
    userId: merchantId,
    data: {
      kind: 'pos_card_sale_paid',
      ...(await moneyFieldsOf(tx, amount.amountMinor, wallet.asset, wallet.symbol)),
      transactionId: journal.id,
    },
  })
  return toPosSaleResponse(sale, wallet.symbol, null)
}
