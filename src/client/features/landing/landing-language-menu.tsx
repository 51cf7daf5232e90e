import { Globe } from 'lucide-react'
import { LANGUAGE_AUTONYMS, LANGUAGES, useLanguage } from '#client/i18n/language.ts'
import { useLandingMessages } from './messages.ts'

/**
 * The visitor's EN / FR / ES / HA choice on the static landing page (docs/i18n.md "Choosing and
 * remembering"): plain links to `/?lang=`, which the server answers with the page in that
 * language and remembers in a cookie, so it works with no script at all. Each language is
 * named in itself, as a reader of it looks for it.
 */
export function LandingLanguageMenu() {
  const t = useLandingMessages()
  const language = useLanguage()
  return (
    <details className="group relative">
      <summary
        aria-label={t('languageChoice', { language: LANGUAGE_AUTONYMS[language] })}
        className="inline-flex h-9 cursor-pointer list-none items-center gap-1 rounded-lg px-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden"
      >
        <Globe className="size-4" aria-hidden="true" />
        <span>{language.toUpperCase()}</span>
      </summary>
      <ul className="absolute right-0 z-50 mt-1 min-w-40 rounded-xl border border-border bg-card p-1 shadow-lg">
        {LANGUAGES.map((code) => (
          <li key={code}>
            <a
              href={`/?lang=${code}`}
              hrefLang={code}
              lang={code}
              aria-current={code === language ? 'true' : undefined}
              className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm hover:bg-muted aria-[current=true]:font-semibold"
            >
              <span className="w-7 font-semibold">{code.toUpperCase()}</span>
              <span className="text-muted-foreground">{LANGUAGE_AUTONYMS[code]}</span>
            </a>
          </li>
        ))}
      </ul>
    </details>
  )
}
