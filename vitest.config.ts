// Vitest runs two projects: the web app (jsdom) and the dev tooling under scripts/ (node).
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: ['web/vitest.config.ts', 'scripts/vitest.config.ts'],
  },
})
