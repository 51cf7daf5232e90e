import { copyText } from '#client/lib/copy-text.ts'

export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'failed'

/**
 * Shares the account number as the payment request does (features/receive): the device's share
 * sheet where there is one, else the same text copied; a sheet the user closes is no failure.
 */
export async function shareAccountNumber({
  title,
  text,
}: {
  title: string
  text: string
}): Promise<ShareOutcome> {
  if ('share' in navigator && typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text })
      return 'shared'
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled'
    }
  }
  return (await copyText(text)) ? 'copied' : 'failed'
}
