import { z } from 'zod'

/** The longest `text` the simulator sends: a dialogue's answers joined by `*`. */
export const USSD_SIMULATOR_TEXT_MAX = 1000
export const USSD_SIMULATOR_SESSION_PATTERN = /^[A-Za-z0-9_-]{8,64}$/

/** `GET /api/sandbox/ussd`: what the simulator dials, and from which number (docs/ussd.md). */
export const ussdSimulatorInfoSchema = z.object({
  serviceCode: z.string(),
  /** The signed-in user's verified number in its national format; null when they have none. */
  phoneNumber: z.string().nullable(),
})
export type UssdSimulatorInfo = z.infer<typeof ussdSimulatorInfoSchema>

/** `POST /api/sandbox/ussd`: one key press of the simulator, as a gateway would send it. */
export const ussdSimulatorRequestSchema = z.object({
  /** The simulator's own id for one dialogue; the server scopes it to the signed-in user. */
  sessionId: z.string().regex(USSD_SIMULATOR_SESSION_PATTERN, 'sessionid864Letters'),
  /** Every answer so far joined by `*`; empty when dialling. */
  text: z.string().max(USSD_SIMULATOR_TEXT_MAX),
})
export type UssdSimulatorRequest = z.infer<typeof ussdSimulatorRequestSchema>

export const ussdSimulatorAnswerSchema = z.object({
  /** The screen: `CON ...` waits for an answer, `END ...` ends the dialogue. */
  answer: z.string(),
})
