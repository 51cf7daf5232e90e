import { readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { pdfRows } from '../setup/pdf-text.ts'
import { catalog } from './catalogs.ts'
import { addFundsByApi, expect, expectNoHorizontalOverflow, test } from './fixtures.ts'

/**
 * A statement of account downloaded and then checked as a bank or an embassy would
 * (docs/statements.md): the PDF from the history page, its code and QR link, the public check
 * without signing in, and the PDF itself compared on the reader's device: the one Sabi issued
 * matches, a changed copy does not.
 */

const SHOTS = process.env.E2E_SCREENSHOTS

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

test('a PDF statement is downloaded from the history, and anyone can check it and the file', async ({
  page,
  browser,
  baseURL,
  signUp,
}) => {
  await signUp({ firstName: 'Adaeze', lastName: 'Okafor' })
  await addFundsByApi(page, 'NGN', '12345.67')

  await page.goto('/transactions')
  await page.getByRole('button', { name: 'Statement' }).click()
  const dialog = page.getByRole('dialog', { name: 'Download a statement' })
  await expect(dialog.getByRole('radio', { name: /PDF/ })).toBeChecked()
  await expectNoHorizontalOverflow(page)
  await shoot(page, `statement-dialog-${page.viewportSize()?.width}`)
  const downloading = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Download' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(
    /^sabi-statement-NGN-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.pdf$/,
  )
  const file = join(tmpdir(), `sabi-e2e-${Date.now()}.pdf`)
  await download.saveAs(file)
  const bytes = await readFile(file)
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
  // The code is printed with the link the QR code holds, as its reader would find it.
  const text = (await pdfRows(bytes)).map((row) => row.join(' ')).join('\n')
  expect(text).toContain('Verification code:')
  const code = /verify\/statement\/([A-Z2-9]{12})/.exec(text)?.[1]
  expect(code).toBeDefined()

  // A stranger: no session, the page the QR code opens.
  const stranger = await browser.newContext({ baseURL, viewport: page.viewportSize() })
  const reader = await stranger.newPage()
  await reader.goto(`/verify/statement/${code}`)
  const verified = reader.getByTestId('verified-statement')
  await expect(verified).toContainText('Issued by Sabi')
  await expect(verified).toContainText('A**** O****')
  await expect(verified).toContainText('₦12,345.67')
  await expect(verified).not.toContainText('Adaeze')
  await reader.getByLabel('Check the PDF you were given').setInputFiles(file)
  await expect(reader.getByTestId('statement-file-matches')).toBeVisible()
  await expectNoHorizontalOverflow(reader)
  await shoot(reader, `statement-verify-${page.viewportSize()?.width}`)

  // One changed byte (12,345 becomes 92,345 somewhere in the text) and it no longer matches.
  const changed = Buffer.from(bytes)
  changed[Math.floor(changed.length / 2)] = (changed[Math.floor(changed.length / 2)] ?? 0) ^ 0xff
  const forged = join(tmpdir(), `sabi-e2e-forged-${Date.now()}.pdf`)
  await writeFile(forged, changed)
  await reader.getByLabel('Check the PDF you were given').setInputFiles(forged)
  await expect(reader.getByTestId('statement-file-differs')).toBeVisible()

  await reader.goto('/verify/statement/AAAA-BBBB-CCCC')
  await expect(reader.getByTestId('statement-not-found')).toBeVisible()
  await stranger.close()
})

test.describe('in Hausa on a 360 px phone', () => {
  test.use({ locale: 'ha-NG', viewport: { width: 360, height: 740 } })

  test('the statement dialog and the public check read whole, in Hausa, with a long amount', async ({
    page,
    browser,
    baseURL,
    signUp,
  }) => {
    const texts = await catalog('ha', 'statements')
    await signUp()
    await addFundsByApi(page, 'NGN', '987654.32')
    await page.goto('/transactions')
    await page.getByRole('button', { name: texts.statement }).click()
    const dialog = page.getByRole('dialog', { name: texts.title })
    await expect(dialog.getByRole('button', { name: texts.download })).toBeEnabled()
    await expectNoHorizontalOverflow(page)
    await shoot(page, 'statement-dialog-ha-360')
    const downloading = page.waitForEvent('download')
    await dialog.getByRole('button', { name: texts.download }).click()
    const file = join(tmpdir(), `sabi-e2e-ha-${Date.now()}.pdf`)
    await (await downloading).saveAs(file)
    const text = (await pdfRows(await readFile(file))).map((row) => row.join(' ')).join('\n')
    expect(text).toContain('Bayanin asusu')
    const code = /verify\/statement\/([A-Z2-9]{12})/.exec(text)?.[1]

    const stranger = await browser.newContext({
      baseURL,
      viewport: page.viewportSize(),
      locale: 'ha-NG',
    })
    const reader = await stranger.newPage()
    await reader.goto(`/verify/statement/${code}`)
    await expect(reader.getByRole('heading', { name: texts.verifyTitle, level: 1 })).toBeVisible()
    await expect(reader.getByTestId('verified-statement')).toContainText('₦987,654.32')
    await expectNoHorizontalOverflow(reader)
    await shoot(reader, 'statement-verify-ha-360')
    await stranger.close()
  })
})
