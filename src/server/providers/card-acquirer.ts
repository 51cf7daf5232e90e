import type { Message } from '#shared/errors.ts'
export type CardAuthorization =
  | { approved: true; authorizationCode: string }
  | { approved: false; reason: Message }

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
