import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outboxDeliveries, outboxEvents } from '#server/db/schema.ts'
import { listNotifications } from '#server/notifications/list-notifications.ts'
import { OUTBOX_RETENTION_DAYS, pruneOutbox } from '#server/outbox/prune-outbox.ts'
import { recordEvent } from '#server/outbox/record-event.ts'
import { signUpAtTier } from '../factories/users.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../setup/test-database.ts'

// Events leave the outbox after the retention (docs/notifications.md "Keeping"), with their
// deliveries, but never while a delivery is still to be sent.
for (const { kind, skip } of testDatabaseKinds()) {
  describe.skipIf(skip !== undefined)(
    `outbox pruning on ${kind}${skip ? ` (skipped: ${skip})` : ''}`,
    () => {
      let database: TestDatabase
      beforeAll(async () => {
        database = await createTestDatabase(kind)
      })
      afterAll(async () => {
        await database?.destroy()
      })

      async function eventAged(userId: string, days: number, pending: boolean) {
        const id = await database.db.transaction((tx) =>
          recordEvent(tx, { userId, data: { kind: 'pin_changed' } }),
        )
        await database.db
          .update(outboxEvents)
          .set({ createdAt: sql`now() - make_interval(days => ${days})` })
          .where(eq(outboxEvents.id, id))
        if (!pending) {
          await database.db
            .update(outboxDeliveries)
            .set({ status: 'sent', finishedAt: new Date() })
            .where(eq(outboxDeliveries.eventId, id))
        }
        return id
      }

      it('deletes old finished events and their deliveries, keeps recent and unsent ones', async () => {
        const user = await signUpAtTier(database.db)
        const old = await eventAged(user.id, OUTBOX_RETENTION_DAYS + 1, false)
        const oldUnsent = await eventAged(user.id, OUTBOX_RETENTION_DAYS + 1, true)
        const recent = await eventAged(user.id, OUTBOX_RETENTION_DAYS - 1, false)

        expect(await pruneOutbox(database.db)).toBe(1)
        const left = await database.db
          .select({ id: outboxEvents.id })
          .from(outboxEvents)
          .where(inArray(outboxEvents.id, [old, oldUnsent, recent]))
        expect(new Set(left.map((row) => row.id))).toEqual(new Set([oldUnsent, recent]))
        const deliveries = await database.db
          .select({ id: outboxDeliveries.eventId })
          .from(outboxDeliveries)
          .where(eq(outboxDeliveries.eventId, old))
        expect(deliveries).toEqual([])
        const page = await listNotifications(database.db, user.id, undefined)
        expect(page.items.map((item) => item.id)).not.toContain(old)
        expect(await pruneOutbox(database.db)).toBe(0)
      })

      it('prunes in bounded rounds, oldest first', async () => {
        const user = await signUpAtTier(database.db)
        const ids = []
        for (let day = 0; day < 3; day += 1) {
          ids.push(await eventAged(user.id, OUTBOX_RETENTION_DAYS + 10 - day, false))
        }
        expect(await pruneOutbox(database.db, { limit: 2 })).toBe(2)
        const left = await database.db
          .select({ id: outboxEvents.id })
          .from(outboxEvents)
          .where(inArray(outboxEvents.id, ids))
        expect(left.map((row) => row.id)).toEqual([ids[2]])
        expect(await pruneOutbox(database.db, { limit: 2 })).toBe(1)
      })
    },
  )
}
