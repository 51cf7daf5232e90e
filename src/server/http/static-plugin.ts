import { existsSync } from 'node:fs'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

/**
 * Serves the built client from `root`. Hashed files under /assets are cached for a year;
 * everything else (index.html, the service worker, the manifest) is revalidated on every
 * visit so a deploy reaches users at once.
 */
export async function registerClient(app: FastifyInstance, root: string): Promise<boolean> {
  if (!existsSync(`${root}/index.html`)) return false
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
  return true
}
