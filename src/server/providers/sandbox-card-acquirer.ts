import { createHash } from 'node:crypto'

export type CardAuthorization =
  | { approved: true; authorizationCode: string }
  | { approved: false; reason: string }

/** Whoever takes card payments for Sabi's POS terminals (a card acquirer). */
export type CardAcquirer = {
  readonly name: string
  authorize(input: {
    saleId: string
    amountMinor: bigint
    asset: string
    cardNumber: string
  }): Promise<CardAuthorization>
}

/** The Luhn checksum every real card number passes, so a mistyped number is caught at once. */
export function passesLuhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return digits.length > 0 && sum % 10 === 0
}

/**
 * The sandbox acquirer, with the test cards payment providers use: a number ending in 0002 is
 * declined by its issuer, one ending in 9995 has insufficient funds, any other valid number is
 * approved with an authorization code derived from the sale.
 */
export function createSandboxCardAcquirer(): CardAcquirer {
  return {
    name: 'sandbox-acquirer',
    async authorize({ saleId, cardNumber }) {
      if (cardNumber.endsWith('0002'))
        return { approved: false, reason: 'Card declined by the issuer' }
      if (cardNumber.endsWith('9995'))
        return { approved: false, reason: 'Insufficient funds on the card' }
      const digest = createHash('sha256').update(saleId).digest('hex')
      return { approved: true, authorizationCode: digest.slice(0, 6).toUpperCase() }
    },
  }
}
