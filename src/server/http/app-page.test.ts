import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppPage, loadAppPage } from './app-page.ts'

const INDEX = [
  '<!doctype html><html><head>',
  '<script type="module" crossorigin src="/assets/index-1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react-1.js">',
  '</head><body><div id="root"></div></body></html>',
].join('\n')

const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', imports: ['_react.js'] },
  '_react.js': { file: 'assets/react-1.js' },
  '_api.js': { file: 'assets/api-1.js', imports: ['_react.js'] },
  'src/client/app.tsx': { file: 'assets/app-1.js', imports: ['_api.js', '_react.js'] },
  'src/client/i18n/engine.ts': { file: 'assets/engine-1.js' },
  'src/client/pages/dashboard-page.tsx': {
    file: 'assets/dashboard-page-1.js',
    imports: ['_api.js'],
  },
  'src/client/pages/transactions-page.tsx': { file: 'assets/transactions-page-1.js' },
  'src/client/pages/demo-dashboard-page.tsx': { file: 'assets/demo-dashboard-page-1.js' },
  'src/client/ops/load-ops-app.ts': { file: 'assets/load-ops-app-1.js', imports: ['_react.js'] },
  'src/client/ops/ops-app.tsx': { file: 'assets/ops-app-1.js', imports: ['_api.js'] },
}

function preloads(html: string): string[] {
  return [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)"/g)].map(
    (match) => match[1] ?? '',
  )
}

describe('the app page names what it will load', () => {
  let root: string
  let page: AppPage

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'sabi-app-page-'))
    await mkdir(join(root, '.vite'))
    await writeFile(join(root, 'index.html'), INDEX)
    await writeFile(join(root, '.vite/manifest.json'), JSON.stringify(MANIFEST))
    page = loadAppPage(root, 'index.html')
  })
  afterAll(() => rm(root, { recursive: true, force: true }))

  it('a signed-in `/`: the app, the engine, the dashboard and the first reads, each once', () => {
    expect(preloads(page('/', true))).toEqual([
      '/assets/react-1.js',
      '/assets/app-1.js',
      '/assets/api-1.js',
      '/assets/engine-1.js',
      '/assets/dashboard-page-1.js',
      '/api/auth/user',
      '/api/init',
      '/api/settings',
      '/api/wallets',
      '/api/transactions',
      '/api/crypto/holdings',
      '/api/payment-requests',
    ])
    // What shows below the first screen waits behind what it needs.
    const low = [...page('/', true).matchAll(/fetchpriority="low" href="([^"]+)"/g)]
    expect(low.map((match) => match[1])).toEqual([
      '/api/transactions',
      '/api/crypto/holdings',
      '/api/payment-requests',
    ])
  })

  it('a signed-in history page also reads its first 50 transactions', () => {
    expect(preloads(page('/transactions', true)).filter((url) => url.startsWith('/api/'))).toEqual([
      '/api/auth/user',
      '/api/init',
      '/api/settings',
      '/api/transactions?limit=50',
    ])
  })

  it("the console's pages name the console, and none of the customer app or its reads", () => {
    for (const path of ['/ops', '/ops/disputes', '/ops/approvals']) {
      expect(preloads(page(path, true)), path).toEqual([
        '/assets/react-1.js',
        '/assets/load-ops-app-1.js',
        '/assets/ops-app-1.js',
        '/assets/api-1.js',
      ])
    }
    expect(preloads(page('/transactions', false))).not.toContain('/assets/ops-app-1.js')
  })

  it('a visitor gets no read of the session, and a page its own chunk', () => {
    const html = page('/transactions', false)
    expect(preloads(html)).toEqual([
      '/assets/react-1.js',
      '/assets/app-1.js',
      '/assets/api-1.js',
      '/assets/engine-1.js',
      '/assets/transactions-page-1.js',
    ])
    expect(html).not.toContain('/api/')
    expect(preloads(page('/dashboard', false))).toContain('/assets/demo-dashboard-page-1.js')
  })

  it('a path that is no page, or not a plain name, gets no page chunk', () => {
    for (const path of ['/nowhere', '/../index', '/transactions/123', '/%2e%2e']) {
      expect(preloads(page(path, false)), path).toEqual([
        '/assets/react-1.js',
        '/assets/app-1.js',
        '/assets/api-1.js',
        '/assets/engine-1.js',
      ])
    }
  })

  it('without a manifest the page is served as built', async () => {
    const bare = await mkdtemp(join(tmpdir(), 'sabi-app-page-'))
    await writeFile(join(bare, 'index.html'), INDEX)
    expect(loadAppPage(bare, 'index.html')('/', true)).toBe(INDEX)
    await rm(bare, { recursive: true, force: true })
  })
})
