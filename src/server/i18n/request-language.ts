import type { FastifyRequest } from 'fastify'
import { isLanguage, type Language } from '#shared/languages.ts'

/**
 * The first language of an Accept-Language header Sabi speaks, by quality then order, matched
 * on the primary subtag ("fr-SN;q=0.9" is French); English when none is (docs/i18n.md).
 */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return 'en'
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';')
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean)
      const quality = q === undefined ? 1 : Number(q)
      return {
        tag: tag.trim().toLowerCase(),
        quality: Number.isFinite(quality) ? quality : 0,
        index,
      }
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
  for (const { tag } of ranked) {
    const primary = tag.split('-')[0] ?? ''
    if (isLanguage(primary)) return primary
  }
  return 'en'
}

/** The language a request is answered in: the app sends its chosen one as Accept-Language. */
export function requestLanguage(request: FastifyRequest): Language {
  return languageFromHeader(request.headers['accept-language'])
}
