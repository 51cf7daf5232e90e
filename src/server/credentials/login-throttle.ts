import { and, eq, gt, lt, or, sql } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { loginFailures } from '#server/db/schema.ts'

/** After this many failed sign-ins for one account (or, by default, one address)... */
export const LOGIN_FAILURE_LIMIT = 10

/**
 * The per-address limit, set once at start-up from LOGIN_FAILURES_PER_ADDRESS: many people can
 * share one address (a carrier's NAT, an office), so operators may need it higher than the
 * per-account one; the end-to-end suite, whose every browser is 127.0.0.1, lifts it.
 */
let addressFailureLimit = LOGIN_FAILURE_LIMIT
export function setAddressFailureLimit(limit: number): void {
  addressFailureLimit = limit
}
/** ...within this window, further attempts are refused until the oldest failure ages out. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000

/**
 * Whether sign-in is blocked for this e-mail or address. Counted in the database so every
 * server instance enforces the same limit (docs/running.md "Several instances").
 */
export async function isLoginBlocked(
  db: Queryable,
  email: string,
  ipAddress: string,
  nowMs = Date.now(),
): Promise<boolean> {
  const since = new Date(nowMs - LOGIN_FAILURE_WINDOW_MS)
  const [row] = await db
    .select({
      byEmail: sql<number>`count(*) filter (where ${loginFailures.email} = ${email})::int`,
      byAddress: sql<number>`count(*) filter (where ${loginFailures.ipAddress} = ${ipAddress})::int`,
    })
    .from(loginFailures)
    .where(
      and(
        gt(loginFailures.createdAt, since),
        or(eq(loginFailures.email, email), eq(loginFailures.ipAddress, ipAddress)),
      ),
    )
  return (row?.byEmail ?? 0) >= LOGIN_FAILURE_LIMIT || (row?.byAddress ?? 0) >= addressFailureLimit
}

export async function recordLoginFailure(
  db: Queryable,
  email: string,
  ipAddress: string,
  nowMs = Date.now(),
): Promise<void> {
  await db.insert(loginFailures).values({ email, ipAddress, createdAt: new Date(nowMs) })
  // Old rows carry no information any more; pruning here keeps the table small without a job.
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.createdAt, new Date(nowMs - LOGIN_FAILURE_WINDOW_MS)))
}

/** A successful sign-in forgives the account's earlier failures (not the address's). */
export async function clearLoginFailures(db: Queryable, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email))
}

/**
 * The key an account's own failures are counted under when it is already known (a password
 * check inside the app): its e-mail, else its phone number, as signing in with it would count.
 */
export function signInKeyOf(user: {
  id: string
  email: string | null
  phoneNumber: string | null
}): string {
  return user.email ?? user.phoneNumber ?? user.id
}
