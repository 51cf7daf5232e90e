import { renderToString } from 'react-dom/server'
import { Router } from 'wouter'
import { LandingPage } from '#client/pages/landing-page.tsx'

/**
 * The landing page as HTML, for the static landing.html that visitors get at `/` (see
 * docs/decisions/003-prerendered-landing-page.md). scripts/prerender-landing.ts builds this
 * file with Vite for Node and calls it once per build: the same components and the same i18n
 * catalogs as the React app, so the two pages cannot drift apart.
 */
export function renderLandingPage(): string {
  // Links render their href from the router's location; on the server it has to be given.
  return renderToString(
    <Router ssrPath="/">
      <LandingPage />
    </Router>,
  )
}
