/** The languages Sabi speaks (docs/i18n.md): the client's selector, settings and server messages. */
export const LANGUAGES = ['en', 'fr', 'es', 'ha'] as const
export type Language = (typeof LANGUAGES)[number]

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}
