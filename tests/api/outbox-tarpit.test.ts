import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pushSubscriptions } from '#server/db/schema.ts'
import {
  type Delivery,
  type DeliveryChannel,
  dispatchOutbox,
} from '#server/outbox/dispatch-outbox.ts'
import { recordEvent } from '#server/outbox/record-event.ts'
import { signUpAtTier } from '../factories/users.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../setup/test-database.ts'

/**
 * Issue 32: ten slow push endpoints on one account held a dispatcher pass for about 100 s,
 * delaying every user's e-mail, SMS and push, security alerts included. A delivery now holds a
 * pass for at most its budget: an endpoint that never answers (a tarpit) is tried again later,
 * and everyone else's messages go out in the same pass.
 */
for (const { kind, skip } of testDatabaseKinds()) {
  describe.skipIf(skip !== undefined)(
    `a push tarpit on ${kind}${skip ? ` (skipped: ${skip})` : ''}`,
    () => {
      let database: TestDatabase
      beforeAll(async () => {
        database = await createTestDatabase(kind)
      })
      afterAll(async () => {
        await database?.destroy()
      })

      it("holds no one else's e-mail: the pass ends, the tarpit is tried again later", async () => {
        const { db } = database
        const attacker = await signUpAtTier(db)
        const victim = await signUpAtTier(db)
        // Ten subscriptions on endpoints that never answer.
        await db.insert(pushSubscriptions).values(
          Array.from({ length: 10 }, (_, index) => ({
            userId: attacker.id,
            endpoint: `https://fcm.googleapis.com/fcm/send/tarpit-${attacker.id}-${index}`,
            p256dh: 'key',
            auth: 'auth',
          })),
        )
        const alertFor = (userId: string) =>
          db.transaction((tx) => recordEvent(tx, { userId, data: { kind: 'password_changed' } }))
        await alertFor(attacker.id)
        await alertFor(victim.id)

        const mailed: string[] = []
        const pushed: Delivery[] = []
        const tarpit: DeliveryChannel = {
          deliver(delivery) {
            pushed.push(delivery)
            return new Promise(() => undefined)
          },
        }
        const mail: DeliveryChannel = {
          async deliver(delivery) {
            mailed.push(delivery.recipient.userId)
            return 'sent'
          },
        }
        const failures: unknown[] = []
        await dispatchOutbox(
          db,
          { push: tarpit, email: mail, sms: mail },
          { deliveryBudgetMs: 300, onError: (_, error) => failures.push(error) },
        )
        // The pass has ended, with the victim's alert sent in it, and the tarpit's push failed
        // for now (to be tried again later), not waited on.
        expect(mailed).toContain(victim.id)
        expect(mailed).toContain(attacker.id)
        expect(pushed.map((delivery) => delivery.recipient.userId)).toContain(attacker.id)
        expect(String(failures[0])).toMatch(/no answer within 300 ms/)
      })
    },
  )
}
