import { createReadStream } from 'node:fs'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import { clientAddress } from '#server/http/client-address.ts'
import { requireUser, signedInUserId } from '#server/http/session-plugin.ts'
import { requestLanguage } from '#server/i18n/request-language.ts'
import { issueStatement } from '#server/statements/issue-statement.ts'
import { verifyStatement } from '#server/statements/verify-statement.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import {
  STATEMENT_CODE_PATTERN,
  statementQuerySchema,
  verifiedStatementSchema,
} from '#shared/schemas/statements.ts'

/**
 * Statements of account (docs/statements.md): the holder downloads one for a wallet and a period,
 * as a PDF anyone can verify or as a CSV; anyone holding the PDF checks it by its code.
 */
export const statementRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(
    '/api/statements',
    {
      schema: {
        tags: ['statements'],
        summary:
          'A statement of account for one of your wallets over whole Lagos days, as a PDF with a verification code, or a CSV',
        querystring: statementQuerySchema,
        response: {
          200: z.any().describe('the PDF (application/pdf) or CSV (text/csv) as a download'),
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
      preValidation: requireUser,
      // Each one reads a period of the ledger and writes a file: a person needs a few an hour.
      config: {
        rateLimit: {
          groupId: 'statements',
          max: 20,
          timeWindow: '1 hour',
          keyGenerator: (request: FastifyRequest) => request.userId ?? clientAddress(request),
        },
      },
    },
    async (request, reply) => {
      const issued = await issueStatement(
        db,
        signedInUserId(request),
        request.query,
        config.publicUrl,
        request.query.language ?? requestLanguage(request),
      )
      const file = createReadStream(issued.path)
      file.on('close', () => void issued.cleanup())
      return reply
        .header('Content-Type', issued.contentType)
        .header('Content-Disposition', `attachment; filename="${issued.filename}"`)
        .header('Cache-Control', 'no-store')
        .send(file)
    },
  )

  app.get(
    '/api/statements/verify/:code',
    {
      schema: {
        tags: ['statements'],
        summary:
          'Anyone: what Sabi issued under a statement verification code (name masked) and the SHA-256 of its PDF',
        params: z.object({
          code: z.string().regex(STATEMENT_CODE_PATTERN, 'statementNotFound'),
        }),
        response: {
          200: verifiedStatementSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    (request) => verifyStatement(db, request.params.code),
  )
}
