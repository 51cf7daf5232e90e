import { expect, it } from 'vitest'
import { sandboxProviders } from '#server/providers/providers.ts'
import { createSandboxFundingProvider } from '#server/providers/sandbox-funding.ts'
import { msg } from '#shared/errors.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import { addFunds, moneyPost, signUpClient, walletIn } from '../factories/money.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import { createTestApp, createTestClient } from '../setup/test-app.ts'

/**
 * Issue 32: card money was charged before the limit check, so a top-up over the balance cap
 * kept its charge and its retry charged again. Money is never collected, nor a card authorized,
 * before the limits pass; a refused payment charges nothing, however often it is retried.
 */
describeMoneyApi('money is collected only after its limits pass', (context) => {
  it('a top-up or a POS sale over the balance cap charges no card, however often it is retried', async () => {
    const sandbox = sandboxProviders()
    const charges: string[] = []
    const authorizations: string[] = []
    const app = await createTestApp(
      context.database,
      {},
      {
        providers: {
          ...sandbox,
          funding: {
            ...createSandboxFundingProvider(),
            name: 'recording',
            async collect(input) {
              charges.push(input.reference)
              return { approved: true }
            },
          },
          cardAcquirer: {
            name: 'recording',
            async authorize(input) {
              authorizations.push(input.saleId)
              return { approved: true, authorizationCode: 'A1B2C3' }
            },
          },
        },
      },
    )
    try {
      const client = createTestClient(app)
      await signUpClient(client, {}, { tier: 1 })
      const ngn = await walletIn(client, 'NGN')
      await addFunds(client, ngn.id, '290000.00')
      expect(charges).toHaveLength(1)

      // Tier 1 holds at most ₦300,000.00 (docs/limits.md).
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const refused = await moneyPost(client, '/api/add-funds', {
          walletId: ngn.id,
          amount: '20000.00',
          method: 'card',
        })
        expect(refused.status, refused.text).toBe(403)
        expect(apiErrorSchema.parse(refused.body).code).toBe('LIMIT_EXCEEDED')
      }
      expect(charges).toHaveLength(1)

      for (let attempt = 0; attempt < 2; attempt += 1) {
        const sale = await moneyPost(client, '/api/pos/sale', {
          walletId: ngn.id,
          amount: '20000.00',
          paymentMethod: 'card',
        })
        expect(sale.status, sale.text).toBe(403)
      }
      expect(authorizations).toHaveLength(0)
      expect((await walletIn(client, 'NGN')).balance).toBe('290000.00')
    } finally {
      await app.close()
    }
  })

  it('a declined charge posts nothing', async () => {
    const app = await createTestApp(
      context.database,
      {},
      {
        providers: {
          ...sandboxProviders(),
          funding: {
            ...createSandboxFundingProvider(),
            name: 'declining',
            async collect() {
              return { approved: false, reason: msg('cardDeclinedIssuer') }
            },
          },
        },
      },
    )
    try {
      const client = createTestClient(app)
      await signUpClient(client, {}, { tier: 3 })
      const ngn = await walletIn(client, 'NGN')
      const declined = await moneyPost(client, '/api/add-funds', {
        walletId: ngn.id,
        amount: '5000.00',
        method: 'card',
      })
      expect(declined.status, declined.text).toBe(402)
      expect((await walletIn(client, 'NGN')).balance).toBe('0.00')
      const history = await client.get('/api/transactions')
      expect(JSON.stringify(history.body)).not.toContain('add_funds')
    } finally {
      await app.close()
    }
  })
})
