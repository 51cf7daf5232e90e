import { eq } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { statements, users } from '#server/db/schema.ts'
import { displayNameOf, maskName } from '#server/transactions/party-names.ts'
import { AppError, msg } from '#shared/errors.ts'
import { exponentOf, formatMinor, isAssetCode } from '#shared/money.ts'
import type { VerifiedStatement } from '#shared/schemas/statements.ts'
import { printedCode } from './statement-pdf.ts'

/**
 * GET /api/statements/verify/:code, for anyone holding the paper (docs/statements.md
 * "Verifying"): what Sabi issued under that code, the holder's name masked, and the PDF's
 * SHA-256, which a bank or an embassy compares with the file they were given. An unknown code is
 * a 404.
 */
export async function verifyStatement(db: Queryable, codeText: string): Promise<VerifiedStatement> {
  const code = codeText.replaceAll('-', '').toUpperCase()
  const [row] = await db
    .select({
      statement: statements,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(statements)
    .innerJoin(users, eq(users.id, statements.userId))
    .where(eq(statements.code, code))
  if (!row) throw new AppError('NOT_FOUND', msg('statementNotFound'))
  const { statement } = row
  const exponent = isAssetCode(statement.asset) ? exponentOf(statement.asset) : 2
  return {
    code: printedCode(statement.code),
    holderName: maskName(displayNameOf(row)),
    currency: statement.asset,
    periodFrom: statement.periodFrom,
    periodTo: statement.periodTo,
    openingBalance: formatMinor(statement.openingMinor, exponent),
    closingBalance: formatMinor(statement.closingMinor, exponent),
    transactionCount: statement.transactionCount,
    sha256: statement.sha256,
    issuedAt: statement.createdAt.toISOString(),
  }
}
