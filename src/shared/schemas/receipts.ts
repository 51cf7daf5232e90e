import { z } from 'zod'
import { decimalStringSchema } from './reference.ts'

/** How a receipt's verification code is written: 16 characters, shown in groups of four. */
export const VERIFICATION_CODE_LENGTH = 16

/** A code as a person may type it: case, spaces and dashes do not matter. */
export function normalizeVerificationCode(text: string): string {
  return text.replace(/[\s-]/g, '').toUpperCase()
}

/** "7F3A9C2E11B04D8A" → "7F3A-9C2E-11B0-4D8A", the way receipts print it. */
export function groupVerificationCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code
}

export const receiptCodeParamsSchema = z.object({
  code: z.string().max(40, 'noReceiptHasCode'),
})

/**
 * What anyone holding a receipt's code may learn about it (docs/receipts.md): enough to tell a
 * genuine receipt from a forged one, with the people's names masked.
 */
export const verifiedReceiptSchema = z.object({
  code: z.string(),
  status: z.string(),
  type: z.string(),
  amount: decimalStringSchema,
  fee: decimalStringSchema,
  currency: z.object({ code: z.string(), symbol: z.string() }),
  createdAt: z.string(),
  reference: z.string(),
  /** Who paid, masked ("A**** O**"); null when the money came from a card or bank. */
  payer: z.string().nullable(),
  /** Who was paid, masked, or the biller's name; null when nobody else took part. */
  payee: z.string().nullable(),
})
export type VerifiedReceipt = z.infer<typeof verifiedReceiptSchema>
