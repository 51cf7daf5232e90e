import { rm } from 'node:fs/promises'

// The app as `npm start` runs it, on a fresh embedded database in sandbox mode, so every
// end-to-end run starts from the same seeded state. The client must already be built.
const dataDir = `.tmp/e2e-data-${process.env.E2E_PORT ?? '5399'}`
await rm(dataDir, { recursive: true, force: true })
process.env.DATA_DIR = dataDir
process.env.PORT = process.env.E2E_PORT ?? '5399'
process.env.HOST = '127.0.0.1'
process.env.SANDBOX = '1'
process.env.LOG_LEVEL = 'warn'
// Every test signs up its own users from this one address; the limit itself has API tests.
process.env.SIGNUP_RATE_LIMIT_PER_15_MINUTES = '100000'
process.env.MONEY_RATE_LIMIT_PER_MINUTE = '100000'
// Reset links too: several suites ask for them, and the limit has its own API test.
process.env.RECOVERY_RATE_LIMIT_PER_15_MINUTES = '100000'
// Every browser in the suite is 127.0.0.1: wrong passwords in one test must not lock out the next.
process.env.LOGIN_FAILURES_PER_ADDRESS = '100000'
await import('#server/main.ts')
