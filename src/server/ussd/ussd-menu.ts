import { z } from 'zod'
import { isLanguage, LANGUAGES, type Language } from '#shared/languages.ts'
import {
  type AssetCode,
  formatMinor,
  formatMoney,
  groupDigits,
  isAssetCode,
  parseMoney,
} from '#shared/money.ts'
import { formatPhoneNational, toE164 } from '#shared/phone-numbers.ts'
import { isGuessablePin, PIN_LENGTH, PIN_LOCK_MINUTES } from '#shared/schemas/pin.ts'
import { LANGUAGE_NAMES, type TextKey } from './ussd-texts.ts'

// The USSD menu as a pure state machine (docs/ussd.md "Menus"): given where the caller is and
// what they typed, either the next screen, or an effect (a PIN check, a lookup, a payment) that
// `answer-ussd.ts` runs before `afterEffect` says what comes next. Nothing here reads the
// database or the clock, so every path can be tested without one, and the session store keeps
// the state as JSON, read back through `ussdStateSchema`.

/** The mobile networks airtime is sold for: the `mobile` billers of src/shared/schemas/bills.ts. */
export const AIRTIME_NETWORKS = ['mtn', 'airtel', 'glo', '9mobile'] as const
export type AirtimeNetwork = (typeof AIRTIME_NETWORKS)[number]
const NETWORK_NAMES: Record<AirtimeNetwork, string> = {
  mtn: 'MTN',
  airtel: 'Airtel',
  glo: 'Glo',
  '9mobile': '9mobile',
}

/** The longest answer read at any step; anything longer is not a menu answer. */
export const ANSWER_MAX_LENGTH = 64
/** Who a transfer goes to, as the confirmation names them. */
const RECIPIENT_NAME_MAX = 60
const AMOUNT_TEXT_MAX = 30

const recipientSchema = z.object({
  userId: z.uuid(),
  name: z.string().min(1).max(RECIPIENT_NAME_MAX),
})
export type UssdRecipient = z.infer<typeof recipientSchema>

const walletSchema = z.object({
  id: z.uuid(),
  asset: z.string().refine(isAssetCode),
})
const amountSchema = z.string().max(AMOUNT_TEXT_MAX)
const phoneSchema = z.string().max(20)
const networkSchema = z.enum(AIRTIME_NETWORKS)

/** Where a caller is in the menu, as the session keeps it. */
export const ussdStateSchema = z.discriminatedUnion('at', [
  z.object({ at: z.literal('main') }),
  z.object({ at: z.literal('balancePin') }),
  z.object({ at: z.literal('statementPin') }),
  z.object({ at: z.literal('sendRecipient') }),
  z.object({ at: z.literal('sendAmount'), recipient: recipientSchema }),
  z.object({
    at: z.literal('sendPin'),
    recipient: recipientSchema,
    wallet: walletSchema,
    amount: amountSchema,
  }),
  z.object({ at: z.literal('airtimeWhose') }),
  z.object({ at: z.literal('airtimeNumber') }),
  z.object({ at: z.literal('airtimeNetwork'), phone: phoneSchema }),
  z.object({ at: z.literal('airtimeAmount'), phone: phoneSchema, network: networkSchema }),
  z.object({
    at: z.literal('airtimePin'),
    phone: phoneSchema,
    network: networkSchema,
    amount: amountSchema,
  }),
  z.object({ at: z.literal('pinCurrent') }),
  z.object({ at: z.literal('pinNew') }),
  z.object({ at: z.literal('pinConfirm'), newPinHash: z.string().min(1).max(200) }),
  z.object({ at: z.literal('language') }),
  z.object({ at: z.literal('freezeConfirm') }),
  z.object({ at: z.literal('ended') }),
])
export type UssdState = z.infer<typeof ussdStateSchema>

/** One line of a screen: a text of the catalog with its values, or text made here. */
export type ScreenLine = { key: TextKey; params?: Record<string, string> } | { raw: string }
/** What the caller sees next: `CON` waits for an answer, `END` closes the session. */
export type Screen = { end: boolean; lines: ScreenLine[] }

/** What the machine needs to know about the caller, read by the runner for each request. */
export type UssdCaller = {
  /** The caller's own number, E.164. */
  phoneNumber: string
  /** The wallet the channel pays from and shows (docs/ussd.md "Which wallet"). */
  wallet: { id: string; asset: AssetCode } | null
  /** The caller's naira wallet, which pays for airtime (billers are paid in naira). */
  nairaWalletId: string | null
}

/** What the runner must do before the next screen can be known. */
export type UssdEffect =
  | { kind: 'balance'; pin: string }
  | { kind: 'statement'; pin: string }
  | { kind: 'checkPin'; pin: string }
  | { kind: 'findRecipient'; query: string }
  | {
      kind: 'send'
      recipient: UssdRecipient
      wallet: { id: string; asset: AssetCode }
      amount: string
      pin: string
    }
  | { kind: 'airtime'; phone: string; network: AirtimeNetwork; amount: string; pin: string }
  | { kind: 'hashPin'; pin: string }
  | { kind: 'changePin'; newPinHash: string; pin: string }
  | { kind: 'setLanguage'; language: Language }
  | { kind: 'freeze' }

/** How an effect ended, as the runner reports it. */
export type UssdOutcome =
  /** Every funded wallet, the default first (one line, the default's, when none is funded). */
  | { kind: 'balance'; amounts: string[] }
  | { kind: 'noWallet' }
  | { kind: 'statement'; lines: string[] }
  | { kind: 'pinOk' }
  | { kind: 'recipient'; recipient: UssdRecipient }
  | { kind: 'recipientNotFound' }
  /** Too many numbers looked up lately (src/server/users/phone-search-limit.ts). */
  | { kind: 'recipientLookupsSpent' }
  | { kind: 'recipientSelf' }
  | { kind: 'paid'; reference: string }
  | { kind: 'pinHashed'; hash: string }
  | { kind: 'pinChanged' }
  | { kind: 'pinMismatch' }
  | { kind: 'languageSet' }
  | { kind: 'frozen' }
  | { kind: 'wrongPin'; attemptsLeft: number }
  | { kind: 'pinLocked'; minutes: number }
  | { kind: 'pinNotSet' }
  /** The app's words, or null for the menu's own generic text. */
  | { kind: 'refused'; message: string | null }

export type UssdMove = { next: UssdState; screen: Screen } | { effect: UssdEffect }

const MAIN: UssdState = { at: 'main' }
const ENDED: UssdState = { at: 'ended' }

function show(...lines: ScreenLine[]): Screen {
  return { end: false, lines }
}

function finish(...lines: ScreenLine[]): Screen {
  return { end: true, lines }
}

function text(key: TextKey, params?: Record<string, string>): ScreenLine {
  return params ? { key, params } : { key }
}

/** An amount as the channel writes it: the asset's code and the grouped decimal, e.g. NGN 1,500.00. */
export function writeUssdAmount(amountMinor: bigint, asset: AssetCode, exponent: number): string {
  return `${asset} ${groupDigits(formatMinor(amountMinor, exponent))}`
}

/** The first screen of every session. */
export function startScreen(): { next: UssdState; screen: Screen } {
  return { next: MAIN, screen: show(text('main')) }
}

/** What the Language menu shows: each language in itself, numbered in LANGUAGES' order. */
function languageMenuLines(): ScreenLine[] {
  return [
    text('language'),
    {
      raw: LANGUAGES.map((language, index) => `${index + 1} ${LANGUAGE_NAMES[language]}`).join(
        '\n',
      ),
    },
  ]
}

const PIN_PATTERN = new RegExp(`^\\d{${PIN_LENGTH}}$`)

/** A 4-digit answer where a PIN is asked; anything else is not sent to the PIN check at all. */
function isPinShaped(answer: string): boolean {
  return PIN_PATTERN.test(answer)
}

/** A positive amount of `asset`, as typed on a keypad (digits, perhaps a point and decimals). */
function readAmount(answer: string, asset: AssetCode): string | undefined {
  const parsed = parseMoney(answer, asset)
  if (!parsed.ok || parsed.value.amountMinor <= 0n) return undefined
  // Kept as the wire form (`100.00`), whatever zeros were typed, so it always fits the state.
  return formatMoney(parsed.value)
}

/** A Nigerian number in E.164, from whatever the caller typed. */
function readNigerianNumber(answer: string): string | undefined {
  const e164 = toE164(answer, 'NG')
  return e164?.startsWith('+234') ? e164 : undefined
}

/** The screen that asks for the PIN to confirm a transfer, shown again after a wrong PIN. */
function sendConfirmLine(
  state: Extract<UssdState, { at: 'sendPin' }>,
  writeAmount: (text: string, asset: AssetCode) => string,
): ScreenLine {
  return text('sendConfirm', {
    amount: writeAmount(state.amount, state.wallet.asset),
    name: state.recipient.name,
  })
}

function airtimeConfirmLine(
  state: Extract<UssdState, { at: 'airtimePin' }>,
  writeAmount: (text: string, asset: AssetCode) => string,
): ScreenLine {
  return text('airtimeConfirm', {
    amount: writeAmount(state.amount, 'NGN'),
    phone: formatPhoneNational(state.phone),
    network: NETWORK_NAMES[state.network],
  })
}

/** What a state asks, shown again after an answer it could not take (a wrong PIN, junk). */
function promptOf(
  state: UssdState,
  caller: UssdCaller,
  writeAmount: (text: string, asset: AssetCode) => string,
): ScreenLine[] {
  switch (state.at) {
    case 'main':
      return [text('main')]
    case 'balancePin':
    case 'statementPin':
      return [text('enterPin')]
    case 'pinCurrent':
      return [text('currentPin')]
    case 'sendRecipient':
      return [text('sendTo')]
    case 'sendAmount':
      return [
        text('sendAmount', {
          name: state.recipient.name,
          currency: caller.wallet?.asset ?? '',
        }),
      ]
    case 'sendPin':
      return [sendConfirmLine(state, writeAmount)]
    case 'airtimeWhose':
      return [text('airtimeFor')]
    case 'airtimeNumber':
      return [text('airtimeNumber')]
    case 'airtimeNetwork':
      return [text('airtimeNetwork')]
    case 'airtimeAmount':
      return [text('airtimeAmount')]
    case 'airtimePin':
      return [airtimeConfirmLine(state, writeAmount)]
    case 'pinNew':
      return [text('newPin')]
    case 'pinConfirm':
      return [text('confirmPin')]
    case 'language':
      return languageMenuLines()
    case 'freezeConfirm':
      return [text('freezeConfirm')]
    case 'ended':
      return [text('sessionEnded')]
  }
}

/**
 * Reads one answer: the next screen, or the effect to run first. `writeAmount` writes a decimal
 * text of an asset as the channel shows money (`writeUssdAmount`, after parsing it).
 */
export function readAnswer(
  state: UssdState,
  rawAnswer: string,
  caller: UssdCaller,
  writeAmount: (text: string, asset: AssetCode) => string,
): UssdMove {
  const answer = rawAnswer.trim()
  if (answer.length > ANSWER_MAX_LENGTH) {
    return state.at === 'ended'
      ? { next: ENDED, screen: finish(text('sessionEnded')) }
      : {
          next: state,
          screen: show(text('invalidChoice'), ...promptOf(state, caller, writeAmount)),
        }
  }
  switch (state.at) {
    case 'main':
      switch (answer) {
        case '1':
          return { next: { at: 'balancePin' }, screen: show(text('enterPin')) }
        case '2':
          return { next: { at: 'sendRecipient' }, screen: show(text('sendTo')) }
        case '3':
          return { next: { at: 'airtimeWhose' }, screen: show(text('airtimeFor')) }
        case '4':
          return { next: { at: 'statementPin' }, screen: show(text('enterPin')) }
        case '5':
          return { next: { at: 'pinCurrent' }, screen: show(text('currentPin')) }
        case '6':
          return {
            next: { at: 'language' },
            screen: show(...languageMenuLines()),
          }
        case '7':
          return { next: { at: 'freezeConfirm' }, screen: show(text('freezeConfirm')) }
        default:
          return { next: MAIN, screen: show(text('invalidChoice'), text('main')) }
      }
    case 'balancePin':
    case 'statementPin':
    case 'pinCurrent':
      if (!isPinShaped(answer)) {
        return {
          next: state,
          screen: show(text('pinFormat'), ...promptOf(state, caller, writeAmount)),
        }
      }
      return {
        effect: {
          kind:
            state.at === 'balancePin'
              ? 'balance'
              : state.at === 'statementPin'
                ? 'statement'
                : 'checkPin',
          pin: answer,
        },
      }
    case 'sendRecipient':
      if (answer === '') return { next: state, screen: show(text('sendTo')) }
      return { effect: { kind: 'findRecipient', query: answer } }
    case 'sendAmount': {
      if (!caller.wallet) return { next: ENDED, screen: finish(text('noWallet')) }
      const amount = readAmount(answer, caller.wallet.asset)
      if (amount === undefined) {
        return {
          next: state,
          screen: show(
            text('invalidAmount'),
            text('sendAmount', { name: state.recipient.name, currency: caller.wallet.asset }),
          ),
        }
      }
      const next: UssdState = {
        at: 'sendPin',
        recipient: state.recipient,
        wallet: caller.wallet,
        amount,
      }
      return { next, screen: show(sendConfirmLine(next, writeAmount)) }
    }
    case 'sendPin':
      if (answer === '0') return { next: ENDED, screen: finish(text('cancelled')) }
      if (!isPinShaped(answer)) {
        return { next: state, screen: show(text('pinFormat'), sendConfirmLine(state, writeAmount)) }
      }
      return {
        effect: {
          kind: 'send',
          recipient: state.recipient,
          wallet: state.wallet,
          amount: state.amount,
          pin: answer,
        },
      }
    case 'airtimeWhose':
      if (answer === '1') {
        const own = readNigerianNumber(caller.phoneNumber)
        if (!own) return { next: ENDED, screen: finish(text('ownNumberNotNigerian')) }
        return { next: { at: 'airtimeNetwork', phone: own }, screen: show(text('airtimeNetwork')) }
      }
      if (answer === '2')
        return { next: { at: 'airtimeNumber' }, screen: show(text('airtimeNumber')) }
      return { next: state, screen: show(text('invalidChoice'), text('airtimeFor')) }
    case 'airtimeNumber': {
      const phone = readNigerianNumber(answer)
      if (!phone) return { next: state, screen: show(text('invalidNumber'), text('airtimeNumber')) }
      return { next: { at: 'airtimeNetwork', phone }, screen: show(text('airtimeNetwork')) }
    }
    case 'airtimeNetwork': {
      const network = AIRTIME_NETWORKS[Number(answer) - 1]
      if (!/^[1-4]$/.test(answer) || network === undefined) {
        return { next: state, screen: show(text('invalidChoice'), text('airtimeNetwork')) }
      }
      return {
        next: { at: 'airtimeAmount', phone: state.phone, network },
        screen: show(text('airtimeAmount')),
      }
    }
    case 'airtimeAmount': {
      if (!caller.nairaWalletId) return { next: ENDED, screen: finish(text('noNairaWallet')) }
      const amount = readAmount(answer, 'NGN')
      if (amount === undefined) {
        return { next: state, screen: show(text('invalidAmount'), text('airtimeAmount')) }
      }
      const next: UssdState = {
        at: 'airtimePin',
        phone: state.phone,
        network: state.network,
        amount,
      }
      return { next, screen: show(airtimeConfirmLine(next, writeAmount)) }
    }
    case 'airtimePin':
      if (answer === '0') return { next: ENDED, screen: finish(text('cancelled')) }
      if (!isPinShaped(answer)) {
        return {
          next: state,
          screen: show(text('pinFormat'), airtimeConfirmLine(state, writeAmount)),
        }
      }
      return {
        effect: {
          kind: 'airtime',
          phone: state.phone,
          network: state.network,
          amount: state.amount,
          pin: answer,
        },
      }
    case 'pinNew':
      if (!isPinShaped(answer)) {
        return { next: state, screen: show(text('pinFormat'), text('newPin')) }
      }
      if (isGuessablePin(answer)) {
        return { next: state, screen: show(text('weakPin'), text('newPin')) }
      }
      return { effect: { kind: 'hashPin', pin: answer } }
    case 'pinConfirm':
      if (!isPinShaped(answer)) {
        return { next: state, screen: show(text('pinFormat'), text('confirmPin')) }
      }
      return { effect: { kind: 'changePin', newPinHash: state.newPinHash, pin: answer } }
    case 'language': {
      const language = LANGUAGES[Number(answer) - 1]
      if (!/^[1-9]$/.test(answer) || language === undefined || !isLanguage(language)) {
        return {
          next: state,
          screen: show(text('invalidChoice'), ...languageMenuLines()),
        }
      }
      return { effect: { kind: 'setLanguage', language } }
    }
    // Freezing is always safe (docs/security.md "Freezing"): the account's own phone asks no PIN.
    case 'freezeConfirm':
      if (answer === '1') return { effect: { kind: 'freeze' } }
      if (answer === '0') return { next: ENDED, screen: finish(text('freezeCancelled')) }
      return { next: state, screen: show(text('invalidChoice'), text('freezeConfirm')) }
    case 'ended':
      return { next: ENDED, screen: finish(text('sessionEnded')) }
  }
}

/** The refusals of the PIN check, which every PIN-guarded step answers alike. */
function pinRefusal(
  state: UssdState,
  outcome: UssdOutcome,
  caller: UssdCaller,
  writeAmount: (text: string, asset: AssetCode) => string,
): { next: UssdState; screen: Screen } | undefined {
  switch (outcome.kind) {
    case 'wrongPin':
      // The fifth wrong PIN has locked it (docs/security.md "Transaction PIN"): nothing more to try.
      if (outcome.attemptsLeft <= 0) {
        return {
          next: ENDED,
          screen: finish(text('pinLocked', { minutes: String(PIN_LOCK_MINUTES) })),
        }
      }
      return {
        next: state,
        screen: show(
          text('wrongPin', { left: String(outcome.attemptsLeft) }),
          ...promptOf(state, caller, writeAmount),
        ),
      }
    case 'pinLocked':
      return {
        next: ENDED,
        screen: finish(text('pinLocked', { minutes: String(outcome.minutes) })),
      }
    case 'pinNotSet':
      return { next: ENDED, screen: finish(text('pinNotSet')) }
    case 'refused':
      return {
        next: ENDED,
        screen: finish(outcome.message === null ? text('failed') : { raw: outcome.message }),
      }
    default:
      return undefined
  }
}

/** The next screen once an effect has run. */
export function afterEffect(
  state: UssdState,
  effect: UssdEffect,
  outcome: UssdOutcome,
  caller: UssdCaller,
  writeAmount: (text: string, asset: AssetCode) => string,
): { next: UssdState; screen: Screen } {
  const refused = pinRefusal(state, outcome, caller, writeAmount)
  if (refused) return refused
  switch (outcome.kind) {
    case 'balance':
      return {
        next: ENDED,
        screen:
          outcome.amounts.length === 1
            ? finish(text('balance', { amount: outcome.amounts[0] ?? '' }))
            : finish(text('balances'), { raw: outcome.amounts.join('\n') }),
      }
    case 'noWallet':
      return { next: ENDED, screen: finish(text('noWallet')) }
    case 'statement':
      return {
        next: ENDED,
        screen:
          outcome.lines.length === 0
            ? finish(text('statementEmpty'))
            : finish(text('statementTitle', { count: String(outcome.lines.length) }), {
                raw: outcome.lines.join('\n'),
              }),
      }
    case 'pinOk':
      return { next: { at: 'pinNew' }, screen: show(text('newPin')) }
    case 'recipient':
      return {
        next: caller.wallet ? { at: 'sendAmount', recipient: outcome.recipient } : ENDED,
        screen: caller.wallet
          ? show(
              text('sendAmount', {
                name: outcome.recipient.name,
                currency: caller.wallet.asset,
              }),
            )
          : finish(text('noWallet')),
      }
    case 'recipientNotFound':
      return { next: state, screen: show(text('recipientNotFound'), text('sendTo')) }
    case 'recipientLookupsSpent':
      return { next: ENDED, screen: finish(text('recipientLookupsSpent')) }
    case 'recipientSelf':
      return { next: state, screen: show(text('recipientSelf'), text('sendTo')) }
    case 'paid':
      if (effect.kind === 'send') {
        return {
          next: ENDED,
          screen: finish(
            text('sent', {
              amount: writeAmount(effect.amount, effect.wallet.asset),
              name: effect.recipient.name,
              reference: outcome.reference,
            }),
          ),
        }
      }
      if (effect.kind === 'airtime') {
        return {
          next: ENDED,
          screen: finish(
            text('airtimeSent', {
              amount: writeAmount(effect.amount, 'NGN'),
              phone: formatPhoneNational(effect.phone),
              reference: outcome.reference,
            }),
          ),
        }
      }
      return { next: ENDED, screen: finish(text('failed')) }
    case 'pinHashed':
      return {
        next: { at: 'pinConfirm', newPinHash: outcome.hash },
        screen: show(text('confirmPin')),
      }
    case 'pinChanged':
      return { next: ENDED, screen: finish(text('pinChanged')) }
    case 'pinMismatch':
      return { next: ENDED, screen: finish(text('pinMismatch')) }
    case 'languageSet':
      return { next: ENDED, screen: finish(text('languageSet')) }
    case 'frozen':
      return { next: ENDED, screen: finish(text('frozen')) }
  }
  return { next: ENDED, screen: finish(text('failed')) }
}
