import { z } from 'zod'
import { INTERNATIONAL_METHODS } from '#shared/schemas/international.ts'

/**
 * What an international quote's price depends on, kept in `quotes.details`; once a transfer is
 * made with it, the journal it made. Read back from JSON, so parsed rather than trusted.
 */
export const internationalQuoteDetailsSchema = z.object({
  walletId: z.string(),
  region: z.string(),
  countryCode: z.string(),
  method: z.enum(INTERNATIONAL_METHODS),
  usedByJournalId: z.string().optional(),
})
export type InternationalQuoteDetails = z.infer<typeof internationalQuoteDetailsSchema>
