// How `npm test` turns what a suite's process did into counts. A suite is red when its process exits non-zero, when
// its report says it did not succeed or lists errors outside tests, or when it ran no test at all: counting only the
// tests a report lists would call a crashed worker or a file that failed to load green. With expectations (what must
// run: accounting.ts), a project under its floor, a test file that did not report or an undeclared skip is red too.
import {
  account,
  playwrightTests,
  vitestTests,
  type Expected,
  type PlaywrightSuite,
  type VitestFiles,
} from './accounting.ts'

export interface Counts {
  passed: number
  failed: number
  skipped?: number
}

/** What ended a suite, beside its test counts: shown in the summary so a red suite with no failed test explains itself. */
export interface Verdict extends Counts {
  problems: string[]
}

function verdict(passed: number, failed: number, skipped: number, problems: string[]): Verdict {
  // A problem with no failed test to carry it counts as one failure, so the total can never read green.
  return { passed, failed: failed === 0 && problems.length > 0 ? 1 : failed, skipped, problems }
}

function exitProblem(code: number): string[] {
  return code === 0 ? [] : [`the process exited with code ${code}`]
}

/** A whole-tool check (compiler, linter): its exit code is the verdict. */
export function checkVerdict(code: number): Verdict {
  return verdict(code === 0 ? 1 : 0, 0, 0, exitProblem(code))
}

export interface VitestReport extends VitestFiles {
  success: boolean
  numTotalTests: number
  numPassedTests: number
  numFailedTests: number
  numPendingTests: number
  numTodoTests: number
  testResults: (VitestFiles['testResults'][number] & { status: string; message?: string })[]
}

/** What a run must have run, and how to read it from the report. */
export interface VitestExpectations extends Expected {
  root: string
  groupOf: (file: string) => string
}

export function vitestVerdict(code: number, report: VitestReport | undefined, expected?: VitestExpectations): Verdict {
  if (!report) return verdict(0, 0, 0, [...exitProblem(code), 'vitest wrote no report'])
  const problems = exitProblem(code)
  if (!report.success) problems.push('the report says the run did not succeed')
  for (const file of report.testResults) {
    // A file that fails to load has no tests to count but a status and a message of its own.
    if (file.status === 'failed' && file.message) problems.push(`${file.name}: ${file.message.split('\n')[0]}`)
  }
  if (report.numTotalTests === 0) problems.push('no test ran')
  let failed = report.numFailedTests
  if (expected) {
    const accounting = account(vitestTests(report, expected.root, expected.groupOf), expected)
    problems.push(...accounting.problems)
    failed += accounting.undeclaredSkips
  }
  return verdict(report.numPassedTests, failed, report.numPendingTests + report.numTodoTests, problems)
}

export interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number }
  errors?: { message?: string }[]
  suites?: PlaywrightSuite[]
}

export interface PlaywrightExpectations extends Expected {
  /** The spec folder, relative to the repo. */
  testDir: string
}

export function playwrightVerdict(
  code: number,
  report: PlaywrightReport | undefined,
  expectations?: PlaywrightExpectations,
): Verdict {
  if (!report) return verdict(0, 0, 0, [...exitProblem(code), 'playwright wrote no report'])
  const { expected, unexpected, flaky, skipped } = report.stats
  const problems = exitProblem(code)
  // Errors outside tests: a spec file that throws while loading, a global setup that fails.
  for (const error of report.errors ?? []) problems.push((error.message ?? 'an error outside any test').split('\n')[0]!)
  if (expected + unexpected + flaky === 0) problems.push('no test ran')
  let failed = unexpected + flaky
  if (expectations) {
    const accounting = account(playwrightTests(report.suites ?? [], expectations.testDir), expectations)
    problems.push(...accounting.problems)
    failed += accounting.undeclaredSkips
  }
  // A flaky test passed only on a retry: it counts as a failure, so a journey that sometimes breaks is seen.
  return verdict(expected, failed, skipped, problems)
}

/** `deno test` prints "ok | N passed (M steps) | F failed" or "FAILED | …" at the end. */
export function denoVerdict(code: number, output: string, floor = 0): Verdict {
  // eslint-disable-next-line no-control-regex -- colour codes are stripped before the summary is read
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '')
  const summary = /^(ok|FAILED) \| (\d+) passed(?: \(\d+ steps?\))? \| (\d+) failed/m.exec(plain)
  const problems = exitProblem(code)
  if (!summary) return verdict(0, 0, 0, [...problems, 'deno test printed no summary'])
  const passed = Number(summary[2])
  const failed = Number(summary[3])
  if (passed + failed === 0) problems.push('no test ran')
  else if (passed + failed < floor) problems.push(`${passed + failed} tests ran, fewer than the floor of ${floor}`)
  return verdict(passed, failed, 0, problems)
}

/** pg_prove's TAP: "ok N" and "not ok N" lines, plans that ran short, and its closing "Result:". */
export function pgProveVerdict(code: number, output: string, expected?: { floor: number; files: string[] }): Verdict {
  const passed = output.match(/^ok \d+/gm)?.length ?? 0
  let failed = output.match(/^not ok \d+/gm)?.length ?? 0
  for (const [, planned, ran] of output.matchAll(/You planned (\d+) tests? but ran (\d+)/g)) {
    failed += Math.max(0, Number(planned) - Number(ran))
  }
  const problems = exitProblem(code)
  if (!/^Result: PASS$/m.test(output)) problems.push('pg_prove did not report "Result: PASS"')
  if (passed + failed === 0) problems.push('no test ran')
  if (expected) {
    if (passed + failed < expected.floor) {
      problems.push(`${passed + failed} tests ran, fewer than the floor of ${expected.floor}`)
    }
    // pg_prove names each file as it starts it: "supabase/tests/database/x.test.sql .. ".
    const started = new Set([...output.matchAll(/^(\S+\.sql) \.\./gm)].map((m) => m[1]))
    const missing = expected.files.filter((file) => !started.has(file))
    if (missing.length > 0) problems.push(`no test of ${missing.join(', ')} reported`)
  }
  return verdict(passed, failed, 0, problems)
}
