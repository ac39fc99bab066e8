// What must have run: floors per project, every test file reporting, and skips only where declared, on reports
// written by hand in the shapes Vitest and Playwright write them.
import { describe, expect, test } from 'vitest'
import { account, playwrightTests, vitestTests, type Expected, type RanTest } from './accounting.ts'
import { playwrightVerdict, vitestVerdict, type VitestReport } from './verdict.ts'
import { vitestGroupOf } from './vitest-groups.ts'

const ran = (overrides: Partial<RanTest> = {}): RanTest => ({
  group: 'web',
  file: 'web/src/a.test.ts',
  name: 'a works',
  status: 'passed',
  ...overrides,
})
const expected = (overrides: Partial<Expected> = {}): Expected => ({
  floors: { web: 1 },
  files: ['web/src/a.test.ts'],
  declaredSkips: {},
  ...overrides,
})

describe('accounting', () => {
  test('a run that meets every expectation has no problem', () => {
    expect(account([ran()], expected())).toEqual({ problems: [], undeclaredSkips: 0 })
  })
  test('a project that dropped out falls under its floor', () => {
    expect(account([ran()], expected({ floors: { web: 1, scripts: 5 } })).problems).toEqual([
      'scripts: 0 tests ran, fewer than its floor of 5',
    ])
  })
  test('a test file that did not report is named', () => {
    expect(account([ran()], expected({ files: ['web/src/a.test.ts', 'web/src/b.test.ts'] })).problems).toEqual([
      'no test of web/src/b.test.ts reported',
    ])
  })
  test('an undeclared skip is a failure, a declared one is not, and skips do not count towards a floor', () => {
    const skipped = ran({ status: 'skipped', name: 'needs the stack' })
    const outcome = account([ran(), skipped], expected({ floors: { web: 2 } }))
    expect(outcome.undeclaredSkips).toBe(1)
    expect(outcome.problems).toEqual([
      'web: 1 tests ran, fewer than its floor of 2',
      'skipped without being declared: web/src/a.test.ts › needs the stack (web)',
    ])
    const declared = { 'web/src/a.test.ts › needs the stack': 'only where the stack runs' }
    expect(account([ran(), skipped], expected({ declaredSkips: declared })).undeclaredSkips).toBe(0)
  })
  test('failed tests are named, the first ten of them, so the summary says which', () => {
    const failed = Array.from({ length: 12 }, (_, i) => ran({ status: 'failed', name: `breaks ${i + 1}` }))
    const { problems, undeclaredSkips } = account([ran(), ...failed], expected())
    expect(undeclaredSkips).toBe(0)
    expect(problems).toHaveLength(11)
    expect(problems[0]).toBe('failed: web/src/a.test.ts › breaks 1 (web)')
    expect(problems[9]).toBe('failed: web/src/a.test.ts › breaks 10 (web)')
    expect(problems[10]).toBe('and 2 more failed tests')
  })
})

describe('reading the reports', () => {
  test('Vitest: files relative to the repo, projects by folder, pending and todo as skipped', () => {
    const report = {
      testResults: [
        {
          name: '/repo/web/src/a.test.ts',
          assertionResults: [
            { fullName: 'a works', status: 'passed' },
            { fullName: 'a later', status: 'todo' },
          ],
        },
        { name: '/repo/scripts/b.test.ts', assertionResults: [{ fullName: 'b', status: 'failed' }] },
      ],
    }
    expect(vitestTests(report, '/repo', (file) => file.split('/')[0]!)).toEqual([
      { group: 'web', file: 'web/src/a.test.ts', name: 'a works', status: 'passed' },
      { group: 'web', file: 'web/src/a.test.ts', name: 'a later', status: 'skipped' },
      { group: 'scripts', file: 'scripts/b.test.ts', name: 'b', status: 'failed' },
    ])
  })
  test('Playwright: nested describe blocks, one test per project', () => {
    const suites = [
      {
        title: 'notes.spec.ts',
        file: 'notes.spec.ts',
        specs: [
          {
            title: 'a note',
            file: 'notes.spec.ts',
            tests: [
              { projectName: 'mobile', status: 'expected' },
              { projectName: 'desktop', status: 'skipped' },
            ],
          },
        ],
        suites: [
          {
            title: 'offline',
            specs: [{ title: 'kept', file: 'notes.spec.ts', tests: [{ projectName: 'desktop', status: 'flaky' }] }],
          },
        ],
      },
    ]
    expect(playwrightTests(suites, 'web/e2e')).toEqual([
      { group: 'mobile', file: 'web/e2e/notes.spec.ts', name: 'a note', status: 'passed' },
      { group: 'desktop', file: 'web/e2e/notes.spec.ts', name: 'a note', status: 'skipped' },
      { group: 'desktop', file: 'web/e2e/notes.spec.ts', name: 'offline › kept', status: 'failed' },
    ])
  })
  test('the verdicts count an undeclared skip as a failure and carry the accounting’s problems', () => {
    const report: VitestReport = {
      success: true,
      numTotalTests: 2,
      numPassedTests: 1,
      numFailedTests: 0,
      numPendingTests: 1,
      numTodoTests: 0,
      testResults: [
        {
          name: '/repo/web/src/a.test.ts',
          status: 'passed',
          assertionResults: [
            { fullName: 'a works', status: 'passed' },
            { fullName: 'a skipped', status: 'skipped' },
          ],
        },
      ],
    }
    const vitest = vitestVerdict(0, report, { ...expected(), root: '/repo', groupOf: () => 'web' })
    expect(vitest).toMatchObject({ passed: 1, failed: 1, skipped: 1 })
    expect(vitest.problems).toEqual(['skipped without being declared: web/src/a.test.ts › a skipped (web)'])

    const stats = { expected: 1, unexpected: 0, flaky: 0, skipped: 0 }
    const suites = [{ title: 'a.spec.ts', file: 'a.spec.ts', specs: [] }]
    const playwright = playwrightVerdict(
      0,
      { stats, suites },
      { ...expected({ floors: { mobile: 1 } }), testDir: 'web/e2e' },
    )
    expect(playwright.problems).toEqual([
      'mobile: 0 tests ran, fewer than its floor of 1',
      'no test of web/src/a.test.ts reported',
    ])
  })
})

describe('focused tests are refused everywhere', () => {
  // Imported by path: the configs belong to other projects of the repo.
  const load = async (file: string) =>
    ((await import(new URL(file, import.meta.url).href)) as { default: object }).default

  test('by every Vitest project and by Playwright, locally as in CI', async () => {
    expect(await load('../vitest.config.ts')).toMatchObject({ test: { allowOnly: false } })
    expect(await load('../vitest.db.config.ts')).toMatchObject({ test: { allowOnly: false } })
    expect(await load('../../web/vite-plugins/vitest.config.ts')).toMatchObject({ test: { allowOnly: false } })
    expect(await load('../../web/vitest.config.ts')).toMatchObject({ test: { allowOnly: false } })
    expect(await load('../../web/playwright.config.ts')).toMatchObject({ forbidOnly: true })
  })
})

describe('the Vitest groups npm test runs', () => {
  test('place a test file in the project its path puts it in', () => {
    expect(vitestGroupOf('web/src/features/learn/a.test.tsx')).toBe('web')
    expect(vitestGroupOf('web/vite-plugins/early-requests.test.ts')).toBe('web')
    expect(vitestGroupOf('scripts/local-stack/realtime/tests/lifecycle.test.ts')).toBe('scripts-db')
    expect(vitestGroupOf('scripts/local-stack/db/pools.test.ts')).toBe('scripts-db')
    expect(vitestGroupOf('scripts/local-stack/scheduler/scheduler.test.ts')).toBe('scripts-db')
    expect(vitestGroupOf('scripts/local-stack/rest/tests/resilience.test.ts')).toBe('scripts')
    expect(vitestGroupOf('scripts/functions-tests/enroll.test.ts')).toBe('scripts')
    // A folder whose name only begins like a database folder is not one.
    expect(vitestGroupOf('scripts/local-stack/dbx/a.test.ts')).toBe('scripts')
  })
})
