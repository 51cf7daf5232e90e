import { existsSync } from 'node:fs'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { requestLanguage } from '#server/i18n/request-language.ts'
import { landingPageFile } from '#shared/landing-pages.ts'
import { isLanguage, LANGUAGES, type Language } from '#shared/languages.ts'
import { type AppPage, loadAppPage } from './app-page.ts'

/** The React app's page: every client route, and `/` for a signed-in user. */
export const APP_PAGE = 'index.html'
/** The prerendered landing page in English (scripts/prerender-landing.ts): `/` for a visitor. */
export const LANDING_PAGE = landingPageFile('en')
/** The visitor's language choice, set by the app's selector or `/?lang=` (docs/i18n.md). */
const LANGUAGE_COOKIE = 'sabi_lang'
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60
/**
 * Headers that only mean something on a document (or a worker's script), which a hashed script,
 * stylesheet or catalog under /assets/ does not need; nor does a file that never changes need
 * revalidating. Over HTTP/1.1 they were about 700 of each asset's 1,100 header bytes, and a
 * signed-in first load fetches some sixty files (docs/performance.md "First load").
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'etag',
  'last-modified',
  'accept-ranges',
]

function asLanguage(value: unknown): Language | undefined {
  return isLanguage(value) ? value : undefined
}

/**
 * The landing page's language: `?lang=` (the page's own selector, remembered in a cookie),
 * else the saved choice, else the browser's Accept-Language.
 */
function landingLanguage(request: FastifyRequest, reply: FastifyReply): Language {
  const query = request.query
  const asked = asLanguage(
    typeof query === 'object' && query !== null ? Reflect.get(query, 'lang') : undefined,
  )
  if (asked) {
    reply.setCookie(LANGUAGE_COOKIE, asked, {
      path: '/',
      maxAge: ONE_YEAR_SECONDS,
      sameSite: 'lax',
    })
    return asked
  }
  return asLanguage(request.cookies[LANGUAGE_COOKIE]) ?? requestLanguage(request)
}

/**
 * Serves the built client from `root`. Hashed files under /assets are cached for a year;
 * everything else (the pages, the service worker, the manifest) is revalidated on every
 * visit so a deploy reaches users at once.
 *
 * `/` depends on the session (docs/decisions/003-prerendered-landing-page.md): a visitor gets
 * the static landing page, which loads no React, and a signed-in user the app, which shows
 * the dashboard there. A build without the landing page serves the app to both; the app
 * shows visitors the same landing page, only heavier.
 */
export async function registerClient(
  app: FastifyInstance,
  root: string,
): Promise<AppPage | undefined> {
  if (!existsSync(`${root}/${APP_PAGE}`)) return undefined
  const appPage = loadAppPage(root, APP_PAGE)
  await app.register(fastifyStatic, {
    root,
    index: false,
    wildcard: true,
    setHeaders(response, path) {
      response.header(
        'Cache-Control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
    },
  })
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/assets/') && reply.statusCode === 200) {
      for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header)
    }
    return payload
  })
  // The files' catch-all route also matches API paths no route has (`/api//wallets`): those
  // are the API's 404s, in JSON, never a file answer.
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    if (request.routeOptions.url === '/*' && (path === '/api' || path.startsWith('/api/')))
      return reply.callNotFound()
  })
  const landingPages = new Map(
    LANGUAGES.map((language) => [language, landingPageFile(language)] as const).filter(([, file]) =>
      existsSync(`${root}/${file}`),
    ),
  )
  app.get('/', { schema: { hide: true } }, (request, reply) => {
    const landing =
      request.userId === null
        ? (landingPages.get(landingLanguage(request, reply)) ?? landingPages.get('en'))
        : undefined
    // The same URL answers differently with the session cookie, the language cookie and the
    // browser's languages.
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Cookie, Accept-Language')
    if (landing) return reply.type('text/html').sendFile(landing)
    return reply.type('text/html').send(appPage('/', request.userId !== null))
  })
  return appPage
}
