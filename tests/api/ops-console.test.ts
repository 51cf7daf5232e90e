import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { verifyAuditChain } from '#server/ops/audit-log.ts'
import type { OperatorRole } from '#shared/schemas/ops.ts'
import { signUpClient } from '../factories/money.ts'
import { signedInOperator } from '../factories/operators.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import { createTestClient, type TestClient } from '../setup/test-app.ts'

describeMoneyApi('the operations console', (context) => {
  async function operator(role: OperatorRole): Promise<TestClient> {
    return (await signedInOperator(context.app, context.database.db, role)).client
  }

  it('lets each role do exactly what the matrix allows, and nobody else anything', async () => {
    const customer = createTestClient(context.app)
    await signUpClient(customer)
    const anonymous = createTestClient(context.app)
    const support = await operator('support')
    const compliance = await operator('compliance')
    const admin = await operator('admin')
    const calls: [string, (c: TestClient) => Promise<{ status: number }>, OperatorRole[]][] = [
      ['search', (c) => c.get('/api/ops/customers?q=nobody'), ['support', 'compliance']],
      ['disputes', (c) => c.get('/api/ops/disputes'), ['support', 'compliance']],
      ['approvals', (c) => c.get('/api/ops/approvals'), ['compliance']],
      ['payouts', (c) => c.get('/api/ops/payouts'), ['support', 'compliance']],
      ['kyc', (c) => c.get('/api/ops/kyc/reviews'), ['compliance']],
      ['operators', (c) => c.get('/api/ops/operators'), ['admin']],
      ['audit', (c) => c.get('/api/ops/audit'), ['admin']],
    ]
    const clients = { support, compliance, admin }
    for (const [name, call, allowed] of calls) {
      expect((await call(anonymous)).status, `${name} anonymous`).toBe(401)
      expect((await call(customer)).status, `${name} customer`).toBe(401)
      for (const role of ['support', 'compliance', 'admin'] as const) {
        expect((await call(clients[role])).status, `${name} ${role}`).toBe(
          allowed.includes(role) ? 200 : 403,
        )
      }
    }
    // An operator's session is nothing on a customer's routes.
    expect((await admin.get('/api/wallets')).status).toBe(401)
  })

  it('keeps an audit chain that catches an entry changed or removed in the database', async () => {
    await operator('admin')
    expect(await verifyAuditChain(context.database.db)).toBeUndefined()
    // The triggers refuse edits through SQL...
    await expect(
      context.database.db.execute(sql`update audit_log set action = 'nothing' where seq = 1`),
    ).rejects.toThrow()
    // ...so a tamperer must switch them off first, and the chain still tells.
    await context.database.db.execute(sql`alter table audit_log disable trigger user`)
    try {
      await context.database.db.execute(sql`update audit_log set reason = 'edited' where seq = 2`)
      expect(await verifyAuditChain(context.database.db)).toMatchObject({ seq: 2n })
    } finally {
      await context.database.db.execute(sql`alter table audit_log enable trigger user`)
    }
  })
})
