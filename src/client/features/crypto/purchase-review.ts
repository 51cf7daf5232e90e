import type { Review } from '#client/components/money-action/use-money-action.ts'
import { formatAmount } from '#client/lib/format-amount.ts'
import { formatMoney, type Money } from '#shared/money.ts'
import type { CryptoPurchaseRequest } from '#shared/schemas/exchange.ts'
import type { Cryptocurrency, Currency } from '#shared/schemas/reference.ts'
import { formatUsdPrice, previewCryptoQuantity, USD_CURRENCY } from './crypto-quantity.ts'
import type { CostEstimate } from './estimate-cost.ts'
import type { useCryptoMessages } from './messages.ts'

type CryptoMessages = ReturnType<typeof useCryptoMessages>

/**
 * The review sheet of a purchase (docs/screens.md "Money actions"): the coins it buys, the unit
 * price, what it costs and how it is paid. The cost is in the paying currency when the listed
 * rate gives it, marked as an estimate when converted, else in US dollars; the coins row is left
 * out when the amount buys none at this price.
 */
export function purchaseReview(
  t: CryptoMessages,
  {
    crypto,
    usd,
    pay,
    estimate,
    paymentMethod,
  }: {
    crypto: Cryptocurrency
    usd: Money
    /** The paying currency chosen. */
    pay: Currency | undefined
    estimate: CostEstimate | null
    paymentMethod: CryptoPurchaseRequest['paymentMethod']
  },
): Review {
  const quantity = previewCryptoQuantity(formatMoney(usd), crypto.price, crypto.code)
  const cost = estimate
    ? formatAmount(estimate.cost, { code: estimate.cost.asset, symbol: pay?.symbol })
    : formatAmount(usd, USD_CURRENCY)
  return {
    title: t('reviewTitle', { code: crypto.code }),
    rows: [
      ...(quantity
        ? [
            {
              label: t('youReceive'),
              value: t('quantity', { amount: quantity, code: crypto.code }),
            },
          ]
        : []),
      {
        label: t('unitPrice'),
        value: t('unitPriceValue', {
          code: crypto.code,
          price: formatUsdPrice(crypto.price),
        }),
      },
      {
        label: t('youPay'),
        value: estimate?.approximate ? t('youPayApprox', { amount: cost }) : cost,
        strong: true,
      },
      {
        label: t('reviewPaidWith'),
        value:
          paymentMethod === 'card' ? t('reviewCard') : t('reviewWallet', { code: pay?.code ?? '' }),
      },
    ],
    note: t('priceNote'),
  }
}
