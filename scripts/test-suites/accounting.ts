// What must have run, beside what passed: a Vitest or Playwright project that drops out, a test file that no longer
// reports, a test skipped without anyone saying why. Each turns `npm test` red; the numbers and the declared skips
// live in expectations.ts.

export type RanStatus = 'passed' | 'failed' | 'skipped'

/** One test as a report lists it. */
export interface RanTest {
  /** The project it ran in (Vitest's web or scripts, Playwright's mobile or desktop). */
  group: string
  /** Its file, relative to the repo. */
  file: string
  /** Its full name as the report gives it (describe blocks and title). */
  name: string
  status: RanStatus
}

export interface Expected {
  /** The fewest tests each project must run. */
  floors: Record<string, number>
  /** The test files that must each report (relative to the repo). */
  files: string[]
  /** Tests that may be skipped, by "<file> › <name>", with the reason. */
  declaredSkips: Record<string, string>
}

export const skipKey = (test: Pick<RanTest, 'file' | 'name'>) => `${test.file} › ${test.name}`

/** How many failed tests a verdict names; the suite's own output lists every one. */
const shownFailures = 10

export interface Accounting {
  problems: string[]
  /** Skipped tests nobody declared: each counts as a failure. */
  undeclaredSkips: number
}

export function account(tests: RanTest[], expected: Expected): Accounting {
  const problems: string[] = []
  const perGroup = new Map<string, number>()
  for (const test of tests) {
    if (test.status !== 'skipped') perGroup.set(test.group, (perGroup.get(test.group) ?? 0) + 1)
  }
  for (const [group, floor] of Object.entries(expected.floors)) {
    const ran = perGroup.get(group) ?? 0
    if (ran < floor) problems.push(`${group}: ${ran} tests ran, fewer than its floor of ${floor}`)
  }
  const reported = new Set(tests.map((test) => test.file))
  const missing = expected.files.filter((file) => !reported.has(file))
  if (missing.length > 0) problems.push(`no test of ${missing.join(', ')} reported`)
  const undeclared = tests.filter((test) => test.status === 'skipped' && !(skipKey(test) in expected.declaredSkips))
  if (undeclared.length > 0) {
    problems.push(
      `skipped without being declared: ${undeclared.map((test) => `${skipKey(test)} (${test.group})`).join('; ')}`,
    )
  }
  // The failed tests by name, so the summary at the end of a long run says which ones without scrolling back.
  const failed = tests.filter((test) => test.status === 'failed')
  for (const test of failed.slice(0, shownFailures)) problems.push(`failed: ${skipKey(test)} (${test.group})`)
  if (failed.length > shownFailures) problems.push(`and ${failed.length - shownFailures} more failed tests`)
  return { problems, undeclaredSkips: undeclared.length }
}

/** Vitest's JSON report, as far as the accounting reads it. */
export interface VitestFiles {
  testResults: {
    name: string
    assertionResults?: { fullName: string; status: string }[]
  }[]
}

/** The tests of a Vitest report; `groupOf` names the project of a repo-relative file. */
export function vitestTests(report: VitestFiles, root: string, groupOf: (file: string) => string): RanTest[] {
  return report.testResults.flatMap((file) => {
    const relative = file.name.startsWith(`${root}/`) ? file.name.slice(root.length + 1) : file.name
    return (file.assertionResults ?? []).map((test) => ({
      group: groupOf(relative),
      file: relative,
      name: test.fullName,
      status: ranStatus(test.status),
    }))
  })
}

function ranStatus(status: string): RanStatus {
  if (status === 'passed' || status === 'expected') return 'passed'
  if (status === 'skipped' || status === 'pending' || status === 'todo' || status === 'disabled') return 'skipped'
  return 'failed'
}

/** Playwright's JSON report: suites nest (files, then describe blocks) and hold specs, one test per project. */
export interface PlaywrightSuite {
  title: string
  file?: string
  specs?: { title: string; file?: string; tests: { projectName: string; status: string }[] }[]
  suites?: PlaywrightSuite[]
}

/** The tests of a Playwright report; `testDir` is the spec folder relative to the repo (web/e2e). */
export function playwrightTests(suites: PlaywrightSuite[], testDir: string): RanTest[] {
  const tests: RanTest[] = []
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      const file = `${testDir}/${spec.file ?? suite.file ?? suite.title}`
      for (const test of spec.tests) {
        tests.push({
          group: test.projectName,
          file,
          name: [...titles, spec.title].join(' › '),
          status: ranStatus(test.status),
        })
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title])
  }
  for (const suite of suites) walk(suite, [])
  return tests
}
