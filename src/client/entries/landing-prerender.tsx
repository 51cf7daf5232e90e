import { renderToString } from 'react-dom/server'
import { Router } from 'wouter'
import { homeTitle } from '#client/components/messages.ts'
import { setLanguage } from '#client/i18n/i18n.ts'
import type { Language } from '#client/i18n/language.ts'
import { LandingPage } from '#client/pages/landing-page.tsx'

/**
 * The landing page as HTML in one language, for the static landing pages that visitors get at
 * `/` (docs/decisions/003-prerendered-landing-page.md, docs/i18n.md). scripts/prerender-landing.ts
 * builds this file with Vite for Node and calls it once per language: the same components and
 * the same catalogs as the React app, so the pages cannot drift apart.
 */
export async function renderLandingPage(
  language: Language,
): Promise<{ markup: string; title: string; description: string }> {
  await setLanguage(language)
  // Links render their href from the router's location; on the server it has to be given.
  const markup = renderToString(
    <Router ssrPath="/">
      <LandingPage />
    </Router>,
  )
  return { markup, ...homeTitle() }
}
