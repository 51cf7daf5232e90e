import { existsSync } from 'node:fs'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

/** The React app's page: every client route, and `/` for a signed-in user. */
export const APP_PAGE = 'index.html'
/** The prerendered landing page (scripts/prerender-landing.ts): `/` for a visitor. */
export const LANDING_PAGE = 'landing.html'

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
export async function registerClient(app: FastifyInstance, root: string): Promise<boolean> {
  if (!existsSync(`${root}/${APP_PAGE}`)) return false
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
  // The files' catch-all route also matches API paths no route has (`/api//wallets`): those
  // are the API's 404s, in JSON, never a file answer.
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    if (request.routeOptions.url === '/*' && (path === '/api' || path.startsWith('/api/')))
      return reply.callNotFound()
  })
  const hasLandingPage = existsSync(`${root}/${LANDING_PAGE}`)
  app.get('/', { schema: { hide: true } }, (request, reply) => {
    const page = request.userId === null && hasLandingPage ? LANDING_PAGE : APP_PAGE
    // The same URL answers differently with and without the session cookie.
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Cookie')
      .type('text/html')
      .sendFile(page)
  })
  return true
}
