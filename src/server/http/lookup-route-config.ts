import type { FastifyRequest } from 'fastify'
import { clientAddress } from './client-address.ts'

/**
 * How many customer lookups (a bank account's holder, a meter's or smartcard's customer) one user
 * may make in 15 minutes, all lookup routes together. Each asks a paid provider and answers a
 * stranger's name (and a meter's address), so a signed-in attacker must not be able to walk a
 * range of numbers; a person paying a few bills or friends never comes near it: the forms ask
 * once per complete number (docs/operations.md "Rate limits").
 */
export const LOOKUPS_PER_15_MINUTES = 60

/** The per-route options of every customer lookup: one per-user limit over them all. */
export function lookupRouteConfig() {
  return {
    rateLimit: {
      groupId: 'lookups',
      max: LOOKUPS_PER_15_MINUTES,
      timeWindow: '15 minutes',
      keyGenerator: (request: FastifyRequest) => request.userId ?? clientAddress(request),
    },
  }
}
