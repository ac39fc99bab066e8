// Vitest project "web": component and router tests in jsdom, reusing the Vite plugins so the
// real route tree (and its code splitting) is what the tests exercise.
import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config.ts'

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      environment: 'jsdom',
      // A focused test would silently drop the others, locally as in CI.
      allowOnly: false,
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/testing/setup.ts'],
    },
  }),
)
