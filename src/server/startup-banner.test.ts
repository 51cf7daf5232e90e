import { expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import { startupBanner } from './startup-banner.ts'

const server = { url: 'http://localhost:5000' }

it('names the page where sandbox SMS and e-mail are read, at the configured origin', () => {
  const banner = startupBanner(
    loadConfig({ SANDBOX: '1', PORT: '5000', PUBLIC_URL: 'https://try.sabi.example' }),
    server,
  )
  expect(banner).toContain('Mode: SANDBOX')
  expect(banner).toContain(
    'Sandbox messages (SMS and e-mail, codes and links): https://try.sabi.example/sandbox/outbox',
  )
})

it('leaves out of the outbox line what really goes out', () => {
  const banner = startupBanner(
    loadConfig({ SANDBOX: '1', PORT: '5000', SMTP_URL: 'smtp://mail.example:25' }),
    server,
  )
  expect(banner).toContain(
    'Sandbox messages (SMS, codes and links): http://localhost:5000/sandbox/outbox',
  )
})

it('says nothing of an outbox outside sandbox mode', () => {
  const banner = startupBanner(
    loadConfig({ DATABASE_URL: 'postgres://app@db:5432/sabi', SESSION_SECRET: 'x'.repeat(32) }),
    server,
  )
  expect(banner).toContain('Database: PostgreSQL')
  expect(banner).not.toContain('SANDBOX')
  expect(banner).not.toContain('/sandbox/outbox')
})
