// Vitest project "web-build": the Vite plugins of web/, in Node, where they run. Not in the web project's jsdom VM
// contexts: a Vite build started there is refused by rolldown's native binding (its plugins come from another context).
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'web-build',
    root: import.meta.dirname,
    environment: 'node',
    // A focused test would silently drop the others, locally as in CI.
    allowOnly: false,
    include: ['**/*.test.ts'],
  },
})
