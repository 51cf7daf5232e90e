import { z } from 'zod'
import { LANGUAGES } from '../languages.ts'
import { isCalendarDay } from '../schedule-dates.ts'

/** A statement covers at most this many days (a year and a day, for a leap year's). */
export const STATEMENT_MAX_DAYS = 366
export const STATEMENT_FORMATS = ['pdf', 'csv'] as const

const day = (message: string) =>
  z.string({ error: message }).max(10, message).refine(isCalendarDay, message)

/** GET /api/statements (docs/statements.md). */
export const statementQuerySchema = z.object({
  walletId: z.uuid({ error: 'selectWallet' }),
  from: day('chooseStatementFrom'),
  to: day('chooseStatementTo'),
  format: z.enum(STATEMENT_FORMATS, { error: 'chooseStatementFormat' }).default('pdf'),
  /** The language to write it in; the request's Accept-Language otherwise. */
  language: z.enum(LANGUAGES).optional(),
})
export type StatementQuery = z.infer<typeof statementQuerySchema>

/** XXXX-XXXX-XXXX, as printed; dashes and case do not matter. */
export const STATEMENT_CODE_PATTERN = /^[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}$/

/** What anyone holding a statement can confirm, without signing in. */
export const verifiedStatementSchema = z.object({
  code: z.string(),
  holderName: z.string(),
  currency: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  openingBalance: z.string(),
  closingBalance: z.string(),
  transactionCount: z.number().int(),
  sha256: z.string(),
  issuedAt: z.string(),
})
export type VerifiedStatement = z.infer<typeof verifiedStatementSchema>
