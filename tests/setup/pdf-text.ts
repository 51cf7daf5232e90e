import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

/**
 * A PDF's text as rows of cells, page after page, top to bottom and left to right, read the way
 * a bank's clerk or an embassy's software would: by its text, not by Sabi's own records.
 */
export async function pdfRows(bytes: Uint8Array): Promise<string[][]> {
  const document = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true }).promise
  const rows: string[][] = []
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number)
    const content = await page.getTextContent()
    const byLine = new Map<number, { x: number; text: string }[]>()
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue
      const y = Math.round(item.transform[5] ?? 0)
      const cells = byLine.get(y) ?? []
      cells.push({ x: item.transform[4] ?? 0, text: item.str })
      byLine.set(y, cells)
    }
    for (const y of [...byLine.keys()].sort((a, b) => b - a))
      rows.push((byLine.get(y) ?? []).sort((a, b) => a.x - b.x).map((cell) => cell.text))
  }
  await document.destroy()
  return rows
}
