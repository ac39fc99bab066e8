// What `npm test` must run, suite by suite: the fewest tests each project runs (set a little under the counts of a
// full run, raised as suites grow: a project that drops out falls far below), every test file on disk reporting, and
// the only tests that may be skipped, each with its reason. Everything else skipped turns the run red.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { repoRoot } from '../local-stack/paths.ts'
import type { PlaywrightExpectations, VitestExpectations } from './verdict.ts'
import { vitestGroupOf, type VitestGroup } from './vitest-groups.ts'

export const floors = {
  pgtap: 1800,
  deno: 185,
  vitest: { web: 670, scripts: 930, 'scripts-db': 140 },
  playwright: { mobile: 150, desktop: 150 },
}

/**
 * Tests allowed to skip, by "<file> › <full name>" (Vitest's full name joins describe blocks and title with spaces,
 * Playwright's with " › "), each with why. Every other skip in the suites depends on something `npm test` always
 * provides (the stack's URLs, the app served on 127.0.0.1), so it would mean a suite lost its setup.
 */
export const declaredSkips: Record<string, string> = {
  'scripts/local-stack/gateway/tests/bind.test.ts › where the gateway listens serves IPv6 loopback [::1] on the same port as 127.0.0.1 by default':
    'only where the machine has IPv6 loopback',
  'scripts/local-stack/ports.test.ts › ports names the process holding a port': 'Linux only (/proc)',
  'web/e2e/account-security.spec.ts › on another address than the passkeys’ host, the page says where passkeys can be added':
    'only when the app is not served at localhost, the passkeys’ host',
}

/** Files under `dir` (relative to the repo) whose names match, skipping node_modules and fixtures. */
export function testFiles(dir: string, pattern: RegExp): string[] {
  return readdirSync(path.join(repoRoot, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => pattern.test(file) && !file.split(path.sep).some((part) => part === 'node_modules'))
    .map((file) => path.posix.join(dir, file.split(path.sep).join('/')))
    .sort()
}

/** What a Vitest run of `group`'s projects must run: that group's floor, and every test file of its projects. */
export function vitestExpectations(group: VitestGroup): VitestExpectations {
  // The projects' include patterns: web/src/**/*.test.{ts,tsx}, web/vite-plugins/**/*.test.ts, scripts/**/*.test.ts
  // (in two projects, vitest-groups.ts).
  const files = [
    ...testFiles('web/src', /\.test\.tsx?$/),
    ...testFiles('web/vite-plugins', /\.test\.ts$/),
    ...testFiles('scripts', /\.test\.ts$/),
  ]
  return {
    root: repoRoot,
    groupOf: vitestGroupOf,
    floors: { [group]: floors.vitest[group] },
    files: files.filter((file) => vitestGroupOf(file) === group),
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
