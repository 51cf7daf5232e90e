import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listDirectoryBanks, refreshBankDirectory } from '#server/banks/bank-directory.ts'
import type { BankProvider, DirectoryBank } from '#server/providers/bank-provider.ts'
import { AppError } from '#shared/errors.ts'
import { createTestDatabase, type TestDatabase } from '../setup/test-database.ts'

const OPAY: DirectoryBank = {
  country: 'NG',
  code: '999992',
  name: 'OPay',
  currency: 'NGN',
  type: 'nuban',
  nameEnquiry: true,
}

/** A bank provider whose directory answers what the test says, counting the asks. */
function providerAnswering(name: string, answer: () => Promise<DirectoryBank[]>) {
  let asked = 0
  const provider: BankProvider = {
    name,
    listBanks: () => {
      asked += 1
      return answer()
    },
    resolveAccount: async () => ({ status: 'unchecked' }),
    submit: async () => ({ providerReference: 'unused' }),
    status: async () => ({ status: 'pending' }),
  }
  return { provider, asked: () => asked }
}

describe('the bank directory', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase('pglite')
  })
  afterAll(async () => {
    await database?.destroy()
  })

  it('a provider that cannot be reached for the first fill is a 503, asked again at most once a minute', async () => {
    const down = providerAnswering('down-bank', () => Promise.reject(new Error('unreachable')))
    for (let i = 0; i < 5; i++) {
      const refused = await listDirectoryBanks(database.db, down.provider).catch((e) => e)
      expect(refused).toBeInstanceOf(AppError)
      expect(refused).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' })
    }
    expect(down.asked()).toBe(1)
  })

  it('keeps a bank the provider stops listing, inactive, and never empties on an empty answer', async () => {
    let listed = [OPAY, { ...OPAY, code: '50515', name: 'Moniepoint MFB' }]
    const bank = providerAnswering('some-bank', async () => listed)
    expect((await listDirectoryBanks(database.db, bank.provider)).map((b) => b.name)).toEqual([
      'OPay',
      'Moniepoint MFB',
    ])
    listed = [OPAY]
    await refreshBankDirectory(database.db, bank.provider)
    expect((await listDirectoryBanks(database.db, bank.provider)).map((b) => b.name)).toEqual([
      'OPay',
    ])
    listed = []
    expect(await refreshBankDirectory(database.db, bank.provider)).toBe(0)
    expect(await listDirectoryBanks(database.db, bank.provider)).toHaveLength(1)
  })
})
