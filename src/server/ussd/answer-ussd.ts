import type { Database } from '#server/db/client.ts'
import type { BillerProvider } from '#server/providers/biller-provider.ts'
import { consumeRateLimits } from '#server/rate-limits/consume-rate-limit.ts'
import type { TransferPoster } from '#server/transfers/post-user-transfers.ts'
import type { Language } from '#shared/languages.ts'
import { type AssetCode, exponentOf, parseMoney } from '#shared/money.ts'
import { toE164 } from '#shared/phone-numbers.ts'
import { findUssdCaller } from './find-ussd-caller.ts'
import { runUssdEffect } from './run-ussd-effect.ts'
import { afterEffect, readAnswer, type Screen, startScreen, writeUssdAmount } from './ussd-menu.ts'
import { renderUssdScreen, type UssdRequest } from './ussd-protocol.ts'
import {
  advanceUssdSession,
  createUssdSession,
  findUssdSession,
  hashUssdText,
  type UssdSession,
} from './ussd-sessions.ts'
import type { TextKey } from './ussd-texts.ts'

export type UssdDependencies = {
  db: Database
  /** The app's poster of user-to-user transfers (ADR 008). */
  transfers: TransferPoster
  /** Airtime is a bill: without a biller, buying it is refused as in the app. */
  biller: BillerProvider | undefined
  /** Keys the hash of each session's text (ussd-sessions.ts); derived from the server secret. */
  textKey: Buffer
  /** Requests one phone number may make per minute, repeats included. */
  requestsPerMinute: number
}

const RATE_WINDOW_MS = 60_000

function ending(key: TextKey, language: Language = 'en'): string {
  return renderUssdScreen({ end: true, lines: [{ key }] }, language)
}

/** A decimal text of an asset as the channel writes money: `NGN 1,500.00`. */
function writeAmount(text: string, asset: AssetCode): string {
  const parsed = parseMoney(text, asset)
  return parsed.ok
    ? writeUssdAmount(parsed.value.amountMinor, asset, exponentOf(asset))
    : `${asset} ${text}`
}

/**
 * Answers one gateway request (docs/ussd.md): the text to show, starting `CON ` or `END `. The
 * caller is the account whose verified number dialled. A request that repeats the last one of
 * its session gets the same answer and runs nothing; one that adds an answer moves the menu on
 * by one step; anything else ends the dialogue. Unexpected failures throw (the route answers them).
 */
export async function answerUssd(deps: UssdDependencies, request: UssdRequest): Promise<string> {
  const { db } = deps
  const phoneNumber = toE164(request.phoneNumber.trim())
  // Counted per number, as the gateway is one client for everyone (docs/ussd.md "Limits").
  const [count] = await consumeRateLimits(db, [
    { key: `ussd:${phoneNumber ?? request.phoneNumber.trim()}`, windowMs: RATE_WINDOW_MS },
  ])
  if (count && count.current > deps.requestsPerMinute) return ending('tooMany')
  if (!phoneNumber) return ending('unknownCaller')
  const textHash = hashUssdText(deps.textKey, request.sessionId, request.text)
  const session = await findUssdSession(db, request.sessionId)
  if (!session) return startSession(deps, request, phoneNumber, textHash)
  if (session.phoneNumber !== phoneNumber) return ending('sessionEnded')
  if (session.textLength === request.text.length && session.textHash === textHash) {
    return session.lastAnswer
  }
  const caller = await findUssdCaller(db, phoneNumber)
  // The number has left the account that started the session: the dialogue is over.
  if (!caller || caller.userId !== session.userId) return ending('sessionEnded')
  if (session.expired) return ending('expired', caller.language)
  const answer = newAnswerOf(deps, session, request)
  if (answer === undefined) return ending('sessionEnded', caller.language)

  const move = readAnswer(session.state, answer, caller, writeAmount)
  let result: { next: typeof session.state; screen: Screen }
  let language = caller.language
  if ('effect' in move) {
    const outcome = await runUssdEffect(
      {
        db,
        transfers: deps.transfers,
        biller: deps.biller,
        caller,
        sessionId: request.sessionId,
        step: session.steps + 1,
      },
      move.effect,
    )
    result = afterEffect(session.state, move.effect, outcome, caller, writeAmount)
    // The confirmation of a new language is said in it.
    if (move.effect.kind === 'setLanguage' && outcome.kind === 'languageSet') {
      language = move.effect.language
    }
  } else {
    result = move
  }
  const rendered = renderUssdScreen(result.screen, language)
  const saved = await advanceUssdSession(db, session, {
    state: result.next,
    textLength: request.text.length,
    textHash,
    lastAnswer: rendered,
  })
  return saved ? rendered : answerOfRace(deps, request, textHash, language)
}

/**
 * The answer this request adds to the session's text, or undefined when the text does not
 * continue the session: gateways send every answer so far, joined by `*`, so a new request is
 * the last text, a `*` and the new answer (which may itself hold a `*`, read as typed).
 */
function newAnswerOf(
  deps: UssdDependencies,
  session: UssdSession,
  request: UssdRequest,
): string | undefined {
  const { text } = request
  if (session.textLength === 0) return text.length > 0 ? text : undefined
  if (text.length <= session.textLength || text[session.textLength] !== '*') return undefined
  const prefix = hashUssdText(deps.textKey, request.sessionId, text.slice(0, session.textLength))
  return prefix === session.textHash ? text.slice(session.textLength + 1) : undefined
}

/**
 * A new session: the main menu. A first request that already carries answers (a dial string
 * with an extension, `*347*123*1#`) still starts at the menu; those answers count as read.
 */
async function startSession(
  deps: UssdDependencies,
  request: UssdRequest,
  phoneNumber: string,
  textHash: string,
): Promise<string> {
  const caller = await findUssdCaller(deps.db, phoneNumber)
  if (!caller) return ending('unknownCaller')
  const { next, screen } = startScreen()
  const rendered = renderUssdScreen(screen, caller.language)
  const created = await createUssdSession(deps.db, {
    sessionId: request.sessionId,
    phoneNumber,
    userId: caller.userId,
    state: next,
    textLength: request.text.length,
    textHash,
    lastAnswer: rendered,
  })
  return created ? rendered : answerOfRace(deps, request, textHash, caller.language)
}

/**
 * Another copy of this request moved the session first (a gateway that sent it twice at once):
 * its answer is this one's too. Anything else means the texts crossed, and the dialogue ends.
 */
async function answerOfRace(
  deps: UssdDependencies,
  request: UssdRequest,
  textHash: string,
  language: Language,
): Promise<string> {
  const winner = await findUssdSession(deps.db, request.sessionId)
  if (winner && winner.textLength === request.text.length && winner.textHash === textHash) {
    return winner.lastAnswer
  }
  return ending('sessionEnded', language)
}
