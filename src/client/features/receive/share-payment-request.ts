import { copyText } from '#client/lib/copy-text.ts'

export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'failed'

function isShareCancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

/**
 * Share uses the device's share sheet, otherwise copies text (docs/screens.md "Receive Money
 * screen"): the sheet gets the title, the sentence and the link; without a sheet (most desktop
 * browsers), or when it fails for a reason other than the user closing it, the sentence and the
 * link are copied as one text.
 */
export async function sharePaymentRequest({
  title,
  text,
  url,
}: {
  title: string
  text: string
  url: string
}): Promise<ShareOutcome> {
  if ('share' in navigator && typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text, url })
      return 'shared'
    } catch (error) {
      if (isShareCancelled(error)) return 'cancelled'
    }
  }
  return (await copyText(`${text}: ${url}`)) ? 'copied' : 'failed'
}
