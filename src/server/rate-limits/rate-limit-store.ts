import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit'
import type { Database } from '#server/db/client.ts'
import { createRateLimitCounter } from './consume-rate-limit.ts'

/**
 * The rate limits' counters in the database, for @fastify/rate-limit: N instances then enforce
 * one limit instead of N times it (docs/operations.md "Rate limits"). Each route counts on its
 * own, unless routes share a `groupId` (every money POST counts against one per-user limit).
 */
export function databaseRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  // One counter for the app, shared by every route's store, so hits of all routes share
  // statements.
  const counter = createRateLimitCounter(db)
  // The plugin constructs its store with `new`, so this one has to be a class.
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string
    constructor(_options: FastifyRateLimitOptions, prefix = 'global:') {
      this.prefix = prefix
    }
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      counter.consume(`${this.prefix}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      )
    }
    // The plugin hands a route's merged options (its rateLimit config and routeInfo) here.
    child(routeOptions: object): FastifyRateLimitStore {
      const group =
        'groupId' in routeOptions && typeof routeOptions.groupId === 'string'
          ? routeOptions.groupId
          : undefined
      const info =
        'routeInfo' in routeOptions &&
        typeof routeOptions.routeInfo === 'object' &&
        routeOptions.routeInfo !== null
          ? routeOptions.routeInfo
          : {}
      const method = 'method' in info ? String(info.method) : ''
      const url = 'url' in info ? String(info.url) : ''
      return new DatabaseRateLimitStore({}, group ? `group:${group}:` : `route:${method} ${url}:`)
    }
  }
}
