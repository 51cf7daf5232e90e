import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import { databaseTargetOf } from './start-server.ts'

const secret = 'x'.repeat(32)

describe('the database a server opens', () => {
  it('listens on DATABASE_LISTEN_URL when one is given, as behind a transaction pooler', () => {
    const pooled = loadConfig({
      DATABASE_URL: 'postgres://app@pgbouncer:6432/sabi',
      DATABASE_LISTEN_URL: 'postgres://app@db:5432/sabi',
      SESSION_SECRET: secret,
    })
    expect(databaseTargetOf(pooled)).toEqual({
      kind: 'postgres',
      url: 'postgres://app@pgbouncer:6432/sabi',
      listenUrl: 'postgres://app@db:5432/sabi',
    })
    const direct = loadConfig({
      DATABASE_URL: 'postgres://app@db:5432/sabi',
      SESSION_SECRET: secret,
    })
    expect(databaseTargetOf(direct)).toEqual({
      kind: 'postgres',
      url: 'postgres://app@db:5432/sabi',
    })
  })

  it('refuses a DATABASE_LISTEN_URL without DATABASE_URL, rather than ignoring it', () => {
    expect(() => loadConfig({ DATABASE_LISTEN_URL: 'postgres://app@db:5432/sabi' })).toThrow(
      /DATABASE_LISTEN_URL needs DATABASE_URL/,
    )
  })

  it('refuses a DATABASE_LISTEN_URL that is not a PostgreSQL URL', () => {
    expect(() =>
      loadConfig({
        DATABASE_URL: 'postgres://app@db:5432/sabi',
        DATABASE_LISTEN_URL: 'mysql://app@db/sabi',
        SESSION_SECRET: secret,
      }),
    ).toThrow(/DATABASE_LISTEN_URL must be a postgres:\/\/ URL/)
  })
})
