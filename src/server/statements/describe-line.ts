import englishCommon from '#client/locales/en/common.json' with { type: 'json' }
import spanishCommon from '#client/locales/es/common.json' with { type: 'json' }
import frenchCommon from '#client/locales/fr/common.json' with { type: 'json' }
import hausaCommon from '#client/locales/ha/common.json' with { type: 'json' }
import { type DescribedJournal, describeJournal } from '#server/transactions/describe-journal.ts'
import type { Language } from '#shared/languages.ts'
import type { DescribedAs } from '#shared/schemas/transactions.ts'

/**
 * A statement line's description in the statement's language (docs/statements.md "Lines"): one
 * Sabi wrote is worded from its parts with the app's own catalog texts (the same words the
 * history shows), one the user typed stays as typed, and a line with none is named by its type.
 */
type CommonKey = keyof typeof englishCommon
const CATALOGS: Record<Language, Partial<Record<CommonKey, string>>> = {
  en: englishCommon,
  fr: frenchCommon,
  es: spanishCommon,
  ha: hausaCommon,
}

function text(language: Language, key: CommonKey, values: Record<string, string> = {}): string {
  const template = CATALOGS[language][key] ?? englishCommon[key]
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole)
}

const BILL_TYPES: Record<string, CommonKey> = {
  electricity: 'billTypeElectricity',
  mobile: 'billTypeMobile',
  internet: 'billTypeInternet',
  cabletv: 'billTypeCabletv',
  insurance: 'billTypeInsurance',
  rent: 'billTypeRent',
  government: 'billTypeGovernment',
  tax: 'billTypeTax',
}
const BILL_NUMBERS: Record<string, CommonKey> = {
  meter: 'billNumberMeter',
  phone: 'billNumberPhone',
  customerId: 'billNumberCustomerId',
  smartcard: 'billNumberSmartcard',
  policy: 'billNumberPolicy',
  tenant: 'billNumberTenant',
  paymentReference: 'billNumberPaymentReference',
}
const POCKET_MOVES: Record<string, CommonKey> = {
  deposit: 'descriptionSavedTo',
  roundUp: 'descriptionRoundUpTo',
  autoSave: 'descriptionAutoSaveTo',
  withdrawal: 'descriptionTakenFrom',
}
const STAFF_MONEY: Record<string, CommonKey> = {
  refund: 'descriptionRefundFor',
  adjustment: 'descriptionAdjustmentFor',
  correction: 'descriptionCorrectionFor',
}
const TYPES: Record<string, CommonKey> = {
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

function named(keys: Record<string, CommonKey>, value: string, language: Language): string {
  const key = keys[value]
  return key ? text(language, key) : value
}

function describedText(described: DescribedAs, language: Language): string {
  switch (described.kind) {
    case 'bill':
      return text(language, 'descriptionBill', {
        type: named(BILL_TYPES, described.billType, language),
        biller: described.biller,
        numberName: named(BILL_NUMBERS, described.numberKind, language),
        number: described.number,
      })
    case 'bankTransfer':
      return text(language, 'descriptionBankTransfer', {
        name: described.accountName,
        bank: described.bankName,
      })
    case 'bankTransferIn':
      return text(language, 'descriptionBankTransferIn', {
        name: described.senderName,
        bank: described.bankName,
      })
    case 'internationalTransfer':
      return text(language, 'descriptionInternationalTransfer', {
        name: described.recipientName,
        country: described.countryName,
      })
    case 'addFunds':
      return text(
        language,
        described.method === 'bank' ? 'descriptionAddedByBank' : 'descriptionAddedByCard',
      )
    case 'exchange':
      return text(language, 'descriptionExchanged', { from: described.from, to: described.to })
    case 'cryptoPurchase':
      return text(language, described.byCard ? 'descriptionBoughtByCard' : 'descriptionBought', {
        quantity: described.quantity,
        coin: described.coin,
      })
    case 'posSale':
      return text(language, 'descriptionPosSale')
    case 'paymentRequest':
      return text(language, 'descriptionPaymentRequest')
    case 'pocket':
      return text(language, POCKET_MOVES[described.move] ?? 'descriptionSavedTo', {
        pocket: described.pocket,
      })
    case 'staffMoney': {
      const words = described.reference
        ? text(language, STAFF_MONEY[described.type] ?? 'descriptionRefundFor', {
            reference: described.reference,
          })
        : named(TYPES, described.type, language)
      return described.report
        ? text(language, 'descriptionForReport', { text: words, report: described.report })
        : words
    }
  }
}

/** The words a statement prints for a journal, in `language`. */
export function describeLine(
  journal: DescribedJournal,
  payout: { kind: string; details: Record<string, string> } | null,
  language: Language,
  credited: boolean,
): string {
  const described = describeJournal(journal, payout)
  if (described) return describedText(described, language)
  const typed = journal.description?.trim()
  if (typed) return typed
  // A transfer is a "send" as its sender made it: to its recipient it is money received.
  return named(TYPES, credited && journal.type === 'send' ? 'receive' : journal.type, language)
}
