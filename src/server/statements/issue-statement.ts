import { createHash, randomInt } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { eq } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { statements, users } from '#server/db/schema.ts'
import { csvField } from '#server/exports/export-transactions-csv.ts'
import { displayNameOf } from '#server/transactions/party-names.ts'
import { findOwnWallet } from '#server/wallets/find-own-wallet.ts'
import { AppError, type Message, msg } from '#shared/errors.ts'
import { addDays, lagosDay, lagosMoment } from '#shared/lagos-time.ts'
import type { Language } from '#shared/languages.ts'
import { exponentOf, formatMinor } from '#shared/money.ts'
import type { StatementQuery } from '#shared/schemas/statements.ts'
import { STATEMENT_MAX_DAYS } from '#shared/schemas/statements.ts'
import { writeAmount } from '#shared/write-amount.ts'
import { describeLine } from './describe-line.ts'
import { balanceAt, periodTotals, statementLines } from './statement-lines.ts'
import { writeStatementPdf } from './statement-pdf.ts'

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const LAGOS_OFFSET_MS = 60 * 60 * 1000

function refuse(message: Message, path: string): never {
  throw new AppError('VALIDATION_FAILED', message, [{ path, message }])
}

function newCode(): string {
  return Array.from({ length: 12 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')
}

/** "2026-11-29 14:03": a journal's Lagos day and time, as the statement prints it. */
function lagosTime(at: Date): string {
  return new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ')
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) hash.update(chunk)
  return hash.digest('hex')
}

export type IssuedStatement = {
  path: string
  filename: string
  contentType: string
  /** Removes the file once it has been sent. */
  cleanup(): Promise<void>
}

/**
 * A statement of account for one of the user's wallets over whole Lagos days (docs/statements.md),
 * as a PDF (recorded with its SHA-256 and a verification code anyone can check) or a CSV. It is
 * written to a file of its own as the lines are read, a page of the database at a time, so a
 * year of 10,000 lines takes no more memory than a week of ten.
 */
export async function issueStatement(
  db: Database,
  userId: string,
  query: StatementQuery,
  publicUrl: string,
  language: Language,
  now = new Date(),
): Promise<IssuedStatement> {
  const today = lagosDay(now)
  if (query.from > query.to) refuse(msg('statementFromAfterTo'), 'from')
  if (query.to > today) refuse(msg('statementInFuture'), 'to')
  if (query.from < addDays(query.to, -STATEMENT_MAX_DAYS)) refuse(msg('statementTooLong'), 'from')
  const wallet = await findOwnWallet(db, userId, query.walletId)
  const [holder] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(users)
    .where(eq(users.id, userId))
  if (!holder) throw new AppError('UNAUTHORIZED', msg('unauthorized'))
  const start = lagosMoment(query.from, 0)
  const end = lagosMoment(addDays(query.to, 1), 0)
  const exponent = exponentOf(wallet.asset)
  const money = (minor: bigint) =>
    writeAmount(formatMinor(minor, exponent), exponent, wallet.symbol, language)

  const directory = await mkdtemp(join(tmpdir(), 'sabi-statement-'))
  const cleanup = () => rm(directory, { recursive: true, force: true })
  const base = `sabi-statement-${wallet.asset}-${query.from}-${query.to}`
  try {
    const opening = await balanceAt(db, wallet.accountId, start)
    const totals = await periodTotals(db, wallet.accountId, start, end)
    const closing = opening + totals.inMinor - totals.outMinor
    const lines = statementLines(db, wallet.accountId, start, end)

    if (query.format === 'csv') {
      const path = join(directory, `${base}.csv`)
      const out = createWriteStream(path)
      const row = (cells: (string | null)[]) => `${cells.map(csvField).join(',')}\r\n`
      async function* csv() {
        yield row(['Date', 'Description', 'Reference', 'Debit', 'Credit', 'Balance'])
        yield row(['', 'Opening balance', '', '', '', formatMinor(opening, exponent)])
        let running = opening
        for await (const batch of lines) {
          let text = ''
          for (const line of batch) {
            running += line.deltaMinor
            text += row([
              lagosTime(line.journal.createdAt),
              describeLine(line.journal, line.payout, language, line.deltaMinor > 0n),
              line.journal.reference,
              line.deltaMinor < 0n ? formatMinor(-line.deltaMinor, exponent) : '',
              line.deltaMinor > 0n ? formatMinor(line.deltaMinor, exponent) : '',
              formatMinor(running, exponent),
            ])
          }
          yield text
        }
        yield row(['', 'Closing balance', '', '', '', formatMinor(closing, exponent)])
      }
      await pipeline(csv, out)
      return { path, filename: `${base}.csv`, contentType: 'text/csv; charset=utf-8', cleanup }
    }

    const code = newCode()
    const path = join(directory, `${base}.pdf`)
    await writeStatementPdf(
      createWriteStream(path),
      {
        code,
        verifyUrl: `${publicUrl}/verify/statement/${code}`,
        holderName: displayNameOf(holder),
        currency: `${wallet.asset} (${wallet.symbol.trim()})`,
        periodFrom: query.from,
        periodTo: query.to,
        issuedAt: `${lagosTime(now)} WAT`,
        opening: money(opening),
        closing: money(closing),
        totalIn: money(totals.inMinor),
        totalOut: money(totals.outMinor),
        count: totals.count,
      },
      lines,
      opening,
      { money, time: lagosTime },
      language,
    )
    await db.insert(statements).values({
      code,
      userId,
      walletId: wallet.id,
      asset: wallet.asset,
      periodFrom: query.from,
      periodTo: query.to,
      openingMinor: opening,
      closingMinor: closing,
      transactionCount: totals.count,
      sha256: await sha256Of(path),
      language,
      createdAt: now,
    })
    return { path, filename: `${base}.pdf`, contentType: 'application/pdf', cleanup }
  } catch (error) {
    await cleanup()
    throw error
  }
}
