import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { flagImages } from './scripts/flag-images.ts'

// The API runs in its own process; in development Vite proxies /api to it so the browser
// sees one origin, exactly as in production where Fastify serves both.
const apiPort = process.env.PORT ?? '5000'

/** The app's own code and the small libraries every signed-in page runs (see `common` below). */
const COMMON_CODE =
  /[\\/]src[\\/]|node_modules[\\/](@tanstack|wouter|regexparam|zod|i18next|clsx|tailwind-merge)[\\/]/
/** Code no first paint of a signed-in page needs, or the landing page's own. */
const OUTSIDE_COMMON =
  /[\\/]src[\\/]client[\\/](locales|landing|features[\\/]install)[\\/]|[\\/]components[\\/]ui[\\/](dialog|select|dropdown-menu|toast-region|tabs)\./

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    flagImages(),
    VitePWA({
      // Our own worker (src/client/service-worker/sw.ts, docs/offline.md): it precaches the shell
      // only and keeps every other file when first used.
      strategies: 'injectManifest',
      srcDir: 'src/client/service-worker',
      filename: 'sw.ts',
      registerType: 'autoUpdate',
      injectRegister: null,
      includeAssets: ['favicon.svg'],
      // The icons are fetched when the browser first asks for them, not with a visitor's first page.
      includeManifestIcons: false,
      manifest: {
        name: 'Sabi',
        short_name: 'Sabi',
        description: 'Smarter Money. Bigger Impact.',
        theme_color: '#047857',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        icons: [
          { src: '/pwa-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The shell: the app's page, its theme script and the stylesheet (which the landing page
        // shares). Everything else, the landing page too, is cached when first used, so a
        // visitor's first visit stays within its 60 KB (docs/performance.md "First load").
        globPatterns: ['index.html', 'theme-boot.js', 'assets/index-*.css'],
      },
    }),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // scripts/prerender-landing.ts and scripts/size.ts find the built files through it.
    manifest: true,
    rolldownOptions: {
      // The SPA, and the one script of the prerendered landing page (ADR 003).
      input: { index: 'index.html', enhance: 'src/client/entries/landing-enhance.ts' },
      output: {
        // Fewer, larger chunks (docs/performance.md "Page weight"): on a phone network every
        // request costs a round trip, and a signed-in dashboard once took 45 files, most of them
        // under 2 KB. React (with Vite's preload helper, which the entry needs anyway), the icons
        // and the code most pages share are one chunk each; the rest is split per page.
        codeSplitting: {
          groups: [
            // React first, so that the icons' chunk (which needs it) never carries it.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|preload-helper/,
              priority: 3,
            },
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 2 },
            // What ten or more pages share (the fetch wrapper, the query client, the schemas, the
            // texts' engine and the common components) is one chunk, rather than a dozen files of a
            // few hundred bytes each. The landing page, the install prompt, the catalogs and the
            // Radix wrappers stay out: they are wanted by few pages, or by none at first paint.
            {
              name: 'common',
              test: (id) => COMMON_CODE.test(id) && !OUTSIDE_COMMON.test(id),
              minShareCount: 10,
              priority: 1,
            },
          ],
        },
        // Each language's catalog of each area is a chunk of its own under assets/locales/,
        // which the service worker caches on first use rather than precaching.
        chunkFileNames: (chunk) => {
          const locale = /\/src\/client\/locales\/(\w+)\//.exec(chunk.facadeModuleId ?? '')?.[1]
          return locale ? `assets/locales/${locale}-[name]-[hash].js` : 'assets/[name]-[hash].js'
        },
      },
    },
  },
  // changeOrigin stays off: the API refuses POSTs whose Origin is not its own host.
  server: { proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } } },
})
