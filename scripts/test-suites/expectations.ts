// What `npm test` must run, suite by suite: the fewest tests each project runs (set a little under the counts of a
// full run, raised as suites grow: a project that drops out falls far below), every test file on disk reporting, and
// the only tests that may be skipped, each with its reason. Everything else skipped turns the run red.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { repoRoot } from '../local-stack/paths.ts'
import type { PlaywrightExpectations, VitestExpectations } from './verdict.ts'

export const floors = {
  pgtap: 1300,
  deno: 115,
  vitest: { web: 540, scripts: 900 },
  playwright: { mobile: 115, desktop: 115 },
}

/**
 * Tests allowed to skip, by "<file> › <full name>". Empty: every skip in the suites is conditional on something
 * `npm test` always provides (the stack's URLs, the app served on 127.0.0.1).
 */
export const declaredSkips: Record<string, string> = {}

/** Files under `dir` (relative to the repo) whose names match, skipping node_modules and fixtures. */
export function testFiles(dir: string, pattern: RegExp): string[] {
  return readdirSync(path.join(repoRoot, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => pattern.test(file) && !file.split(path.sep).some((part) => part === 'node_modules'))
    .map((file) => path.posix.join(dir, file.split(path.sep).join('/')))
    .sort()
}

export function vitestExpectations(): VitestExpectations {
  return {
    root: repoRoot,
    groupOf: (file) => (file.startsWith('web/') ? 'web' : 'scripts'),
    floors: floors.vitest,
    // The projects' include patterns: web/src/**/*.test.{ts,tsx} and scripts/**/*.test.ts.
    files: [...testFiles('web/src', /\.test\.tsx?$/), ...testFiles('scripts', /\.test\.ts$/)],
    declaredSkips,
  }
}

export function playwrightExpectations(): PlaywrightExpectations {
  return {
    testDir: 'web/e2e',
    floors: floors.playwright,
    files: testFiles('web/e2e', /\.spec\.ts$/),
    declaredSkips,
  }
}

export function pgtapExpectations(files: string[]): { floor: number; files: string[] } {
  return { floor: floors.pgtap, files }
}
