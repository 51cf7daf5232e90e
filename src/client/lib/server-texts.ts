import { useCommonMessages } from '#client/components/messages.ts'
import { DEFAULT_REQUEST_DESCRIPTION } from '#shared/schemas/payment-requests.ts'
import { DEFAULT_SALE_DESCRIPTION } from '#shared/schemas/pos.ts'
import type { DescribedAs } from '#shared/schemas/transactions.ts'
import { countryName } from './country-name.ts'
import { formatAmount, formatCryptoQuantity } from './format-amount.ts'
import { joinAmountCodes } from './join-amount-codes.ts'

type CommonKey = Parameters<typeof useCommonMessages.t>[0]
// Components that show these texts re-render on a change of language through their own
// catalog's hook; the texts are read at that render.
const t = useCommonMessages.t

const FIXED: Record<string, CommonKey> = {
  [DEFAULT_SALE_DESCRIPTION]: 'descriptionPosSale',
  [DEFAULT_REQUEST_DESCRIPTION]: 'descriptionPaymentRequest',
}

/**
 * A sale's or a request's description (docs/i18n.md "Descriptions"): the one Sabi gives when
 * none was typed, in the user's language; a description the user typed is theirs and is shown
 * as they typed it.
 */
export function localizeServerText(text: string): string {
  const fixed = FIXED[text]
  return fixed ? t(fixed) : text
}

const BILL_TYPE_KEYS: Record<string, CommonKey> = {
  electricity: 'billTypeElectricity',
  mobile: 'billTypeMobile',
  internet: 'billTypeInternet',
  cabletv: 'billTypeCabletv',
  insurance: 'billTypeInsurance',
  rent: 'billTypeRent',
  government: 'billTypeGovernment',
  tax: 'billTypeTax',
}

const BILL_NUMBER_KEYS: Record<string, CommonKey> = {
  meter: 'billNumberMeter',
  phone: 'billNumberPhone',
  customerId: 'billNumberCustomerId',
  smartcard: 'billNumberSmartcard',
  policy: 'billNumberPolicy',
  tenant: 'billNumberTenant',
  paymentReference: 'billNumberPaymentReference',
}

/** A key's text, or the fallback when the server sent a value this client does not know. */
function named(keys: Record<string, CommonKey>, value: string, fallback: string): string {
  const key = keys[value]
  return key ? t(key) : fallback
}

/** The words of a description Sabi wrote, from its parts, in the user's language. */
/** "Refund for SB-…": money staff moved, for the transaction it is for. */
const STAFF_MONEY_KEYS = {
  refund: 'descriptionRefundFor',
  adjustment: 'descriptionAdjustmentFor',
  correction: 'descriptionCorrectionFor',
} as const satisfies Record<string, CommonKey>

/** "Saved to Holiday": money moved between a wallet and a savings pocket (docs/pockets.md). */
const POCKET_MOVE_KEYS = {
  deposit: 'descriptionSavedTo',
  roundUp: 'descriptionRoundUpTo',
  autoSave: 'descriptionAutoSaveTo',
  withdrawal: 'descriptionTakenFrom',
} as const satisfies Record<string, CommonKey>

function describedText(described: DescribedAs): string {
  switch (described.kind) {
    case 'bill':
      return t('descriptionBill', {
        type: named(BILL_TYPE_KEYS, described.billType, described.billType),
        biller: described.biller,
        numberName: named(BILL_NUMBER_KEYS, described.numberKind, described.numberKind),
        number: described.number,
      })
    case 'bankTransfer':
      return t('descriptionBankTransfer', {
        name: described.accountName,
        bank: described.bankName,
      })
    case 'bankTransferIn':
      return t('descriptionBankTransferIn', {
        name: described.senderName,
        bank: described.bankName,
      })
    case 'internationalTransfer':
      return t('descriptionInternationalTransfer', {
        name: described.recipientName,
        country: countryName({ code: described.countryCode, name: described.countryName }),
      })
    case 'addFunds':
      return t(described.method === 'bank' ? 'descriptionAddedByBank' : 'descriptionAddedByCard')
    case 'exchange':
      return t('descriptionExchanged', { from: described.from, to: described.to })
    case 'cryptoPurchase': {
      const values = { quantity: formatCryptoQuantity(described.quantity), coin: described.coin }
      // The quantity and its coin are one amount: the catalog's space between them must not break.
      if (described.priceUsd) {
        const price = formatAmount(described.priceUsd, 'USD')
        return joinAmountCodes(
          t(described.byCard ? 'descriptionBoughtAtByCard' : 'descriptionBoughtAt', {
            ...values,
            price,
          }),
        )
      }
      return joinAmountCodes(
        t(described.byCard ? 'descriptionBoughtByCard' : 'descriptionBought', values),
      )
    }
    case 'posSale':
      return t('descriptionPosSale')
    case 'paymentRequest':
      return t('descriptionPaymentRequest')
    case 'pocket':
      return t(POCKET_MOVE_KEYS[described.move], { pocket: described.pocket })
    case 'staffMoney': {
      const text = described.reference
        ? t(STAFF_MONEY_KEYS[described.type], { reference: described.reference })
        : transactionTypeName(described.type)
      return described.report ? t('descriptionForReport', { text, report: described.report }) : text
    }
  }
}

/**
 * A transaction's description as its viewer reads it (docs/i18n.md "Descriptions"): one Sabi
 * wrote is worded from its parts in the user's language; one the user typed is shown as typed;
 * an empty string when there is none, for the caller's "<Type> transaction".
 */
export function transactionDescription(transaction: {
  description: string | null
  describedAs?: DescribedAs | null | undefined
}): string {
  // "Bought 0.0386 ETH" keeps its quantity and coin on one line (docs/screens.md "Display rules").
  if (transaction.describedAs) return joinAmountCodes(describedText(transaction.describedAs))
  return joinAmountCodes(transaction.description?.trim() ?? '')
}

const TYPE_KEYS: Record<string, CommonKey> = {
  send: 'typeSend',
  receive: 'typeReceive',
  add_funds: 'typeAddFunds',
  purchase: 'typePurchase',
  withdraw: 'typeWithdraw',
  refund: 'typeRefund',
  adjustment: 'typeAdjustment',
  correction: 'typeCorrection',
  saving: 'typeSaving',
  saving_withdrawal: 'typeSavingWithdrawal',
}

/** A transaction type in words ("Add funds"); an unknown type as the server named it. */
export function transactionTypeName(type: string): string {
  const key = TYPE_KEYS[type]
  if (key) return t(key)
  const words = type.replaceAll('_', ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}
