/**
 * The app's own message catalogs (src/client/locales), for specs that find a screen's text by
 * the catalog's words in a language other than English, so a text left in English fails.
 */
export type Catalog = Record<string, string>

export async function catalog(language: string, area: string): Promise<Catalog> {
  const module: { default: Catalog } = await import(
    `../../src/client/locales/${language}/${area}.json`,
    { with: { type: 'json' } }
  )
  return module.default
}

/** A catalog's text with its `{{name}}` placeholders filled. */
export function fill(text: string | undefined, values: Record<string, string>): string {
  return (text ?? '').replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole)
}
