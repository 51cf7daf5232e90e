import { createHash } from 'node:crypto'
import { freezeAccount } from '#server/account-safety/account-freeze.ts'
import { alertOwner } from '#server/account-safety/security-alert.ts'
import {
  checkTransactionPin,
  replaceTransactionPin,
} from '#server/account-safety/transaction-pin.ts'
import { payBill } from '#server/bills/pay-bill.ts'
import { hashPassword, verifyPassword } from '#server/credentials/passwords.ts'
import type { Database } from '#server/db/client.ts'
import { commitWithRefusals } from '#server/db/commit-with-refusals.ts'
import { renderAppError } from '#server/i18n/render-error.ts'
import {
  fingerprintRequest,
  type IdempotencyClaim,
  runIdempotent,
} from '#server/ledger/run-idempotent.ts'
import type { BillerProvider } from '#server/providers/biller-provider.ts'
import { requireProvider } from '#server/providers/providers.ts'
import { consumeRateLimits } from '#server/rate-limits/consume-rate-limit.ts'
import { updateSettings } from '#server/settings/user-settings.ts'
import { listTransactions } from '#server/transactions/list-transactions.ts'
import type { TransferPoster } from '#server/transfers/post-user-transfers.ts'
import { sendToUserOnce } from '#server/transfers/send-to-user.ts'
import { findUserById } from '#server/users/find-user.ts'
import { refuseIfFrozen } from '#server/users/frozen-refusal.ts'
import {
  PHONE_SEARCH_WINDOW_MS,
  PHONE_SEARCHES_PER_15_MINUTES,
  phoneSearchKey,
} from '#server/users/phone-search-limit.ts'
import { listWallets } from '#server/wallets/list-wallets.ts'
import { AppError, msg } from '#shared/errors.ts'
import type { Language } from '#shared/languages.ts'
import { groupDigits } from '#shared/money.ts'
import { looksLikePhoneNumber } from '#shared/phone-numbers.ts'
import type { BillPaymentRequest } from '#shared/schemas/bills.ts'
import { PIN_LOCK_MINUTES } from '#shared/schemas/pin.ts'
import { transactionSchema } from '#shared/schemas/transactions.ts'
import { isFunded } from '#shared/starting-wallet.ts'
import type { FoundUssdCaller } from './find-ussd-caller.ts'
import { findUssdRecipient } from './find-ussd-recipient.ts'
import type { UssdEffect, UssdOutcome } from './ussd-menu.ts'
import { USSD_TEXT_MAX } from './ussd-protocol.ts'

/** The last transactions a mini statement lists. */
export const STATEMENT_ITEMS = 5
/** Lines of a statement longer than this together lose the other party's name. */
const STATEMENT_LINES_MAX_LENGTH = 140
const PARTY_SHOWN_MAX = 12
/**
 * The balance lines together, so that the longest title ("Ragowar kudi:") and `END ` keep the
 * screen within its 182 characters.
 */
const BALANCE_LINES_MAX_LENGTH = 160
/** Lagos is UTC+1 all year (docs/limits.md "What counts"): statement dates are Lagos dates. */
const LAGOS_OFFSET_MS = 60 * 60 * 1000

export type UssdEffectContext = {
  db: Database
  /** The app's poster of user-to-user transfers (ADR 008). */
  transfers: TransferPoster
  biller: BillerProvider | undefined
  caller: FoundUssdCaller
  /** The gateway's session id and the step being answered: the idempotency key's parts. */
  sessionId: string
  step: number
}

/**
 * The Idempotency-Key of a session's step (docs/ussd.md "Sessions and idempotency"): the same
 * step of the same session is the same submission, so a repeated request, or two copies of it at
 * once, moves money once. The session id is hashed so any gateway id fits the key's alphabet.
 */
export function ussdIdempotencyKey(sessionId: string, step: number): string {
  const session = createHash('sha256').update(sessionId).digest('hex').slice(0, 40)
  return `ussd:${session}:${step}`
}

function submissionOf(context: UssdEffectContext, route: string, body: unknown): IdempotencyClaim {
  return {
    userId: context.caller.userId,
    key: ussdIdempotencyKey(context.sessionId, context.step),
    requestHash: fingerprintRequest(route, body),
  }
}

/**
 * A refusal as the caller hears it: the app's own words in their language (src/server/i18n),
 * or none, for the menu's short generic text, when those would not fit on the screen.
 */
function refusalOf(error: AppError, language: Language): UssdOutcome {
  const message = renderAppError(error, language)
  return message.length <= USSD_TEXT_MAX - 'END '.length
    ? { kind: 'refused', message }
    : { kind: 'refused', message: null }
}

/** The PIN's refusals, counted and locked as in the app (docs/security.md "Transaction PIN"). */
function pinOutcomeOf(error: AppError): UssdOutcome | undefined {
  switch (error.code) {
    case 'PIN_INVALID':
      return { kind: 'wrongPin', attemptsLeft: error.details?.attemptsLeft ?? 0 }
    case 'PIN_LOCKED': {
      const until = Date.parse(error.details?.lockedUntil ?? '')
      const minutes = Number.isNaN(until)
        ? PIN_LOCK_MINUTES
        : Math.max(1, Math.ceil((until - Date.now()) / 60_000))
      return { kind: 'pinLocked', minutes }
    }
    case 'PIN_NOT_SET':
    case 'PIN_REQUIRED':
      return { kind: 'pinNotSet' }
    default:
      return undefined
  }
}

/** Runs one effect of the menu; an expected refusal becomes an outcome, anything else throws. */
export async function runUssdEffect(
  context: UssdEffectContext,
  effect: UssdEffect,
): Promise<UssdOutcome> {
  try {
    return await run(context, effect)
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    return pinOutcomeOf(error) ?? refusalOf(error, context.caller.language)
  }
}

async function run(context: UssdEffectContext, effect: UssdEffect): Promise<UssdOutcome> {
  const { db, caller } = context
  switch (effect.kind) {
    case 'balance': {
      await checkTransactionPin(db, caller.userId, effect.pin)
      const wallets = await listWallets(db, caller.userId)
      const first = wallets.find((each) => each.id === caller.wallet?.id)
      if (!first) return { kind: 'noWallet' }
      // Every funded wallet, the one the channel pays from first (docs/ussd.md "Balance"), as
      // many as fit on one screen; with nothing funded, the default wallet's zero.
      const shown = [first, ...wallets.filter((each) => each !== first && isFunded(each))]
      const amounts: string[] = []
      let length = 0
      for (const wallet of shown) {
        const line = `${wallet.currency.code} ${groupDigits(wallet.balance)}`
        if (amounts.length > 0 && length + 1 + line.length > BALANCE_LINES_MAX_LENGTH) break
        amounts.push(line)
        length += (amounts.length > 1 ? 1 : 0) + line.length
      }
      return { kind: 'balance', amounts }
    }
    case 'statement': {
      await checkTransactionPin(db, caller.userId, effect.pin)
      const page = await listTransactions(db, caller.userId, { limit: STATEMENT_ITEMS })
      const lines = (withParty: boolean) =>
        page.items.map((item) => {
          const at = new Date(Date.parse(item.createdAt) + LAGOS_OFFSET_MS)
          const day = `${String(at.getUTCDate()).padStart(2, '0')}/${String(at.getUTCMonth() + 1).padStart(2, '0')}`
          const sign = item.type === 'receive' || item.type === 'add_funds' ? '+' : '-'
          const code = item.fromWallet?.currency.code ?? ''
          const party =
            withParty && item.counterparty ? ` ${item.counterparty.slice(0, PARTY_SHOWN_MAX)}` : ''
          return `${day} ${sign}${groupDigits(item.amount)} ${code}${party}`.trim()
        })
      const full = lines(true)
      return {
        kind: 'statement',
        lines: full.join('\n').length <= STATEMENT_LINES_MAX_LENGTH ? full : lines(false),
      }
    }
    case 'checkPin':
      await checkTransactionPin(db, caller.userId, effect.pin)
      return { kind: 'pinOk' }
    case 'findRecipient': {
      // A number looked up counts against the user's phone searches in the app too.
      if (looksLikePhoneNumber(effect.query)) {
        const [count] = await consumeRateLimits(db, [
          { key: phoneSearchKey(caller.userId), windowMs: PHONE_SEARCH_WINDOW_MS },
        ])
        if (count && count.current > PHONE_SEARCHES_PER_15_MINUTES) {
          return { kind: 'recipientLookupsSpent' }
        }
      }
      const recipient = await findUssdRecipient(db, effect.query)
      if (!recipient) return { kind: 'recipientNotFound' }
      if (recipient.userId === caller.userId) return { kind: 'recipientSelf' }
      return { kind: 'recipient', recipient: { userId: recipient.userId, name: recipient.name } }
    }
    case 'send': {
      await checkTransactionPin(db, caller.userId, effect.pin)
      const body = {
        fromWalletId: effect.wallet.id,
        recipientUserId: effect.recipient.userId,
        amount: effect.amount,
        description: 'USSD',
      }
      const result = await sendToUserOnce(
        context.transfers,
        db,
        submissionOf(context, 'USSD send', body),
        body,
      )
      return paidOutcome(result.body)
    }
    case 'airtime': {
      await checkTransactionPin(db, caller.userId, effect.pin)
      const biller = requireProvider(context.biller, msg('billPaymentsNotAvailable'))
      const walletId = caller.nairaWalletId
      if (!walletId) throw new AppError('NOT_FOUND', msg('walletNotFound'))
      const body: BillPaymentRequest = {
        billType: 'mobile',
        provider: effect.network,
        // Billers take the 11-digit national number (docs/transfers.md "Bill types").
        accountNumber: `0${effect.phone.slice('+234'.length)}`,
        amount: effect.amount,
        walletId,
      }
      const result = await runIdempotent(
        db,
        submissionOf(context, 'USSD airtime', body),
        async (tx) => ({
          statusCode: 201,
          body: await payBill(tx, caller.userId, body, biller),
        }),
      )
      return paidOutcome(result.body)
    }
    case 'hashPin':
      return { kind: 'pinHashed', hash: await hashPassword(effect.pin) }
    case 'changePin': {
      if (!(await verifyPassword(effect.newPinHash, effect.pin))) return { kind: 'pinMismatch' }
      const user = await findUserById(db, caller.userId)
      if (!user) throw new AppError('UNAUTHORIZED', msg('unauthorized'))
      // A frozen account changes no credential; a changed PIN is told to the owner at once,
      // with the link that freezes the account (docs/security.md "Alerts").
      refuseIfFrozen(user)
      const changed = await commitWithRefusals(db, async (tx) => {
        if (!(await replaceTransactionPin(tx, caller.userId, effect.newPinHash))) return false
        await alertOwner(tx, user, { kind: 'pin_changed' })
        return true
      })
      if (!changed) return { kind: 'pinLocked', minutes: PIN_LOCK_MINUTES }
      return { kind: 'pinChanged' }
    }
    case 'setLanguage':
      await updateSettings(db, caller.userId, { language: effect.language })
      return { kind: 'languageSet' }
    case 'freeze':
      await db.transaction((tx) => freezeAccount(tx, caller.userId))
      return { kind: 'frozen' }
  }
}

/** The reference of a payment's answer, whether it was just made or replayed from its key. */
function paidOutcome(body: unknown): UssdOutcome {
  const paid = transactionSchema.pick({ reference: true }).safeParse(body)
  if (!paid.success) throw new Error('a USSD payment answered without its reference')
  return { kind: 'paid', reference: paid.data.reference }
}
