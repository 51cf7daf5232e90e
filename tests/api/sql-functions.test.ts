import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { MIGRATIONS_FOLDER, readFunctionFiles } from '#server/db/migrate.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../setup/test-database.ts'

/** What a CREATE of a function or trigger names, comments left out. */
const CREATED =
  /CREATE\s+(?:OR\s+REPLACE\s+)?(?:CONSTRAINT\s+)?(FUNCTION|TRIGGER)\s+"?([a-z_]+)"?/gi

function created(text: string): string[] {
  const code = text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n')
  return [...code.matchAll(CREATED)].map((match) => String(match[2]))
}

const functionFiles = readFunctionFiles()
const definedInFiles = functionFiles.flatMap((file) =>
  created(file.sql).map((name) => ({ name, file: file.name })),
)

/**
 * ADR 011: every SQL function and trigger has one current file in db/functions, applied after
 * the migrations on every start, and no migration carries a body.
 */
describe('SQL functions and triggers', () => {
  it('no migration creates a function or a trigger', () => {
    const offenders = readdirSync(MIGRATIONS_FOLDER)
      .filter((name) => name.endsWith('.sql'))
      .flatMap((name) =>
        created(readFileSync(join(MIGRATIONS_FOLDER, name), 'utf8')).map(
          (what) => `${name}: ${what}`,
        ),
      )
    expect(offenders).toEqual([])
  })

  it('each function and trigger is created in one file only', () => {
    const names = definedInFiles.map(({ name }) => name)
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([])
  })

  for (const { kind, skip } of testDatabaseKinds()) {
    describe.skipIf(skip !== undefined)(`on ${kind}`, () => {
      let database: TestDatabase | undefined

      async function definitions() {
        if (!database) throw new Error('no database')
        const functions = await queryRows(
          database.db,
          sql`select p.proname as name, pg_get_functiondef(p.oid) as definition
              from pg_proc p join pg_namespace n on n.oid = p.pronamespace
              where n.nspname = 'public' and p.prokind = 'f'
                and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
              order by 1`,
        )
        const triggers = await queryRows(
          database.db,
          sql`select tgname as name, pg_get_triggerdef(oid) as definition
              from pg_trigger where not tgisinternal order by 1`,
        )
        return [...functions, ...triggers].map((row) => ({
          name: String(row.name),
          definition: String(row.definition),
        }))
      }

      beforeAll(async () => {
        database = await createTestDatabase(kind)
      })
      afterAll(async () => {
        await database?.destroy()
      })

      it('every function and trigger in the database has its file', async () => {
        const inDatabase = (await definitions()).map(({ name }) => name).sort()
        expect(inDatabase).toEqual(definedInFiles.map(({ name }) => name).sort())
      })

      it('applying the files again, as every start does, changes nothing', async () => {
        if (!database) throw new Error('no database')
        const before = await definitions()
        await database.migrate()
        await database.migrate()
        expect(await definitions()).toEqual(before)
      })
    })
  }
})
