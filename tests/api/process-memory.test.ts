import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkTransactionPin, setTransactionPin } from '#server/account-safety/transaction-pin.ts'
import {
  createSession,
  deleteOtherSessions,
  deleteSession,
  hashSessionId,
  readSession,
  refreshSessionCopies,
  SESSION_CACHE_TTL_MS,
} from '#server/credentials/sessions.ts'
import { type Queryable, queryRows } from '#server/db/client.ts'
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
        // A clock of its own, a minute back: the background refresh (on the real clock) sees
        // this copy as idle and leaves it alone, so only this test's reads decide.
        const nowMs = Date.now() - 60_000
        const session = await createSession(db, { userId: user.id }, nowMs)
        expect(await readSession(db, session.sid, nowMs)).toMatchObject({ userId: user.id })
        // Another instance signs it out: the row goes, and this process is not told.
        await db.execute(sql`delete from sessions where sid_hash = ${hashSessionId(session.sid)}`)
        expect(await readSession(db, session.sid, nowMs + SESSION_CACHE_TTL_MS / 2)).toBeDefined()
        expect(await readSession(db, session.sid, nowMs + SESSION_CACHE_TTL_MS)).toBeUndefined()
      })

      it('the sessions in use are read again together, one statement for all of them', async () => {
        const { db } = database
        const counted = countingStatements(db)
        const nowMs = Date.now() - 120_000
        const user = await signUpAtTier(db)
        const signedIn = await Promise.all(
          Array.from({ length: 30 }, () => createSession(db, { userId: user.id }, nowMs)),
        )
        for (const session of signedIn) await readSession(counted.db, session.sid, nowMs)
        expect(counted.statements()).toBe(30)
        // Another instance signs one of them out.
        const [gone, ...kept] = signedIn
        if (!gone) throw new Error('no session')
        await db.execute(sql`delete from sessions where sid_hash = ${hashSessionId(gone.sid)}`)

        const halfway = nowMs + SESSION_CACHE_TTL_MS / 2
        // (Copies of other tests' databases may be read too, each in its own statement.)
        expect(await refreshSessionCopies(halfway)).toBeGreaterThanOrEqual(30)
        expect(counted.statements()).toBe(31)
        // A time to live after the first reads, every copy still in use is answered from without
        // a statement, and the one signed out elsewhere is gone.
        const later = nowMs + SESSION_CACHE_TTL_MS + 100
        for (const session of kept) {
          expect(await readSession(counted.db, session.sid, later)).toMatchObject({
            userId: user.id,
          })
        }
        expect(counted.statements()).toBe(31)
        expect(await readSession(counted.db, gone.sid, later)).toBeUndefined()
        expect(counted.statements()).toBe(32)
        // A copy nobody used for a time to live is not read again: it ages out.
        await refreshSessionCopies(later + SESSION_CACHE_TTL_MS * 2)
        expect(counted.statements()).toBe(32)
      })

      it('a refresh never puts back a session signed out here while it ran', async () => {
        const { db } = database
        const user = await signUpAtTier(db)
        const nowMs = Date.now() - 180_000
        const session = await createSession(db, { userId: user.id }, nowMs)
        expect(await readSession(db, session.sid, nowMs)).toBeDefined()
        const refreshing = refreshSessionCopies(nowMs + 10)
        await deleteSession(db, session.sid)
        await refreshing
        expect(await readSession(db, session.sid, nowMs + 20)).toBeUndefined()
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
        await setTransactionPin(db, user.id, '2580')
        await checkTransactionPin(db, user.id, '2580')
        // Remembered now: still right, and it does not wipe the wrong attempt before it
        // (issue 32: a right PIN resetting the count let guesses go on between payments).
        await expect(checkTransactionPin(db, user.id, '1397')).rejects.toMatchObject({
          code: 'PIN_INVALID',
        })
        await checkTransactionPin(db, user.id, '2580')
        const [row] = await queryRows(
          db,
          sql`select failed_attempts from transaction_pins where user_id = ${user.id}`,
        )
        expect(row).toMatchObject({ failed_attempts: 1 })
        // Five wrong in all lock it, even for the remembered right PIN.
        for (let i = 0; i < 4; i++) {
          await checkTransactionPin(db, user.id, `13${90 + i}`).catch(() => undefined)
        }
        await expect(checkTransactionPin(db, user.id, '2580')).rejects.toMatchObject({
          code: 'PIN_LOCKED',
        })
        // A new PIN opens the lock; the old one, remembered or not, is wrong from then on.
        await setTransactionPin(db, user.id, '4826')
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

/** The database, and a view of it that counts the statements sent through it. */
function countingStatements(db: Queryable): { db: Queryable; statements: () => number } {
  let statements = 0
  const counted = new Proxy(db, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      if (property !== 'execute' || typeof value !== 'function') return value
      return (...args: unknown[]) => {
        statements += 1
        return Reflect.apply(value, target, args)
      }
    },
  })
  return { db: counted, statements: () => statements }
}
