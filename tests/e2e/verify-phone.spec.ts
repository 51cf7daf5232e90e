import { randomInt } from 'node:crypto'
import { z } from 'zod'
import { expect, test } from './fixtures.ts'

const outboxSchema = z.array(z.object({ channel: z.string(), text: z.string() }))

/** A Nigerian mobile number no earlier run used, as typed and as stored. */
function newNumber() {
  const rest = String(randomInt(0, 10_000_000)).padStart(7, '0')
  return {
    international: `+234 806 ${rest.slice(0, 3)} ${rest.slice(3)}`,
    national: `0806 ${rest.slice(0, 3)} ${rest.slice(3)}`,
    e164: `+234806${rest}`,
  }
}

// The only 429 this test may meet is the one it asks for, with "Send a new code".
test.use({ allowConsoleErrors: [/status of 429/] })

test('sign-up texts nothing; opening Verify texts one code, and a second ask within the minute waits', async ({
  page,
  signUp,
}) => {
  const number = newNumber()
  const statuses: number[] = []
  page.on('response', (response) => {
    if (response.url().endsWith('/api/phone/verification')) statuses.push(response.status())
  })
  await signUp({ phoneNumber: number.international }, { pin: null, tier: 1 })
  const texts = async () =>
    outboxSchema
      .parse(
        await (
          await page.request.get(`/api/sandbox/outbox?to=${encodeURIComponent(number.e164)}`)
        ).json(),
      )
      .filter((message) => message.channel === 'sms')
  // Issue 32: nothing is texted until the user asks.
  expect(await texts()).toHaveLength(0)

  await page.goto('/profile')
  await page.getByRole('button', { name: 'Verify phone number' }).click()
  const dialog = page.getByRole('dialog', { name: 'Verify your phone number' })
  await expect(dialog.getByTestId('phone-code-sent')).toContainText(number.national)
  await expect.poll(() => statuses).toEqual([202])
  await expect(dialog).not.toContainText('Please wait a minute')
  await expect.poll(async () => (await texts()).length).toBe(1)

  // A real second ask within the minute still gets the wait message.
  await dialog.getByRole('button', { name: 'Send a new code' }).click()
  await expect(dialog.getByRole('alert')).toContainText(
    'Please wait a minute before asking for another code.',
  )
  expect(statuses).toEqual([202, 429])
  expect(await texts()).toHaveLength(1)

  // The one code verifies the number.
  const code = /\b(\d{6})\b/.exec((await texts())[0]?.text ?? '')?.[1] ?? ''
  await dialog.getByLabel('Verification code').fill(code)
  await dialog.getByRole('button', { name: 'Verify', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('phone-state')).toHaveText('Verified')
})
