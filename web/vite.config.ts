// Vite config for the web client: file-based routes (TanStack Router), React, Tailwind v4,
// and a dev server pinned to the address the README and e2e tests expect.
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { earlyRequests } from './vite-plugins/early-requests.ts'
import { passwordDictionaries } from './vite-plugins/password-dictionaries.ts'
import { hotRoutePreloads } from './vite-plugins/route-preloads.ts'
import { stylesAfterFirstPaint } from './vite-plugins/styles-after-first-paint.ts'
import type { FileRouteTypes } from './src/routeTree.gen'

/** A route's id as the generated route tree names it: the typecheck refuses one that names no route (a rename). */
type RouteId = FileRouteTypes['id']

/** The pages most visits start on: their code downloads beside the entry chunk (vite-plugins/route-preloads.ts). */
const hotRoutes: RouteId[] = ['/', '/courses/', '/courses/$slug', '/learn/$slug/$lessonId']

/**
 * Editors whose loader and component share their data access, lazy parts and placeholders: split apart, each chunk
 * carried its own copy of them (the loader's 1.7-2.4 KiB gzip were mostly copies), so they load as one chunk, 1.6-2.4
 * KiB smaller in all. Their data is asked for once that chunk has come, about 6 KiB later than the loader alone.
 */
const editorRoutes: RouteId[] = [
  '/_authenticated/studio/courses/$courseId/',
  '/_authenticated/studio/courses/$courseId/lessons/$lessonId',
  '/_authenticated/studio/schools/$schoolId/page',
]

export default defineConfig({
  plugins: [
    // Must run before the React plugin so route files are split before JSX is transformed.
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      autoCodeSplitting: true,
      // Every route's pending, error and not-found views load with it, not in every visitor's entry chunk. So do the
      // loaders (and the data access and schemas they import). The catalog's, a course's and a lesson's loader is split
      // together with its component, in the one chunk index.html preloads beside the entry (route-preloads.ts), so it
      // costs no request of its own: a course's and a lesson's first data come from the boot script's early requests
      // either way (web/src/boot.ts), and the catalog measured no later paint. The home page's loader stays in the
      // entry: waiting for its component's chunk before asking for its data painted it 0.15 s later on a slow phone.
      codeSplittingOptions: {
        splitBehavior: ({ routeId }) =>
          routeId === '__root__'
            ? undefined
            : [
                ...(routeId === '/'
                  ? [['component'] as const]
                  : hotRoutes.includes(routeId) || editorRoutes.includes(routeId)
                    ? [['loader', 'component'] as const]
                    : [['loader'] as const, ['component'] as const]),
                ['pendingComponent', 'errorComponent', 'notFoundComponent'],
              ],
      },
      quoteStyle: 'single',
      semicolons: false,
      // Formatting the generated tree loads Prettier and its plugins: about 0.2 s of every dev server start, for a
      // file no one edits (Prettier and ESLint skip it).
      enableRouteTreeFormatting: false,
    }),
    react(),
    tailwindcss(),
    passwordDictionaries(),
    stylesAfterFirstPaint(),
    hotRoutePreloads(hotRoutes),
    earlyRequests('src/boot.ts'),
  ],
  // recharts is only imported from a code-split studio route, which the dev server's dependency scan does not
  // reach: pre-bundle it at start instead of discovering it on a first visit (a re-optimisation and a stalled page).
  optimizeDeps: { include: ['recharts'] },
  build: {
    // Every browser the build targets preloads modules itself; where one does not, the preload hint is only lost.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Shared chunks under 16 KB of source (an icon, a Radix primitive, a formatter) are copied into each chunk that
          // imports them instead of being fetched on their own: the course page loaded 43 scripts, most under 1 KiB,
          // and on HTTP/1.1 (six connections) with 400 ms round trips they queued for 2.7 s. Copies cost a little
          // code on some routes and save a round trip each; the build measured smaller at this size (see
          // `npm run bench -- web`).
          experimentalInlineCommonChunks: { maxSize: 16 * 1024 },
          // What every page runs (React, the router, the query cache) in one chunk rather than a dozen small ones
          // automatic chunking would cut it into: fewer requests, and one larger file compresses better.
          groups: [
            {
              name: 'framework',
              // Vite's preload helper and clsx too: tiny, needed by every page, and one more request each on their own.
              test: /node_modules[\\/](react|react-dom|scheduler|clsx|@tanstack[\\/](react-router|router-core|history|store|react-store|query-core|react-query))[\\/]|vite[\\/]preload-helper/,
            },
            // zod in one chunk: every page that validates loads it, and its coerce module alone was one more request.
            { name: 'schemas', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
  // `@/` imports (see tsconfig.json `paths`) resolve from the one definition in tsconfig.
  resolve: { tsconfigPaths: true },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 5173, strictPort: true },
})
