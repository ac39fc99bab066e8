// The verdict rules on reports and outputs written by hand: every way a run can go wrong without a failed test in
// its counts comes out red, and only a clean run comes out green.
import { describe, expect, test } from 'vitest'
import {
  checkVerdict,
  denoVerdict,
  pgProveVerdict,
  playwrightVerdict,
  vitestVerdict,
  type VitestReport,
} from './verdict.ts'

const vitestReport = (overrides: Partial<VitestReport> = {}): VitestReport => ({
  success: true,
  numTotalTests: 3,
  numPassedTests: 3,
  numFailedTests: 0,
  numPendingTests: 0,
  numTodoTests: 0,
  testResults: [{ name: 'a.test.ts', status: 'passed' }],
  ...overrides,
})

describe('vitest', () => {
  test('a clean run is green', () => {
    expect(vitestVerdict(0, vitestReport())).toEqual({ passed: 3, failed: 0, skipped: 0, problems: [] })
  })
  test('a non-zero exit with every test passed is red', () => {
    expect(vitestVerdict(1, vitestReport())).toMatchObject({ failed: 1, problems: ['the process exited with code 1'] })
  })
  test('a report that says it did not succeed is red', () => {
    expect(vitestVerdict(0, vitestReport({ success: false })).failed).toBe(1)
  })
  test('a file that failed to load is named', () => {
    const report = vitestReport({
      testResults: [{ name: 'b.test.ts', status: 'failed', message: 'SyntaxError: x\nat' }],
    })
    expect(vitestVerdict(1, report).problems).toContain('b.test.ts: SyntaxError: x')
  })
  test('no tests is red, and no report is red', () => {
    expect(vitestVerdict(0, vitestReport({ numTotalTests: 0, numPassedTests: 0 })).failed).toBe(1)
    expect(vitestVerdict(0, undefined)).toMatchObject({ failed: 1, problems: ['vitest wrote no report'] })
  })
  test('failed tests are counted as they are, not as one', () => {
    expect(vitestVerdict(1, vitestReport({ numPassedTests: 1, numFailedTests: 2 }))).toMatchObject({ failed: 2 })
  })
})

describe('playwright', () => {
  const stats = { expected: 4, unexpected: 0, flaky: 0, skipped: 1 }
  test('a clean run is green, skipped tests are counted as skipped', () => {
    expect(playwrightVerdict(0, { stats })).toEqual({ passed: 4, failed: 0, skipped: 1, problems: [] })
  })
  test('an error outside any test is red', () => {
    expect(playwrightVerdict(1, { stats, errors: [{ message: 'Error: boom\n  at x' }] }).problems).toEqual([
      'the process exited with code 1',
      'Error: boom',
    ])
  })
  test('a flaky test counts as failed', () => {
    expect(playwrightVerdict(1, { stats: { ...stats, flaky: 1 } }).failed).toBe(1)
  })
  test('no tests is red', () => {
    expect(playwrightVerdict(0, { stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 2 } }).failed).toBe(1)
  })
})

describe('deno', () => {
  test('reads the summary', () => {
    expect(denoVerdict(0, 'ok | 21 passed (3 steps) | 0 failed (1s)\n')).toEqual({
      passed: 21,
      failed: 0,
      skipped: 0,
      problems: [],
    })
    expect(denoVerdict(1, 'FAILED | 20 passed | 1 failed (1s)\n')).toMatchObject({ passed: 20, failed: 1 })
  })
  test('exit 0 without a summary is red, not "passed with zero tests"', () => {
    expect(denoVerdict(0, 'Check file:///x.ts\n')).toMatchObject({
      failed: 1,
      problems: ['deno test printed no summary'],
    })
  })
  test('zero tests is red', () => {
    expect(denoVerdict(0, 'ok | 0 passed | 0 failed (0ms)\n').failed).toBe(1)
  })
})

describe('pg_prove and whole-tool checks', () => {
  const tap = 'a.sql ..\n1..2\nok 1 - x\nok 2 - y\nok\nAll tests successful.\nResult: PASS\n'
  test('a clean run is green', () => {
    expect(pgProveVerdict(0, tap)).toEqual({ passed: 2, failed: 0, skipped: 0, problems: [] })
  })
  test('a plan that ran short counts the missing tests as failed', () => {
    const short =
      'a.sql ..\n1..3\nok 1 - x\nTest Summary Report\n  Parse errors: Bad plan.  You planned 3 tests but ran 1.\nResult: FAIL\n'
    expect(pgProveVerdict(1, short)).toMatchObject({
      passed: 1,
      failed: 2,
    })
  })
  test('a file that died before any test is red', () => {
    expect(pgProveVerdict(3, 'a.sql .. \nDubious, test returned 3\nResult: FAIL\n').failed).toBe(1)
  })
  test('with expectations, a run under its floor or a file that never started is red', () => {
    expect(pgProveVerdict(0, tap, { floor: 2, files: ['a.sql'] })).toMatchObject({ failed: 0, problems: [] })
    expect(pgProveVerdict(0, tap, { floor: 3, files: ['a.sql', 'b.sql'] }).problems).toEqual([
      '2 tests ran, fewer than the floor of 3',
      'no test of b.sql reported',
    ])
    expect(denoVerdict(0, 'ok | 21 passed | 0 failed (1s)\n', 30).problems).toEqual([
      '21 tests ran, fewer than the floor of 30',
    ])
  })
  test('a tool is green only when it exits 0', () => {
    expect(checkVerdict(0)).toMatchObject({ passed: 1, failed: 0 })
    expect(checkVerdict(2)).toMatchObject({ passed: 0, failed: 1 })
  })
})
