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
      // One jsdom window per worker instead of one per file: building jsdom was about two thirds of this project's
      // time (335 s against 84 s for the whole project on 2 cores). Each file still runs in its own VM context.
      pool: 'vmThreads',
      // A focused test would silently drop the others, locally as in CI.
      allowOnly: false,
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/testing/setup.ts'],
    },
  }),
)
