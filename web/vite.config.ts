// Vite config for the web client: file-based routes (TanStack Router), React, Tailwind v4,
// and a dev server pinned to the address the README and e2e tests expect.
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [
    // Must run before the React plugin so route files are split before JSX is transformed.
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      autoCodeSplitting: true,
      // The studio's loaders (and the data access and schemas they import) load with the studio, not in every
      // visitor's entry chunk; the learner's pages keep theirs inline so their data request starts at once.
      codeSplittingOptions: {
        splitBehavior: ({ routeId }) =>
          routeId.startsWith('/studio')
            ? [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']]
            : undefined,
      },
      quoteStyle: 'single',
      semicolons: false,
    }),
    react(),
    tailwindcss(),
  ],
  // recharts is only imported from a code-split studio route, which the dev server's dependency scan does not
  // reach: pre-bundle it at start instead of discovering it on a first visit (a re-optimisation and a stalled page).
  optimizeDeps: { include: ['recharts'] },
  // `@/` imports (see tsconfig.json `paths`) resolve from the one definition in tsconfig.
  resolve: { tsconfigPaths: true },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 5173, strictPort: true },
})
