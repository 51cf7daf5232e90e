/** The catalog key of each language's name, written in that language (docs/i18n.md). */
export const LANGUAGE_NAME_KEYS = {
  en: 'languageEn',
  fr: 'languageFr',
  es: 'languageEs',
  ha: 'languageHa',
} as const
