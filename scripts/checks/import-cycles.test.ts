// The import-cycle check finds a loop in a tree built here (relative, `@/` and type-only imports alike, packages left
// out), names it as the files it runs through, and finds none in the repo itself.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cycles, importCycleProblems, importGraph, sourceFiles } from './import-cycles.ts'

const base = mkdtempSync(path.join(os.tmpdir(), 'summit-cycles-'))
function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(base, file)), { recursive: true })
  writeFileSync(path.join(base, file), text)
}
afterAll(() => rmSync(base, { recursive: true, force: true }))

describe('import cycles', () => {
  write('scripts/a.ts', "import { b } from './b.ts'\nimport pg from 'pg'\nexport const a = b + 1\n")
  write('scripts/b.ts', "import type { C } from './sub/c.ts'\nexport const b = 1\nexport type B = C\n")
  write('scripts/sub/c.ts', "export type { A } from '../a.ts'\nexport type C = number\n")
  write('web/src/x.tsx', "import { y } from '@/y'\nexport const x = y\n")
  write('web/src/y.ts', "export const y = import('./x').then(() => 1)\n")
  write('scripts/lone.ts', "import { a } from './a.ts'\nexport const lone = a\n")

  it('reads relative, `@/`, re-exported, type-only and dynamic imports, and leaves packages out', () => {
    const graph = importGraph(base, sourceFiles(base, ['scripts', 'web/src']))
    expect(graph.get('scripts/a.ts')).toEqual(['scripts/b.ts'])
    expect(graph.get('scripts/sub/c.ts')).toEqual(['scripts/a.ts'])
    expect(graph.get('web/src/y.ts')).toEqual(['web/src/x.tsx'])
  })

  it('names each loop as the files it runs through, and only files that are in one', () => {
    const graph = importGraph(base, sourceFiles(base, ['scripts', 'web/src']))
    expect(cycles(graph)).toEqual([
      ['scripts/a.ts', 'scripts/b.ts', 'scripts/sub/c.ts', 'scripts/a.ts'],
      ['web/src/x.tsx', 'web/src/y.ts', 'web/src/x.tsx'],
    ])
  })

  it('finds none in this repository', () => {
    expect(importCycleProblems()).toEqual([])
  }, 60_000)
})
