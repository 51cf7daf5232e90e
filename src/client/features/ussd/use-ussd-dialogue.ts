import { useCallback, useRef, useState } from 'react'
import { apiRequest } from '#client/lib/api.ts'
import { ussdSimulatorAnswerSchema } from '#shared/schemas/ussd.ts'

/**
 * Where the simulated phone is: waiting for a code to be dialled, waiting for the network,
 * showing a menu that wants an answer (`CON`), or showing a last screen (`END`).
 */
export type UssdPhase = 'idle' | 'running' | 'prompt' | 'ended' | 'failed'

/** The longest answer the keypad types; the server reads no more at one step (docs/ussd.md). */
export const USSD_ANSWER_MAX = 64

/** A fresh id for one dialogue, as a gateway makes one per call (random, not a secret). */
function newSessionId(): string {
  const bytes = new Uint8Array(12)
  crypto.getRandomValues(bytes)
  return `sim${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

/** A gateway's answer: `CON ...` waits for an answer, `END ...` hangs up. */
function readAnswer(answer: string): { end: boolean; screen: string } {
  if (answer.startsWith('CON ')) return { end: false, screen: answer.slice(4) }
  return { end: true, screen: answer.startsWith('END ') ? answer.slice(4) : answer }
}

/**
 * One simulated USSD dialogue, as the aggregator's gateway runs it (docs/ussd.md "Protocol"):
 * dialling sends an empty text, and each answer is sent with the ones before it joined by `*`.
 * The server calls from the signed-in user's own number; the browser never names one.
 */
export function useUssdDialogue(serviceCode: string) {
  const [phase, setPhase] = useState<UssdPhase>('idle')
  const [screen, setScreen] = useState('')
  const [input, setInput] = useState('')
  const [wrongCode, setWrongCode] = useState(false)
  const session = useRef<{ id: string; answers: string[] }>({ id: newSessionId(), answers: [] })

  const send = useCallback(async (text: string) => {
    setPhase('running')
    try {
      const body = ussdSimulatorAnswerSchema.parse(
        await apiRequest('POST', '/api/sandbox/ussd', { sessionId: session.current.id, text }),
      )
      const answer = readAnswer(body.answer)
      setScreen(answer.screen)
      setPhase(answer.end ? 'ended' : 'prompt')
    } catch {
      setPhase('failed')
    }
  }, [])

  const call = useCallback(() => {
    if (phase !== 'idle') return
    // Dialled with spaces or without the closing #, it is still the code.
    const dialled = input.replace(/\s/g, '')
    if (dialled !== serviceCode && `${dialled}#` !== serviceCode) {
      setWrongCode(true)
      return
    }
    setWrongCode(false)
    session.current = { id: newSessionId(), answers: [] }
    setInput('')
    void send('')
  }, [input, phase, send, serviceCode])

  const answer = useCallback(() => {
    if (phase !== 'prompt') return
    session.current.answers.push(input)
    setInput('')
    void send(session.current.answers.join('*'))
  }, [input, phase, send])

  const hangUp = useCallback(() => {
    setPhase('idle')
    setScreen('')
    setInput('')
    setWrongCode(false)
  }, [])

  const type = useCallback(
    (text: string) => {
      if (phase !== 'idle' && phase !== 'prompt') return
      setWrongCode(false)
      setInput(text.slice(0, USSD_ANSWER_MAX))
    },
    [phase],
  )

  return { phase, screen, input, wrongCode, type, call, answer, hangUp }
}
