import { createRequire } from 'node:module'
import PDFDocument from 'pdfkit'
import QRCode from 'qrcode'
import type { Language } from '#shared/languages.ts'
import { describeLine } from './describe-line.ts'
import type { StatementLine } from './statement-lines.ts'
import { statementTexts } from './statement-texts.ts'

// DejaVu Sans carries ₦, ₵ and Hausa's hooked letters (Ɗ, ƙ, ƴ), which PDF's built-in fonts do
// not (docs/statements.md "Fonts"); it comes from the dejavu-fonts-ttf package.
const require = createRequire(import.meta.url)
const REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')
const BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')

const MARGIN = 40
const PAGE_WIDTH = 595.28
const PAGE_HEIGHT = 841.89
const FOOTER_Y = PAGE_HEIGHT - MARGIN + 10
const BOTTOM = PAGE_HEIGHT - MARGIN - 14
/** The table's columns: x and width, summing to the page between its margins (515 pt). */
const COLUMNS = {
  date: { x: MARGIN, width: 56 },
  description: { x: MARGIN + 56, width: 140 },
  reference: { x: MARGIN + 196, width: 124 },
  debit: { x: MARGIN + 320, width: 63 },
  credit: { x: MARGIN + 383, width: 63 },
  balance: { x: MARGIN + 446, width: 69 },
} as const
const ROW_FONT = 7.5
/** References in a size that keeps the widest of them on one line, whole (they are copied). */
const REFERENCE_FONT = 7
const CELL_PADDING = 3

export type StatementHeader = {
  code: string
  verifyUrl: string
  holderName: string
  currency: string
  periodFrom: string
  periodTo: string
  issuedAt: string
  opening: string
  closing: string
  totalIn: string
  totalOut: string
  count: number
}

export type StatementFigures = {
  /** An amount of the statement's currency as the language writes it, with its symbol. */
  money(minor: bigint): string
  /** A journal's time as printed: Lagos day and time. */
  time(at: Date): string
}

/** "ABCD-EFGH-JKLM": the code as printed and typed. */
export function printedCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8, 12)}`
}

function drawQr(doc: PDFKit.PDFDocument, url: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' })
  const cell = size / modules.size
  doc.save().fillColor('#000000')
  for (let row = 0; row < modules.size; row++)
    for (let column = 0; column < modules.size; column++)
      if (modules.get(row, column)) doc.rect(x + column * cell, y + row * cell, cell, cell).fill()
  doc.restore()
}

/**
 * Writes a statement of account as a PDF onto `out` (docs/statements.md): the holder, wallet,
 * period, opening and closing balance and totals, then every line with its date, description,
 * reference, debit, credit and running balance, page after page, each page with the
 * verification code; the first with a QR code to the public check. Lines arrive a page of the
 * database at a time and are written as they come: nothing holds the whole statement.
 */
export async function writeStatementPdf(
  out: NodeJS.WritableStream,
  header: StatementHeader,
  lines: AsyncIterable<StatementLine[]>,
  openingMinor: bigint,
  figures: StatementFigures,
  language: Language,
): Promise<void> {
  const t = statementTexts(language)
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // PDFKit otherwise keeps the layout of every word it has set, and a statement's words (its
    // references and amounts) are nearly all different: memory would grow with every line.
    fontLayoutCache: false,
    info: { Title: `${t('title')} ${printedCode(header.code)}`, Author: 'Sabi', Creator: 'Sabi' },
  })
  const done = new Promise<void>((resolve, reject) => {
    out.on('finish', () => resolve())
    out.on('error', reject)
    doc.on('error', reject)
  })
  doc.pipe(out)
  doc.registerFont('regular', REGULAR)
  doc.registerFont('bold', BOLD)
  let page = 1
  const footer = () => {
    // Below the bottom margin, where PDFKit would otherwise start a new page for it.
    const bottom = doc.page.margins.bottom
    doc.page.margins.bottom = 0
    doc
      .font('regular')
      .fontSize(7)
      .fillColor('#555555')
      .text(
        `${t('verificationCode', { code: printedCode(header.code) })}   ·   ${t('page', { page: String(page) })}`,
        MARGIN,
        FOOTER_Y,
        { width: PAGE_WIDTH - 2 * MARGIN, align: 'center', lineBreak: false },
      )
      .fillColor('#000000')
    doc.page.margins.bottom = bottom
  }

  // The first page's heading: who, which wallet, when, and the figures of the period.
  doc.font('bold').fontSize(18).fillColor('#0f766e').text('Sabi', MARGIN, MARGIN)
  doc
    .font('bold')
    .fontSize(14)
    .fillColor('#000000')
    .text(t('title'), MARGIN, MARGIN + 24)
  const qrSize = 84
  drawQr(doc, header.verifyUrl, PAGE_WIDTH - MARGIN - qrSize, MARGIN, qrSize)
  const facts: [string, string][] = [
    [t('accountHolder'), header.holderName],
    [t('wallet'), header.currency],
    [t('period'), t('periodRange', { from: header.periodFrom, to: header.periodTo })],
    [t('issued'), header.issuedAt],
  ]
  let y = MARGIN + 50
  for (const [label, value] of facts) {
    doc.font('regular').fontSize(9).fillColor('#555555').text(label, MARGIN, y, { width: 110 })
    doc
      .font('bold')
      .fontSize(9)
      .fillColor('#000000')
      .text(value, MARGIN + 110, y, { width: 250 })
    y += 14
  }
  const figuresRows: [string, string][] = [
    [t('openingBalance'), header.opening],
    [t('totalIn'), header.totalIn],
    [t('totalOut'), header.totalOut],
    [t('closingBalance'), header.closing],
    [t('transactionCount'), String(header.count)],
  ]
  y += 6
  for (const [label, value] of figuresRows) {
    doc.font('regular').fontSize(9).text(label, MARGIN, y, { width: 110 })
    doc
      .font('bold')
      .fontSize(9)
      .text(value, MARGIN + 110, y, { width: 250 })
    y += 14
  }
  y += 4
  doc
    .font('bold')
    .fontSize(9)
    .text(t('verificationCode', { code: printedCode(header.code) }), MARGIN, y)
  y += 13
  doc
    .font('regular')
    .fontSize(8)
    .fillColor('#555555')
    .text(t('verifyAt', { url: header.verifyUrl }), MARGIN, y, {
      width: PAGE_WIDTH - 2 * MARGIN,
    })
  y += 12
  doc.text(t('timesNote'), MARGIN, y)
  doc.fillColor('#000000')
  y += 18
  footer()

  const tableHeading = () => {
    doc.font('bold').fontSize(ROW_FONT)
    const cells: [keyof typeof COLUMNS, string, 'left' | 'right'][] = [
      ['date', t('date'), 'left'],
      ['description', t('description'), 'left'],
      ['reference', t('reference'), 'left'],
      ['debit', t('debit'), 'right'],
      ['credit', t('credit'), 'right'],
      ['balance', t('balance'), 'right'],
    ]
    let height = 0
    for (const [column, label, align] of cells) {
      const { x, width } = COLUMNS[column]
      const options = { width: width - 2 * CELL_PADDING, align }
      doc.text(label, x + CELL_PADDING, y, options)
      // A heading may take two lines in a longer language ("Kwanan wata").
      height = Math.max(height, doc.heightOfString(label, options))
    }
    y += height + 3
    doc
      .moveTo(MARGIN, y - 2)
      .lineTo(PAGE_WIDTH - MARGIN, y - 2)
      .lineWidth(0.5)
      .stroke('#999999')
  }
  tableHeading()

  let running = openingMinor
  let any = false
  for await (const batch of lines) {
    for (const line of batch) {
      any = true
      running += line.deltaMinor
      const description = describeLine(line.journal, line.payout, language, line.deltaMinor > 0n)
      doc.font('regular').fontSize(ROW_FONT)
      const time = figures.time(line.journal.createdAt)
      const height =
        Math.max(
          doc.heightOfString(description, { width: COLUMNS.description.width - 2 * CELL_PADDING }),
          doc.heightOfString(time, { width: COLUMNS.date.width - 2 * CELL_PADDING }),
          10,
        ) + 3
      if (y + height > BOTTOM) {
        doc.addPage()
        page += 1
        y = MARGIN
        footer()
        tableHeading()
        doc.font('regular').fontSize(ROW_FONT)
      }
      const cell = (
        column: keyof typeof COLUMNS,
        text: string,
        align: 'left' | 'right' = 'left',
      ) => {
        const { x, width } = COLUMNS[column]
        doc.text(text, x + CELL_PADDING, y, {
          width: width - 2 * CELL_PADDING,
          align,
          // A reference or an amount is never broken across lines; a description wraps.
          lineBreak: column === 'description' || column === 'date',
        })
      }
      cell('date', time)
      cell('description', description)
      doc.fontSize(REFERENCE_FONT)
      cell('reference', line.journal.reference)
      doc.fontSize(ROW_FONT)
      cell('debit', line.deltaMinor < 0n ? figures.money(-line.deltaMinor) : '', 'right')
      cell('credit', line.deltaMinor > 0n ? figures.money(line.deltaMinor) : '', 'right')
      cell('balance', figures.money(running), 'right')
      y += height
    }
  }
  if (!any)
    doc
      .font('regular')
      .fontSize(9)
      .text(t('noTransactions'), MARGIN, y + 4)
  doc.end()
  await done
}
