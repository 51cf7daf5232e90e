import { useEffect } from 'react'

/** The landing page's title, which the static page carries too (index.html). */
export const HOME_TITLE = 'Sabi – Smarter Money. Bigger Impact.'

/**
 * Each route names itself in the browser tab, the history list and to screen readers
 * (docs/screens.md "Routes"): "<page> · Sabi", or the home title for the landing page.
 */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · Sabi` : HOME_TITLE
  }, [title])
}
