import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import type { Database } from '#server/db/client.ts'
import type { TestApp } from '../setup/describe-money-api.ts'
import { createTestClient } from '../setup/test-app.ts'
import { addFunds, signUpClient, walletIn } from './money.ts'
import { givePhoneNumber } from './users.ts'

/** The gateway's token in the USSD suites. */
export const USSD_TOKEN = 'ussd-gateway-token-for-tests-0123456789'
export const USSD_ENV = { USSD_GATEWAY_TOKEN: USSD_TOKEN, USSD_REQUESTS_PER_MINUTE: '100000' }

/** One gateway request, form-encoded as Africa's Talking sends it. */
export async function postUssd(
  app: TestApp,
  fields: Record<string, string>,
  headers: Record<string, string> = { 'x-ussd-token': USSD_TOKEN },
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/ussd',
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  })
  return { status: response.statusCode, text: response.body, headers: response.headers }
}

/**
 * A dialogue of one session: `press` sends the next answer (the text grows by `*answer`) and
 * returns the screen, as a phone and its gateway would.
 */
export function dialogue(app: TestApp, phoneNumber: string, sessionId = `AT${randomUUID()}`) {
  const answers: string[] = []
  async function send(text: string) {
    const response = await postUssd(app, {
      sessionId,
      serviceCode: '*347*123#',
      phoneNumber,
      text,
    })
    expect(response.status, response.text).toBe(200)
    expect(response.text.length).toBeLessThanOrEqual(182)
    expect(response.text).toMatch(/^(CON|END) /)
    return response.text
  }
  return {
    sessionId,
    dial: () => send(''),
    press: (answer: string) => {
      answers.push(answer)
      return send(answers.join('*'))
    },
    /** The last request again, as a gateway that did not hear the answer repeats it. */
    repeat: () => send(answers.join('*')),
  }
}

/**
 * A signed-up user (tier 3 unless asked) with a verified number, as the phone-number feature
 * leaves it: E.164 in users.phone_number and phone_verified set.
 */
export async function ussdUser(
  app: TestApp,
  db: Database,
  options: { tier?: 1 | 2 | 3; naira?: string; nairaDefault?: boolean; pin?: string | null } = {},
) {
  const client = createTestClient(app)
  const user = await signUpClient(
    client,
    {},
    { tier: options.tier ?? 3, ...(options.pin !== undefined ? { pin: options.pin } : {}) },
  )
  const phoneNumber = await givePhoneNumber(db, user.id, { verified: true })
  const ngn = await walletIn(client, 'NGN')
  if (options.naira) await addFunds(client, ngn.id, options.naira)
  if (options.nairaDefault !== false) {
    const saved = await client.request({
      method: 'PUT',
      url: '/api/settings',
      payload: JSON.stringify({ defaultWalletId: ngn.id }),
      headers: { 'content-type': 'application/json' },
    })
    expect(saved.status, saved.text).toBe(200)
  }
  return { client, user, phoneNumber, ngn }
}

export async function nairaBalance(client: ReturnType<typeof createTestClient>): Promise<string> {
  return (await walletIn(client, 'NGN')).balance
}
