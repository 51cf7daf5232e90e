import { eq, sql } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { users } from '#server/db/schema.ts'

export type UserRow = typeof users.$inferSelect

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1)
  return row
}

export async function findUserByUsername(
  db: Queryable,
  username: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1)
  return row
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return row
}
