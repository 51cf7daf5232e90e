import { exponentOf, formatMinor, isAssetCode } from '#shared/money.ts'
import {
  type BillPaymentType,
  CUSTOMER_NUMBER_KINDS,
  CUSTOMER_NUMBER_NAMES,
  isBillPaymentType,
} from '#shared/schemas/bills.ts'
import { DEFAULT_REQUEST_DESCRIPTION } from '#shared/schemas/payment-requests.ts'
import { DEFAULT_SALE_DESCRIPTION } from '#shared/schemas/pos.ts'
import type { DescribedAs } from '#shared/schemas/transactions.ts'

/** The bill type at the head of a payment's stored description (English, as history keeps it). */
const BILL_TYPE_NAMES: Record<BillPaymentType, string> = {
  electricity: 'Electricity',
  mobile: 'Airtime',
  internet: 'Internet',
  cabletv: 'Cable TV',
  insurance: 'Insurance',
  rent: 'Rent',
  government: 'Government payment',
  tax: 'Tax',
}

const ADD_FUNDS_DESCRIPTIONS = {
  card: 'Added funds by card',
  bank: 'Added funds by bank transfer',
} as const

/** How a bank transfer into a user's account number begins (docs/funding.md). */
const BANK_TRANSFER_IN = 'Bank transfer from '

/**
 * The sender and bank of a bank transfer in, which only its description keeps: the bank is
 * after the last comma, as bank names have none and people's names may.
 */
function bankTransferInOf(description: string | null): DescribedAs | null {
  if (!description?.startsWith(BANK_TRANSFER_IN)) return null
  const rest = description.slice(BANK_TRANSFER_IN.length)
  const comma = rest.lastIndexOf(', ')
  if (comma <= 0) return null
  return {
    kind: 'bankTransferIn',
    senderName: rest.slice(0, comma),
    bankName: rest.slice(comma + 2),
  }
}

/** What describing a journal reads of it (a statement's line passes the same). */
export type DescribedJournal = {
  type: string
  asset: string
  convertedAsset: string | null
  convertedAmountMinor: bigint | null
  fromWalletId: string | null
  description: string | null
}

type Payout = { kind: string; details: Record<string, string> }

/**
 * The English description Sabi stores for a journal it describes itself (docs/i18n.md
 * "Descriptions"). The use cases write their descriptions with it, and `describeJournal` reads
 * a stored one as Sabi's only when it is exactly what this writes from the journal's data.
 */
export function englishDescription(described: Exclude<DescribedAs, { kind: 'cryptoPurchase' }>) {
  switch (described.kind) {
    case 'bill': {
      const type = isBillPaymentType(described.billType)
        ? BILL_TYPE_NAMES[described.billType]
        : described.billType
      const number = Object.entries(CUSTOMER_NUMBER_NAMES).find(
        ([kind]) => kind === described.numberKind,
      )?.[1]
      return `${type}: ${described.biller}, ${number ?? described.numberKind} ${described.number}`
    }
    case 'bankTransfer':
      return `Bank transfer to ${described.accountName}, ${described.bankName}`
    case 'bankTransferIn':
      return `${BANK_TRANSFER_IN}${described.senderName}, ${described.bankName}`
    case 'internationalTransfer':
      return `International transfer to ${described.recipientName}, ${described.countryName}`
    case 'addFunds':
      return ADD_FUNDS_DESCRIPTIONS[described.method]
    case 'exchange':
      return `Exchanged ${described.from} to ${described.to}`
    case 'posSale':
      return DEFAULT_SALE_DESCRIPTION
    case 'paymentRequest':
      return DEFAULT_REQUEST_DESCRIPTION
    case 'pocket':
      return `${POCKET_WORDS[described.move]} ${described.pocket}`
    case 'staffMoney':
      return [
        STAFF_MONEY_WORDS[described.type],
        described.reference ? ` for ${described.reference}` : '',
        described.report ? ` (report ${described.report})` : '',
      ].join('')
  }
}

/** How a savings move's description begins, before the pocket's name (docs/pockets.md). */
const POCKET_WORDS = {
  deposit: 'Saved to',
  roundUp: 'Round-up to',
  autoSave: 'Auto-save to',
  withdrawal: 'Taken from',
} as const

/** A savings move from its journal type and the words its description begins with. */
function pocketMoveOf(journal: DescribedJournal): DescribedAs | null {
  const text = journal.description ?? ''
  const moves =
    journal.type === 'saving'
      ? (['deposit', 'roundUp', 'autoSave'] as const)
      : journal.type === 'saving_withdrawal'
        ? (['withdrawal'] as const)
        : []
  for (const move of moves) {
    const start = `${POCKET_WORDS[move]} `
    if (text.startsWith(start)) return { kind: 'pocket', move, pocket: text.slice(start.length) }
  }
  return null
}

/** How the description of money staff moved begins, by its journal type. */
const STAFF_MONEY_WORDS = { refund: 'Refund', adjustment: 'Adjustment', correction: 'Correction' }

/** The transaction and report in the description of money staff moved. */
const STAFF_MONEY_PATTERN = /^\S+(?: for (\S+))?(?: \(report (\S+)\))?$/

function staffMoneyOf(journal: DescribedJournal): DescribedAs | null {
  const type = journal.type
  if (type !== 'refund' && type !== 'adjustment' && type !== 'correction') return null
  const match = STAFF_MONEY_PATTERN.exec(journal.description ?? '')
  if (!match) return null
  return { kind: 'staffMoney', type, reference: match[1] ?? null, report: match[2] ?? null }
}

/** What the journal's own data says Sabi would have described it as, if anything. */
function candidateOf(journal: DescribedJournal, payout: Payout | null): DescribedAs | null {
  const details = payout?.details ?? {}
  if (payout?.kind === 'bill') {
    // A phone top-up keeps its number as people read it, and no customer number.
    const { billType = '', providerName = '', customerNumber, phoneNumber } = details
    if (!isBillPaymentType(billType) || !providerName) return null
    // The biller may be a live catalogue's, so the kind of number is the one whose words the
    // stored description uses; a top-up's is always a phone number.
    const number = customerNumber ?? phoneNumber ?? ''
    const numberKind =
      customerNumber === undefined
        ? 'phone'
        : CUSTOMER_NUMBER_KINDS.find(
            (kind) =>
              englishDescription({
                kind: 'bill',
                billType,
                biller: providerName,
                numberKind: kind,
                number,
              }) === journal.description,
          )
    if (!numberKind) return null
    return { kind: 'bill', billType, biller: providerName, numberKind, number }
  }
  if (payout?.kind === 'bank')
    return {
      kind: 'bankTransfer',
      accountName: details.accountName ?? '',
      bankName: details.bankName ?? '',
    }
  if (payout?.kind === 'international')
    return {
      kind: 'internationalTransfer',
      recipientName: details.recipientName ?? '',
      countryCode: details.countryCode ?? '',
      countryName: details.countryName ?? '',
    }
  if (journal.type === 'exchange' && journal.convertedAsset)
    return { kind: 'exchange', from: journal.asset, to: journal.convertedAsset }
  if (journal.type === 'add_funds') {
    const transferIn = bankTransferInOf(journal.description)
    if (transferIn) return transferIn
    const method = journal.description === ADD_FUNDS_DESCRIPTIONS.bank ? 'bank' : 'card'
    return { kind: 'addFunds', method }
  }
  const staffMoney = staffMoneyOf(journal)
  if (staffMoney) return staffMoney
  const pocketMove = pocketMoveOf(journal)
  if (pocketMove) return pocketMove
  if (journal.description === DEFAULT_SALE_DESCRIPTION) return { kind: 'posSale' }
  if (journal.description === DEFAULT_REQUEST_DESCRIPTION) return { kind: 'paymentRequest' }
  return null
}

/**
 * The price a crypto purchase was made at, as src/server/crypto/buy-crypto.ts writes it into the
 * description ("Bought 0.0386 ETH at $3,200.00 by card"): the price is in no other column.
 */
const PRICE_IN_DESCRIPTION = / at \$(\d{1,3}(?:,\d{3})*\.\d{2})(?: by card)?$/

/**
 * The parts of the description Sabi wrote for a journal, for screens to word in their
 * viewer's language; null when the description is the user's own (a transfer's note, a sale's
 * or a request's text), which is shown as typed. A crypto purchase takes no description from
 * the user, so it is always Sabi's; any other is Sabi's when the stored text is exactly what
 * `englishDescription` writes from the journal's data.
 */
export function describeJournal(
  journal: DescribedJournal,
  payout: Payout | null,
): DescribedAs | null {
  // Only a crypto purchase is a purchase that converts into another asset.
  const coin = journal.convertedAsset
  if (
    journal.type === 'purchase' &&
    payout === null &&
    coin &&
    isAssetCode(coin) &&
    journal.convertedAmountMinor !== null
  ) {
    const price = PRICE_IN_DESCRIPTION.exec(journal.description ?? '')?.[1]
    return {
      kind: 'cryptoPurchase',
      coin,
      quantity: formatMinor(journal.convertedAmountMinor, exponentOf(coin)),
      ...(price ? { priceUsd: price.replaceAll(',', '') } : {}),
      byCard: journal.fromWalletId === null,
    }
  }
  const candidate = candidateOf(journal, payout)
  if (!candidate || candidate.kind === 'cryptoPurchase') return null
  return englishDescription(candidate) === journal.description ? candidate : null
}
