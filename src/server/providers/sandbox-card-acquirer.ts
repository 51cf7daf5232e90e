import { createHash } from 'node:crypto'
import { msg } from '#shared/errors.ts'
import type { CardAcquirer } from './card-acquirer.ts'

/**
 * The sandbox acquirer, with the test cards payment providers use: a number ending in 0002 is
 * declined by its issuer, one ending in 9995 has insufficient funds, any other valid number is
 * approved with an authorization code derived from the sale.
 */
export function createSandboxCardAcquirer(): CardAcquirer {
  return {
    name: 'sandbox-acquirer',
    async authorize({ saleId, cardNumber }) {
      if (cardNumber.endsWith('0002')) return { approved: false, reason: msg('cardDeclinedIssuer') }
      if (cardNumber.endsWith('9995'))
        return { approved: false, reason: msg('insufficientFundsCard') }
      const digest = createHash('sha256').update(saleId).digest('hex')
      return { approved: true, authorizationCode: digest.slice(0, 6).toUpperCase() }
    },
  }
}
