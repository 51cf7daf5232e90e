import { useEffect } from 'react'
import { useCommonMessages } from '#client/components/messages.ts'

/**
 * Each route names itself in the browser tab, the history list and to screen readers
 * (docs/screens.md "Routes"): "<page> · Sabi", or the home title for the landing page, in the
 * language on screen.
 */
export function useDocumentTitle(title: string | null): void {
  const t = useCommonMessages()
  const text = title ? t('pageTitle', { title }) : t('homeTitle')
  useEffect(() => {
    document.title = text
  }, [text])
}
