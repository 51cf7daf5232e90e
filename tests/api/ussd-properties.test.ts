import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { expect, it } from 'vitest'
import { replaceTransactionPin } from '#server/account-safety/transaction-pin.ts'
import { hashPassword } from '#server/credentials/passwords.ts'
import { queryRows } from '#server/db/client.ts'
import { USSD_TEXT_MAX } from '#server/ussd/ussd-protocol.ts'
import { ussdText } from '#server/ussd/ussd-texts.ts'
import { LANGUAGES } from '#shared/languages.ts'
import { TEST_PIN } from '../factories/money.ts'
import { postUssd, USSD_ENV, ussdUser } from '../factories/ussd.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'

// Random key sequences against the gateway (docs/ussd.md): whatever a caller or a broken gateway
// types, the answer is never a 5xx, never longer than a screen, and money moves only in a
// dialogue where the right PIN was typed.

const WRONG_PINS = ['9137', '4826', '0000', '1234']

describeMoneyApi(
  'USSD key sequences',
  (context) => {
    it('never answer a 5xx or more than a screen, and never move money without the right PIN', async () => {
      const sender = await ussdUser(context.app, context.database.db, { naira: '1000000.00' })
      const recipient = await ussdUser(context.app, context.database.db)
      const recipientNational = `0${recipient.phoneNumber.slice(4)}`
      const pinHash = await hashPassword(TEST_PIN)
      const busy = LANGUAGES.map((language) => ussdText('unavailable', language))

      const answer = fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom('1', '2', '3', '4', '5', '6', '0', '7', '00') },
        { weight: 2, arbitrary: fc.constant(TEST_PIN) },
        { weight: 3, arbitrary: fc.constantFrom(...WRONG_PINS) },
        {
          weight: 2,
          arbitrary: fc.constantFrom(
            `@${recipient.user.username}`,
            recipientNational,
            recipient.phoneNumber,
            sender.phoneNumber,
            '0802 123 4567',
            '@nobody_here',
          ),
        },
        {
          weight: 2,
          arbitrary: fc.constantFrom('100', '250.5', '99999999', '0.001', '-5', '1e3', '0'),
        },
        { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
        { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
        { weight: 1, arbitrary: fc.integer({ min: 1, max: 8 }).map((n) => '*'.repeat(n)) },
        { weight: 1, arbitrary: fc.constantFrom('', ' ', '#', '9'.repeat(3000)) },
      )
      const dialogueArbitrary = fc.record({
        // Most dialogues start as a phone does; some with a text the gateway made up.
        first: fc.oneof(
          { weight: 4, arbitrary: fc.constant('') },
          { weight: 1, arbitrary: answer },
        ),
        // A way into the menu that reaches a PIN step, so random keys meet money often; then
        // random keys.
        path: fc.constantFrom(
          [],
          ['1'],
          ['4'],
          ['5'],
          ['2', `@${recipient.user.username}`, '100'],
          ['2', recipientNational, '2500.50'],
          ['3', '1', '1', '100'],
          ['3', '2', '0802 123 4567', '4', '50'],
        ),
        tail: fc.array(answer, { minLength: 1, maxLength: 6 }),
      })

      await fc.assert(
        fc.asyncProperty(dialogueArbitrary, async ({ first, path, tail }) => {
          const answers = [...path, ...tail]
          // Each dialogue starts from the PIN the user set, unlocked: an earlier one may have
          // locked or changed it.
          await replaceTransactionPin(context.database.db, sender.user.id, pinHash)
          // And not frozen: 7 then 1 freezes the account (no PIN: it is the owner's emergency
          // stop) and ends the sender's sessions, so balances are read from the ledger.
          await context.database.db.execute(
            sql`update users set frozen_at = null where id = ${sender.user.id}::uuid`,
          )
          const nairaOf = async (userId: string) => {
            const [row] = await queryRows(
              context.database.db,
              sql`select a.balance_minor::text as balance from wallets w
                  join ledger_accounts a on a.id = w.account_id
                  where w.user_id = ${userId}::uuid and a.asset = 'NGN'`,
            )
            return String(row?.balance)
          }
          const before = [await nairaOf(sender.user.id), await nairaOf(recipient.user.id)]
          const sessionId = `AT${randomUUID()}`
          // The gateway's text: every answer so far joined by `*` (the dial itself adds none).
          const head = first === '' ? [] : [first]
          const texts = [
            first,
            ...answers.map((_, index) => [...head, ...answers.slice(0, index + 1)].join('*')),
          ]
          for (const text of texts) {
            const response = await postUssd(context.app, {
              sessionId,
              serviceCode: '*347*123#',
              phoneNumber: sender.phoneNumber,
              text,
            })
            expect(response.status, response.text).toBeLessThan(500)
            if (response.status !== 200) continue
            expect(response.text.length, response.text).toBeLessThanOrEqual(USSD_TEXT_MAX)
            expect(response.text).toMatch(/^(CON|END) /)
            for (const text of busy) expect(response.text).not.toContain(text)
          }
          const typedThePin = [first, ...answers].some((each) => each.trim() === TEST_PIN)
          if (!typedThePin) {
            expect([await nairaOf(sender.user.id), await nairaOf(recipient.user.id)]).toEqual(
              before,
            )
          }
        }),
        { numRuns: 40 },
      )
      // Forty sessions of up to a dozen screens each: about 15 s on an idle machine, and more
      // than the default 30 s when the machine is shared (a budget, not a timing assertion).
    }, 180_000)
  },
  USSD_ENV,
)
