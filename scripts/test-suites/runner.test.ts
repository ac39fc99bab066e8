// The runner's own tests: real Vitest, Playwright and Deno runs over fixture suites that fail in the ways counting
// tests alone misses (an error outside a test, a process that exits, a file that cannot load, no tests at all), through
// the same functions `npm test` uses. Each must come out red; a clean fixture must come out green.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { runDenoTest, runPlaywright, runVitest } from './run.ts'
import type { Verdict } from './verdict.ts'

const fixtures = path.join(import.meta.dirname, 'fixtures')
const scratch = mkdtempSync(path.join(tmpdir(), 'summit-runner-'))
const quiet = { quiet: true }

function expectRed(verdict: Verdict, problem: RegExp) {
  expect(verdict.failed, JSON.stringify(verdict)).toBeGreaterThan(0)
  expect(verdict.problems.join('\n')).toMatch(problem)
}

function vitestFixture(file: string): Promise<Verdict> {
  const config = path.join(fixtures, 'vitest', 'vitest.config.ts')
  return runVitest(['--config', config, path.join(fixtures, 'vitest', file)], path.join(scratch, `${file}.json`), {
    ...quiet,
    // The fixtures are not this project's tests: passWithNoTests and the like must not come from outside.
    cwd: path.join(fixtures, 'vitest'),
  })
}

describe('vitest suites', { timeout: 60_000 }, () => {
  test('a clean suite is green', async () => {
    const verdict = await vitestFixture('passing.fixture.ts')
    expect(verdict).toMatchObject({ passed: 1, failed: 0, problems: [] })
  })

  test('an error thrown outside any test turns a suite whose tests all passed red', async () => {
    expectRed(await vitestFixture('throws-outside-test.fixture.ts'), /exited with code 1/)
  })

  test('a test that exits the process turns the suite red', async () => {
    expectRed(await vitestFixture('exits.fixture.ts'), /exited with code/)
  })

  test('a file that fails to load turns the suite red', async () => {
    expectRed(await vitestFixture('fails-to-load.fixture.ts'), /this file cannot load|exited with code/)
  })

  test('a suite that ran no test is red', async () => {
    expectRed(await vitestFixture('no-tests.fixture.ts'), /no test ran|exited with code/)
  })
})

describe('deno suites', { timeout: 60_000 }, () => {
  const deno = (dir: string) => runDenoTest([path.join(fixtures, 'deno', dir)], quiet)

  test('a clean suite is green', async () => {
    expect(await deno('passing')).toMatchObject({ passed: 1, failed: 0, problems: [] })
  })

  test('a module that throws while loading turns the suite red', async () => {
    expectRed(await deno('throws-on-load'), /exited with code 1/)
  })

  test('a test that exits the process before the summary turns the suite red', async () => {
    expectRed(await deno('exits'), /printed no summary|exited with code/)
  })

  test('a suite that ran no test is red', async () => {
    expectRed(await deno('empty'), /no test ran|exited with code/)
  })
})

describe('playwright suites', { timeout: 60_000 }, () => {
  const playwright = (spec: string) =>
    runPlaywright(path.join(fixtures, 'playwright', 'playwright.config.ts'), path.join(scratch, `${spec}.json`), {
      ...quiet,
      env: { PLAYWRIGHT_FIXTURE: spec },
    })

  test('a clean suite is green', async () => {
    expect(await playwright('passing.fixture.ts')).toMatchObject({ passed: 1, failed: 0, problems: [] })
  })

  test('a spec that throws while loading turns the suite red', async () => {
    expectRed(await playwright('throws-on-load.fixture.ts'), /this spec cannot load/)
  })

  test('a suite that ran no test is red', async () => {
    expectRed(await playwright('no-tests.fixture.ts'), /no test ran|exited with code/)
  })
})
