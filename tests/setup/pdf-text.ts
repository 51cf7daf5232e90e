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
    const items: { x: number; y: number; text: string }[] = []
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue
      items.push({ x: item.transform[4] ?? 0, y: item.transform[5] ?? 0, text: item.str })
    }
    // One row: cells whose baselines are within 2 pt (a smaller font sits a little lower).
    items.sort((a, b) => b.y - a.y)
    let row: typeof items = []
    for (const item of items) {
      if (row.length > 0 && Math.abs((row[0]?.y ?? 0) - item.y) > 2) {
        rows.push(row.sort((a, b) => a.x - b.x).map((cell) => cell.text))
        row = []
      }
      row.push(item)
    }
    if (row.length > 0) rows.push(row.sort((a, b) => a.x - b.x).map((cell) => cell.text))
  }
  await document.destroy()
  return rows
}
