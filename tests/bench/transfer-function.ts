import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { z } from 'zod'
import { newJournalReference } from '#server/ledger/journal-reference.ts'
import { lagosDay } from '#server/limits/lagos-day.ts'
import { createSandboxFundingProvider } from '#server/providers/sandbox-funding.ts'
import { referencePriceBook } from '#server/reference/usd-prices.ts'
import { addFunds } from '#server/wallets/add-funds.ts'
import { listWallets } from '#server/wallets/list-wallets.ts'
import { ASSET_EXPONENTS } from '#shared/money.ts'
import { signUpAtTier } from '../factories/users.ts'
import { createTestDatabase } from '../setup/test-database.ts'
import { floorVariants } from './transfer-floor-variants.ts'

/**
 * `npx tsx tests/bench/transfer-function.ts [variants.json | --floor]` (docs/performance.md
 * "What limits it now"): PostgreSQL's own cost of a user-to-user transfer, without HTTP or Node: batches of 32
 * random transfers among 100 funded users, posted by `sabi_post_user_transfers` on one
 * connection, in microseconds per transfer. With a JSON file of named lists of SQL statements
 * (say, a function replaced by a copy without one of its parts), each list is applied in turn
 * and measured, three rounds, so variants are compared within one run on a noisy machine.
 * `--floor` measures the batch posted together against copies without the rows a guarantee
 * needs (transfer-floor-variants.ts), for what the ledger's writes cost by themselves.
 * BENCH_BATCH sets the batch size (32). Needs TEST_DATABASE_URL.
 */
/** A variants file: each name a list of SQL statements to run before measuring it. */
const variantsFileSchema = z.record(z.string(), z.array(z.string()))
const BATCH = Number(process.env.BENCH_BATCH ?? 32)
const BATCHES_PER_MEASURE = 40

const database = await createTestDatabase('postgres')
const url = database.target.kind === 'postgres' ? database.target.url : ''
const people: { id: string; wallet: string }[] = []
for (let i = 0; i < 100; i++) {
  const user = await signUpAtTier(database.db)
  const ngn = (await listWallets(database.db, user.id)).find((w) => w.currency.code === 'NGN')
  if (!ngn) throw new Error('no NGN wallet')
  await database.db.transaction((tx) =>
    addFunds(
      tx,
      user.id,
      { walletId: ngn.id, amount: '100000.00', method: 'card' },
      createSandboxFundingProvider(),
    ),
  )
  people.push({ id: user.id, wallet: ngn.id })
}
const constants = {
  referencePrices: Object.fromEntries(
    [...referencePriceBook()].map(([asset, price]) => [asset, price.toString()]),
  ),
  exponents: ASSET_EXPONENTS,
}

function anyone(): { id: string; wallet: string } {
  const person = people[Math.floor(Math.random() * people.length)]
  if (!person) throw new Error('nobody')
  return person
}

function batch(): string {
  const day = lagosDay(new Date())
  const items = Array.from({ length: BATCH }, () => {
    const from = anyone()
    let to = anyone()
    while (to === from) to = anyone()
    return {
      userId: from.id,
      key: randomUUID(),
      requestHash: 'f'.repeat(64),
      fromWalletId: from.wallet,
      recipientUserId: to.id,
      asset: 'NGN',
      amountMinor: '100',
      amountText: '1.00',
      feeText: '0.00',
      symbol: '₦',
      description: null,
      reference: newJournalReference(),
      day,
    }
  })
  return JSON.stringify({ ...constants, items })
}

const client = new pg.Client({ connectionString: url })
await client.connect()
async function measure(): Promise<number> {
  const started = performance.now()
  for (let i = 0; i < BATCHES_PER_MEASURE; i++) {
    await client.query('select sabi_post_user_transfers($1::jsonb)', [batch()])
  }
  return Math.round(((performance.now() - started) / BATCHES_PER_MEASURE / BATCH) * 1000)
}

async function definitionOf(name: string): Promise<string> {
  const result = await client.query('select pg_get_functiondef($1::regproc) as definition', [name])
  const definition: unknown = result.rows[0]?.definition
  if (typeof definition !== 'string') throw new Error(`no function ${name}`)
  return definition
}

try {
  const file = process.argv[2]
  const variants: Record<string, string[]> =
    file === '--floor'
      ? floorVariants(await definitionOf('sabi_post_transfers_together'))
      : file
        ? variantsFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
        : { 'as migrated': [] }
  const figures: Record<string, number[]> = {}
  for (let round = 0; round < 3; round++) {
    for (const [name, statements] of Object.entries(variants)) {
      for (const statement of statements) await client.query(statement)
      const list = figures[name] ?? []
      list.push(await measure())
      figures[name] = list
    }
  }
  for (const [name, list] of Object.entries(figures)) {
    console.log(`${name.padEnd(24)} ${list.join(', ')} µs per transfer`)
  }
} finally {
  await client.end()
  await database.destroy()
}
