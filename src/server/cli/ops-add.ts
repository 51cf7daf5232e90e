import { parseArgs } from 'node:util'
import { loadConfig } from '#server/config.ts'
import { createSealer } from '#server/credentials/seal.ts'
import { openDatabase } from '#server/db/client.ts'
import { appendAudit } from '#server/ops/audit-log.ts'
import { addOperator, isRole } from '#server/ops/operators.ts'
import { resolveSessionSecret } from '#server/session-secret.ts'
import { databaseTargetOf } from '#server/start-server.ts'
import { addOperatorRequestSchema } from '#shared/schemas/ops.ts'

// `npm run ops:add -- --email ada@sabi.example --role admin [--name "Ada Obi"]`: makes an operator
// (the first admin, or any, docs/operations-console.md "Operators") and prints the one-time
// enrolment link where they set a password and scan the TOTP secret. Written to the audit log.
const { values } = parseArgs({
  options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
})
const email = values.email ?? ''
const role = values.role ?? ''
const request = addOperatorRequestSchema.safeParse({
  email,
  role,
  name: values.name ?? email.split('@')[0] ?? '',
})
if (!request.success || !isRole(role)) {
  console.error(
    'Usage: npm run ops:add -- --email <e-mail> --role support|compliance|admin [--name <name>]',
  )
  process.exit(2)
}
const config = loadConfig()
const database = await openDatabase(databaseTargetOf(config))
try {
  const sealer = createSealer(await resolveSessionSecret(config.sessionSecret, config.dataDir))
  const added = await database.db.transaction(async (tx) => {
    const made = await addOperator(tx, sealer, { ...request.data, createdBy: null })
    await appendAudit(tx, {
      operatorId: null,
      actor: 'cli',
      action: 'add_operator',
      targetType: 'operator',
      targetId: made.operator.id,
      details: { email: made.operator.email, role: made.operator.role },
    })
    return made
  })
  console.log(`Operator ${added.operator.email} (${added.operator.role}) added.`)
  console.log('Hand them this one-time enrolment link (valid 48 hours):')
  console.log(`${config.publicUrl}/ops/enrol?token=${added.token}`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await database.close()
}
