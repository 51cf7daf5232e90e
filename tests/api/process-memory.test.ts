import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createSession,
  deleteOtherSessions,
  hashSessionId,
  readSession,
  SESSION_CACHE_TTL_MS,
} from '#server/auth/sessions.ts'
import { queryRows } from '#server/db/client.ts'
import { checkTransactionPin, setTransactionPin } from '#server/pin/transaction-pin.ts'
import { findUserById } from '#server/users/find-user.ts'
import { AppError } from '#shared/errors.ts'
import { signUpAtTier } from '../factories/users.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../setup/test-database.ts'

// What a server process keeps in memory to spare the database a query (ADR 008): copies of
// sessions for at most a second, and PINs it has verified. Neither may let through what the
// database no longer would.

for (const { kind, skip } of testDatabaseKinds()) {
  describe.skipIf(skip !== undefined)(
    `process memory on ${kind}${skip ? ` (skipped: ${skip})` : ''}`,
    () => {
      let database: TestDatabase
      beforeAll(async () => {
        database = await createTestDatabase(kind)
      })
      afterAll(async () => {
        await database?.destroy()
      })

      it('a session deleted by another instance stops working here within a second', async () => {
        const { db } = database
        const user = await signUpAtTier(db)
        const nowMs = Date.now()
        const session = await createSession(db, { userId: user.id }, nowMs)
        expect(await readSession(db, session.sid, nowMs)).toMatchObject({ userId: user.id })
        // Another instance signs it out: the row goes, and this process is not told.
        await db.execute(sql`delete from sessions where sid_hash = ${hashSessionId(session.sid)}`)
        expect(await readSession(db, session.sid, nowMs + SESSION_CACHE_TTL_MS / 2)).toBeDefined()
        expect(await readSession(db, session.sid, nowMs + SESSION_CACHE_TTL_MS)).toBeUndefined()
      })

      it('a sign-out or a password change on this instance takes effect at once', async () => {
        const { db } = database
        const user = await signUpAtTier(db)
        const nowMs = Date.now()
        const kept = await createSession(db, { userId: user.id }, nowMs)
        const other = await createSession(db, { userId: user.id }, nowMs)
        expect(await readSession(db, other.sid, nowMs)).toBeDefined()
        expect(await readSession(db, kept.sid, nowMs)).toBeDefined()
        await deleteOtherSessions(db, user.id, kept.sid)
        expect(await readSession(db, other.sid, nowMs)).toBeUndefined()
        expect(await readSession(db, kept.sid, nowMs)).toBeDefined()
      })

      it('a PIN verified before is checked again once it changes or locks', async () => {
        const { db } = database
        const created = await signUpAtTier(db)
        const user = await findUserById(db, created.id)
        if (!user) throw new Error('no user')
        await setTransactionPin(
          db,
          user,
          { pin: '2580', password: 'correct-horse-battery' },
          '10.9.9.9',
        )
        await checkTransactionPin(db, user.id, '2580')
        // Remembered now: still right, and it clears wrong attempts as a right PIN does.
        await expect(checkTransactionPin(db, user.id, '1397')).rejects.toMatchObject({
          code: 'PIN_INVALID',
        })
        await checkTransactionPin(db, user.id, '2580')
        const [row] = await queryRows(
          db,
          sql`select failed_attempts from transaction_pins where user_id = ${user.id}`,
        )
        expect(row).toMatchObject({ failed_attempts: 0 })
        // Five wrong in a row lock it, even for the remembered right PIN.
        for (let i = 0; i < 5; i++) {
          await checkTransactionPin(db, user.id, `13${90 + i}`).catch(() => undefined)
        }
        await expect(checkTransactionPin(db, user.id, '2580')).rejects.toMatchObject({
          code: 'PIN_LOCKED',
        })
        // A new PIN opens the lock; the old one, remembered or not, is wrong from then on.
        await setTransactionPin(
          db,
          user,
          { pin: '4826', password: 'correct-horse-battery' },
          '10.9.9.9',
        )
        const refused = await checkTransactionPin(db, user.id, '2580').catch(
          (error: unknown) => error,
        )
        expect(refused).toBeInstanceOf(AppError)
        expect(refused).toMatchObject({ code: 'PIN_INVALID' })
        await checkTransactionPin(db, user.id, '4826')
      })
    },
  )
}
