/**
 * The receipt as a PNG, for the share sheet or a download (docs/receipts.md): the same lines
 * the screen shows, drawn on a plain card so a screenshot-sized image reads on any phone.
 */
const WIDTH = 720
const PADDING = 48
const LINE = 40

export type ReceiptImageContent = {
  title: string
  amount: string
  status: string
  lines: readonly { label: string; value: string }[]
  footer: string
}

/** Breaks a value into lines that fit `maxWidth`, so a long name never runs off the card. */
function wrap(context: CanvasRenderingContext2D, text: string, maxWidth: number): string[] {
  const words = text.split(' ')
  const lines: string[] = []
  let current = ''
  for (const word of words) {
    const next = current ? `${current} ${word}` : word
    if (context.measureText(next).width <= maxWidth || !current) current = next
    else {
      lines.push(current)
      current = word
    }
  }
  if (current) lines.push(current)
  return lines
}

export async function renderReceiptImage(content: ReceiptImageContent): Promise<Blob | null> {
  const canvas = document.createElement('canvas')
  const measure = canvas.getContext('2d')
  if (!measure) return null
  const font = (weight: number, size: number) =>
    `${weight} ${size}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`
  const valueWidth = WIDTH / 2 - PADDING
  measure.font = font(500, 24)
  const rows = content.lines.map((line) => ({
    label: line.label,
    values: wrap(measure, line.value, valueWidth),
  }))
  measure.font = font(400, 20)
  const footer = wrap(measure, content.footer, WIDTH - PADDING * 2)
  const height =
    PADDING * 2 +
    160 +
    rows.reduce((sum, row) => sum + row.values.length * LINE + 12, 0) +
    footer.length * 30 +
    24
  canvas.width = WIDTH
  canvas.height = height
  const context = canvas.getContext('2d')
  if (!context) return null
  context.fillStyle = '#ffffff'
  context.fillRect(0, 0, WIDTH, height)
  context.fillStyle = '#047857'
  context.fillRect(0, 0, WIDTH, 12)
  let y = PADDING + 20
  context.fillStyle = '#047857'
  context.font = font(700, 30)
  context.fillText(content.title, PADDING, y)
  y += 64
  context.fillStyle = '#0f172a'
  context.font = font(800, 44)
  context.fillText(content.amount, PADDING, y, WIDTH - PADDING * 2)
  y += 44
  context.fillStyle = '#475569'
  context.font = font(600, 24)
  context.fillText(content.status, PADDING, y)
  y += 32
  context.strokeStyle = '#e2e8f0'
  context.beginPath()
  context.moveTo(PADDING, y)
  context.lineTo(WIDTH - PADDING, y)
  context.stroke()
  y += LINE
  for (const row of rows) {
    context.fillStyle = '#64748b'
    context.font = font(400, 22)
    context.textAlign = 'left'
    context.fillText(row.label, PADDING, y)
    context.fillStyle = '#0f172a'
    context.font = font(500, 24)
    context.textAlign = 'right'
    for (const value of row.values) {
      context.fillText(value, WIDTH - PADDING, y)
      y += LINE
    }
    y += 12
  }
  context.textAlign = 'left'
  context.fillStyle = '#475569'
  context.font = font(400, 20)
  for (const line of footer) {
    context.fillText(line, PADDING, y)
    y += 30
  }
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'))
}
