import { z } from 'zod'
import type { Language } from '#shared/languages.ts'
import type { Screen } from './ussd-menu.ts'
import { ussdText } from './ussd-texts.ts'

// The callback format of the common African USSD aggregators, Africa's Talking's among them
// (docs/ussd.md "Protocol"): a form-encoded POST per key press, answered with plain text that
// starts `CON ` (show this and wait for an answer) or `END ` (show this and hang up).

/** The most a USSD screen shows, `CON `/`END ` included (GSM 03.90: 182 characters). */
export const USSD_TEXT_MAX = 182
/**
 * The longest `text` read, as long as the form body may be (ussd-routes.ts): a dialogue's answers,
 * far beyond any a phone sends. A long answer within it is re-prompted by the menu, not refused
 * here, so a caller always hears a screen.
 */
export const USSD_TEXT_INPUT_MAX = 16 * 1024

/** A gateway's request. Fields beyond these (networkCode, ...) are accepted and ignored. */
export const ussdRequestSchema = z.object({
  sessionId: z.string().trim().min(1).max(100),
  serviceCode: z.string().max(40).default(''),
  phoneNumber: z.string().max(40),
  text: z.string().max(USSD_TEXT_INPUT_MAX).default(''),
})
export type UssdRequest = z.infer<typeof ussdRequestSchema>

/**
 * The text of a screen in the caller's language with its prefix. Every text is written to fit
 * (tests/api/ussd.test.ts checks each); should one not, it is cut rather than let a gateway drop
 * the whole screen.
 */
export function renderUssdScreen(screen: Screen, language: Language): string {
  const body = screen.lines
    .map((line) => ('raw' in line ? line.raw : ussdText(line.key, language, line.params)))
    .join('\n')
  const answer = `${screen.end ? 'END' : 'CON'} ${body}`
  if (answer.length <= USSD_TEXT_MAX) return answer
  // Cut by whole characters, so no half of a surrogate pair is left at the end.
  let cut = ''
  for (const character of answer) {
    if (cut.length + character.length > USSD_TEXT_MAX) break
    cut += character
  }
  return cut
}
