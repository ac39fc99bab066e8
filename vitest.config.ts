// Vitest runs four projects: the web app (jsdom), the web build's Vite plugins (node), and the dev tooling under
// scripts/ (node) in two: the local stack's database, Realtime and scheduler tests, and the rest.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      'web/vitest.config.ts',
      'web/vite-plugins/vitest.config.ts',
      'scripts/vitest.config.ts',
      'scripts/vitest.db.config.ts',
    ],
  },
})
