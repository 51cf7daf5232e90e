import { useCommonMessages } from '#client/components/messages.ts'
import { isAssetCode } from '#shared/money.ts'
import { DEFAULT_REQUEST_DESCRIPTION } from '#shared/schemas/payment-requests.ts'
import { DEFAULT_SALE_DESCRIPTION } from '#shared/schemas/pos.ts'
import { formatAmount, formatAmountDigits } from './format-amount.ts'
import { joinAmountCodes } from './join-amount-codes.ts'

type CommonKey = Parameters<typeof useCommonMessages.t>[0]
// Components that show these texts re-render on a change of language through their own
// catalog's hook; the texts are read at that render.
const t = useCommonMessages.t

const FIXED: Record<string, CommonKey> = {
  'Added funds by card': 'descriptionAddedByCard',
  'Added funds by bank transfer': 'descriptionAddedByBank',
  [DEFAULT_SALE_DESCRIPTION]: 'descriptionPosSale',
  [DEFAULT_REQUEST_DESCRIPTION]: 'descriptionPaymentRequest',
}
const EXCHANGED = /^Exchanged ([A-Z]{3,5}) to ([A-Z]{3,5})$/
const BOUGHT = /^Bought (\d+(?:\.\d+)?) ([A-Z]{3,5}) at \$([\d,]+\.\d{2})( by card)?$/

/**
 * A description the server wrote for the user (docs/i18n.md "Texts the server writes"): the
 * history keeps it in English, as stored, and the screen words it in the user's language.
 * A description the user typed is theirs and is shown as they typed it.
 */
export function localizeServerText(text: string): string {
  const fixed = FIXED[text]
  if (fixed) return t(fixed)
  const exchanged = EXCHANGED.exec(text)
  if (exchanged)
    return t('descriptionExchanged', { from: exchanged[1] ?? '', to: exchanged[2] ?? '' })
  const bought = BOUGHT.exec(text)
  const coin = bought?.[2] ?? ''
  if (bought && isAssetCode(coin)) {
    const values = {
      quantity: formatAmountDigits(bought[1] ?? '', coin),
      coin,
      price: formatAmount((bought[3] ?? '').replaceAll(',', ''), { code: 'USD', symbol: '$' }),
    }
    // The quantity and its coin are one amount: the catalog's space between them must not break.
    return joinAmountCodes(t(bought[4] ? 'descriptionBoughtByCard' : 'descriptionBought', values))
  }
  return text
}

const TYPE_KEYS: Record<string, CommonKey> = {
  send: 'typeSend',
  receive: 'typeReceive',
  add_funds: 'typeAddFunds',
  purchase: 'typePurchase',
  withdraw: 'typeWithdraw',
}

/** A transaction type in words ("Add funds"); an unknown type as the server named it. */
export function transactionTypeName(type: string): string {
  const key = TYPE_KEYS[type]
  if (key) return t(key)
  const words = type.replaceAll('_', ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}
