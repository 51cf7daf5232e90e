import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

// The API runs in its own process; in development Vite proxies /api to it so the browser
// sees one origin, exactly as in production where Fastify serves both.
const apiPort = process.env.PORT ?? '5000'

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: null,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
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
      workbox: {
        // The server chooses the page at `/` (the static landing page for a visitor, the app
        // for a signed-in user; ADR 003), so page loads go to the network first and the cache
        // only answers offline or when the network is too slow. Neither the precached
        // index.html (navigateFallback) nor a directory index may stand in for `/`.
        navigateFallback: null,
        directoryIndex: null,
        runtimeCaching: [
          {
            // Serialised into sw.js: this function may use nothing outside itself.
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'pages',
              networkTimeoutSeconds: 3,
              expiration: { maxEntries: 20 },
              // A page never loaded before still opens offline: the app shell decides.
              precacheFallback: { fallbackURL: '/index.html' },
            },
          },
          {
            // A language's catalogs, hashed like every asset: once fetched, kept.
            urlPattern: ({ url }) => url.pathname.startsWith('/assets/locales/'),
            handler: 'CacheFirst',
            options: { cacheName: 'locales', expiration: { maxEntries: 200 } },
          },
        ],
        // API calls always go to the network because balances must never be served stale.
        // landing.html is written after `vite build` by scripts/prerender-landing.ts, which
        // generates this worker again so that the page is precached too.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // Texts in other languages are cached when first used, not precached: a reader of one
        // language never downloads the other three (docs/i18n.md). The same goes for the
        // landing page's copies in other languages.
        globIgnores: ['assets/locales/**', 'landing.*.html'],
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
      input: { index: 'index.html', enhance: 'src/client/landing/enhance.ts' },
      output: {
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
