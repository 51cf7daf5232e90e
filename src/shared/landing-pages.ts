/**
 * The prerendered landing page's file in each language (docs/decisions/003-prerendered-landing-page.md,
 * docs/i18n.md): written by scripts/prerender-landing.ts, chosen by the server at `/`.
 */
export function landingPageFile(language: string): string {
  return language === 'en' ? 'landing.html' : `landing.${language}.html`
}
