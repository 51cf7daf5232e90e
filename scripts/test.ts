import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { relative } from 'node:path'
import { z } from 'zod'
import { runCommand } from './run-command.ts'
import { runEndToEnd } from './test-e2e.ts'

/**
 * `npm test`: every suite, then one closing line with the totals. Unit and API tests run on
 * embedded PGlite always and on PostgreSQL when TEST_DATABASE_URL is set; the end-to-end
 * suite runs in Chromium when it is installed. A suite that cannot run says so and why.
 */
const reportDir = '.tmp/test-reports'
rmSync(reportDir, { recursive: true, force: true })
mkdirSync(reportDir, { recursive: true })

const vitestReport = `${reportDir}/vitest.json`
const playwrightReport = `${reportDir}/playwright.json`
const skippedSuites: string[] = []

if (!process.env.TEST_DATABASE_URL) {
  skippedSuites.push('API on PostgreSQL: TEST_DATABASE_URL is not set (CI sets it)')
}

const vitestCode = await runCommand('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
])
const e2e = await runEndToEnd([], playwrightReport)
if (e2e.skipped) skippedSuites.push(`end-to-end: ${e2e.skipped}`)

const vitestSchema = z.object({
  numPassedTests: z.number(),
  numFailedTests: z.number(),
  numPendingTests: z.number(),
  numTodoTests: z.number(),
  testResults: z
    .array(
      z.object({
        name: z.string(),
        assertionResults: z.array(z.object({ status: z.string(), fullName: z.string() })),
      }),
    )
    .default([]),
})
const playwrightSchema = z.object({
  stats: z.object({
    expected: z.number(),
    unexpected: z.number(),
    flaky: z.number(),
    skipped: z.number(),
  }),
})

function readJson(path: string): unknown {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined
}

let passed = 0
let failed = 0
let skipped = 0
const vitest = vitestSchema.safeParse(readJson(vitestReport))
if (vitest.success) {
  passed += vitest.data.numPassedTests
  failed += vitest.data.numFailedTests
  skipped += vitest.data.numPendingTests + vitest.data.numTodoTests
} else if (vitestCode !== 0) {
  failed += 1
}
const playwright = playwrightSchema.safeParse(readJson(playwrightReport))
if (playwright.success) {
  passed += playwright.data.stats.expected
  failed += playwright.data.stats.unexpected + playwright.data.stats.flaky
  skipped += playwright.data.stats.skipped
} else if (e2e.code !== 0) {
  failed += 1
}

// Vitest's failures scroll away behind the end-to-end run's output: named again here, next to
// the totals, so the tail of a CI log says which test failed.
if (vitest.success) {
  for (const file of vitest.data.testResults) {
    for (const test of file.assertionResults) {
      if (test.status === 'failed') {
        console.log(`FAILED (vitest): ${relative(process.cwd(), file.name)} > ${test.fullName}`)
      }
    }
  }
}
for (const suite of skippedSuites) console.log(`SKIPPED suite: ${suite}`)
const failedRun = vitestCode !== 0 || e2e.code !== 0 || failed > 0
if (failedRun && failed === 0) failed = 1
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(failedRun ? 1 : 0)
