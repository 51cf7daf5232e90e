import type { Locator, Page } from '@playwright/test'
import { LANGUAGES } from '#shared/languages.ts'
import { expect, test } from './fixtures.ts'
import { LONG_NAME } from './history-helpers.ts'
import { openScreen, userWithEveryScreen } from './signed-in-screens.ts'

/**
 * The narrowest phone Sabi is laid out for (docs/screens.md "Display rules"): on every
 * signed-in screen, in every language, each amount sits whole on one line, never split across
 * lines, cut by an ellipsis or pushed past the screen's edge.
 */

const NARROW = { width: 360, height: 740 }

/** Where an amount is not whole, or a word is broken, for the failure message. */
type AmountProblem = { text: string; problem: string }

/**
 * Every amount on the page that is split across lines or clipped, and every word broken in its
 * middle. Amounts are found two ways:
 * elements marked as amounts (the `amount` utility of styles.css) and, anywhere in the page's
 * text, a number with decimals and the currency symbol or code beside it, so an amount written
 * into a sentence or an element nobody marked is checked too.
 */
function scanAmounts(): AmountProblem[] {
  const SYMBOL = '(?:[A-Z]{2,4}|KSh|GH₵|US\\$|[₦$€£₵¥₹R])'
  const GAP = '[ \\u00a0\\u202f]?'
  const NUMBER = '\\d[\\d,.\\u00a0\\u202f]*[.,]\\d{2,8}'
  const AMOUNT = new RegExp(
    `[-+−]?(?:${SYMBOL}${GAP})?[-+−]?${NUMBER}(?:${GAP}${SYMBOL}(?![\\w]))?`,
    'gu',
  )
  const WORD = /\p{L}{3,}/gu
  const problems: AmountProblem[] = []

  /** Whether an element or an ancestor hides it from the eye (screen-reader-only text). */
  function visuallyHidden(element: Element): boolean {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node)
      if (style.clip !== 'auto' && style.clip !== '') return true
      if (style.clipPath !== 'none') return true
    }
    return !element.checkVisibility({ visibilityProperty: true, opacityProperty: true })
  }

  /** How many lines the rectangles of one piece of text take. */
  function lineCount(rects: DOMRect[]): number {
    const lines: DOMRect[] = []
    for (const rect of rects) {
      if (rect.width === 0 && rect.height === 0) continue
      const sameLine = lines.some(
        (line) => rect.top < line.bottom - 1 && rect.bottom > line.top + 1,
      )
      if (!sameLine) lines.push(rect)
    }
    return lines.length
  }

  /** Why the box of the text is not wholly seen, or null. */
  function clipping(element: Element, box: DOMRect): string | null {
    if (box.left < -0.5 || box.right > window.innerWidth + 0.5) {
      // A row that scrolls sideways on purpose (the dashboard's wallets) is seen by scrolling.
      let scroller: Element | null = element
      while (scroller && scroller !== document.body) {
        const overflowX = getComputedStyle(scroller).overflowX
        if (overflowX === 'auto' || overflowX === 'scroll') break
        scroller = scroller.parentElement
      }
      if (!scroller || scroller === document.body) {
        return `past the screen's edge (${Math.round(box.left)}..${Math.round(box.right)} of ${window.innerWidth})`
      }
    }
    for (
      let node: Element | null = element;
      node && node !== document.body;
      node = node.parentElement
    ) {
      const style = getComputedStyle(node)
      if (style.overflowX === 'auto' || style.overflowX === 'scroll') break
      if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') continue
      const frame = node.getBoundingClientRect()
      if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5) {
        return `clipped by <${node.tagName.toLowerCase()} class="${node.className}">`
      }
      if (
        style.overflowY !== 'visible' &&
        (box.top < frame.top - 0.5 || box.bottom > frame.bottom + 0.5)
      ) {
        return `clipped by <${node.tagName.toLowerCase()} class="${node.className}">`
      }
    }
    return null
  }

  function check(text: string, element: Element, range: Range) {
    const lines = lineCount([...range.getClientRects()])
    if (lines > 1) {
      problems.push({ text, problem: `split across ${lines} lines` })
      return
    }
    const why = clipping(element, range.getBoundingClientRect())
    if (why) problems.push({ text, problem: why })
  }

  /** The visible text nodes inside an element, screen-reader-only text left out. */
  function seenTexts(element: Element): Text[] {
    const texts: Text[] = []
    const inner = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    while (inner.nextNode()) {
      const node = inner.currentNode
      if (node instanceof Text && node.parentElement && !visuallyHidden(node.parentElement)) {
        texts.push(node)
      }
    }
    return texts
  }

  for (const element of document.querySelectorAll('.amount')) {
    if (visuallyHidden(element)) continue
    const texts = seenTexts(element).filter((node) => node.data.trim() !== '')
    const first = texts[0]
    const last = texts.at(-1)
    if (!first || !last) continue
    const range = document.createRange()
    range.setStart(first, 0)
    range.setEnd(last, last.data.length)
    check(texts.map((node) => node.data).join(''), element, range)
  }

  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  while (walker.nextNode()) {
    const node = walker.currentNode
    const parent = node.parentElement
    const content = node.textContent ?? ''
    if (!parent || !content.trim()) continue
    if (parent.closest('script, style, noscript, select, option, textarea, svg')) continue
    if (visuallyHidden(parent)) continue
    for (const match of content.matchAll(AMOUNT)) {
      const range = document.createRange()
      range.setStart(node, match.index)
      range.setEnd(node, match.index + match[0].length)
      check(match[0].trim(), parent, range)
    }
    // Words break between words: only a token allowed to break anywhere (an e-mail, a
    // reference) or a hyphenated word may end a line in its middle.
    const style = getComputedStyle(parent)
    if (style.overflowWrap === 'anywhere' || style.hyphens === 'auto') continue
    for (const match of content.matchAll(WORD)) {
      const range = document.createRange()
      range.setStart(node, match.index)
      range.setEnd(node, match.index + match[0].length)
      const lines = lineCount([...range.getClientRects()])
      if (lines > 1) problems.push({ text: match[0], problem: `word broken across ${lines} lines` })
    }
  }
  return problems
}

/** The amounts on the page that are not whole, after the page has settled. */
async function brokenAmounts(page: Page): Promise<AmountProblem[]> {
  await expect(page.locator('main')).toBeVisible({ timeout: 30_000 })
  await expect(page.locator('main .animate-pulse')).toHaveCount(0)
  await expect(page.locator('main [role="status"] .animate-spin')).toHaveCount(0)
  await page.waitForLoadState('networkidle')
  await page.evaluate(() => document.fonts.ready)
  return page.evaluate(scanAmounts)
}

/** The chosen recipient's name, and the review before paying them, show the name whole. */
async function reviewTransfer(page: Page, fullName: string): Promise<AmountProblem[]> {
  const name = page.getByTestId('selected-recipient-name')
  await expect(name).toHaveText(fullName)
  await expectWhole(name)
  // Within the balance of either wallet giveHistory funds: Send is disabled over the balance.
  await page.locator('#transfer-amount').fill('12345.67')
  await page.locator('form button[type="submit"]').click()
  const review = page.getByTestId('review-recipient')
  await expect(review).toContainText(fullName)
  await expectWhole(review)
  const problems = await page.evaluate(scanAmounts)
  // Escape closes the top layer: a toast that arrived meanwhile (money from the history's
  // payments) goes first, then the sheet.
  await expect(async () => {
    await page.keyboard.press('Escape')
    await expect(review).toBeHidden({ timeout: 1_000 })
  }).toPass()
  return problems
}

/** The element shows its whole text: nothing is clipped or cut with an ellipsis. */
async function expectWhole(locator: Locator) {
  const clipped = await locator.evaluate((element) => element.scrollWidth > element.clientWidth + 1)
  expect(clipped, `${await locator.textContent()} is cut off`).toBe(false)
}

for (const language of LANGUAGES) {
  test.describe(`at 360x740 in ${language}`, () => {
    test.use({ viewport: NARROW, locale: language })
    test.skip(({ isMobile }) => !isMobile, 'the narrow phone is the phone project')

    test('every amount on every signed-in screen is whole on one line, every word too', async ({
      page,
      signUp,
      browser,
      baseURL,
    }) => {
      // Twenty screens after a history of every kind, on two cores shared with the server and
      // the other worker: a scan, not a wait. Splitting it by screen would make it faster.
      test.setTimeout(600_000)
      const screens = await userWithEveryScreen(page, browser, baseURL, () => signUp())
      const saved = await page.request.put('/api/settings', { data: { language } })
      expect(saved.status(), await saved.text()).toBe(200)

      const found: Record<string, AmountProblem[]> = {}
      await page.goto('/')
      await expect(page.locator('html')).toHaveAttribute('lang', language, { timeout: 30_000 })
      for (const screen of screens) {
        await openScreen(page, screen.path)
        if (screen.tab !== undefined) await page.getByRole('tab').nth(screen.tab).click()
        const problems = await brokenAmounts(page)
        if (screen.chooses) {
          problems.push(
            ...(await reviewTransfer(page, `${LONG_NAME.firstName} ${LONG_NAME.lastName}`)),
          )
        }
        if (problems.length > 0) found[`${screen.name} (${screen.path}) in ${language}`] = problems
      }
      expect(found, `amounts split or clipped, or words broken, at 360 px in ${language}`).toEqual(
        {},
      )
    })
  })
}
