/**
 * Makes the app's icons from the one logo component, so the favicon, the install icons and the
 * mark on every page can never drift apart. Run it after changing `LogoMark`, then commit what
 * it writes to public/:
 *
 *   npx tsx scripts/make-icons.ts
 *
 * - favicon.svg: the mark as a standalone SVG file.
 * - pwa-192.png: the mark with its rounded corners on transparency, for browser UI.
 * - pwa-512.png: full-bleed (the corners filled with the mark's green) because the manifest
 *   also lists it as the maskable icon, which Android crops to its own shape; the S sits well
 *   inside the maskable safe zone (the central circle of 80% of the width).
 * - apple-touch-icon.png (180x180): full-bleed as well, since iOS rounds the corners itself and
 *   would show transparent corners as black.
 *
 * The PNGs are screenshots of an element sized exactly, taken in Debian's Chromium at a device
 * scale factor of 1 (never a downloaded browser).
 */
import { readFile, writeFile } from 'node:fs/promises'
import { chromium } from '@playwright/test'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { LogoMark } from '#client/components/logo.tsx'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config.ts'

const PUBLIC_DIR = 'public'
const MARK_GREEN = '#047857'

type PngIcon = { file: string; size: number; fullBleed: boolean }

const PNG_ICONS: PngIcon[] = [
  { file: 'pwa-192.png', size: 192, fullBleed: false },
  { file: 'pwa-512.png', size: 512, fullBleed: true },
  { file: 'apple-touch-icon.png', size: 180, fullBleed: true },
]

/** The component's markup as a file a browser can load on its own. */
function standaloneSvg(): string {
  const markup = renderToStaticMarkup(createElement(LogoMark))
  return `${markup
    .replace(/ class="[^"]*"/, '')
    .replace(/ aria-hidden="true"/, '')
    .replace('<svg ', '<svg xmlns="http://www.w3.org/2000/svg" ')}\n`
}

/** Width and height from a PNG's IHDR chunk, to prove each file has the size it claims. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

const svg = standaloneSvg()
await writeFile(`${PUBLIC_DIR}/favicon.svg`, svg)
console.log(`wrote ${PUBLIC_DIR}/favicon.svg`)

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
try {
  const page = await browser.newPage({
    viewport: { width: 600, height: 600 },
    deviceScaleFactor: 1,
  })
  for (const icon of PNG_ICONS) {
    const background = icon.fullBleed ? MARK_GREEN : 'transparent'
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">
        <div id="icon" style="width:${icon.size}px;height:${icon.size}px;background:${background}">
          ${svg.replace('<svg ', '<svg width="100%" height="100%" style="display:block" ')}
        </div>
      </body></html>`,
    )
    const path = `${PUBLIC_DIR}/${icon.file}`
    await page.locator('#icon').screenshot({ path, omitBackground: !icon.fullBleed })
    const { width, height } = pngSize(await readFile(path))
    if (width !== icon.size || height !== icon.size) {
      throw new Error(`${path} is ${width}x${height}, expected ${icon.size}x${icon.size}`)
    }
    console.log(`wrote ${path} (${width}x${height})`)
  }
} finally {
  await browser.close()
}
