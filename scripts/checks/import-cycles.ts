// Import-cycle check for `npm test`: no module may reach itself through its imports, anywhere in the repo's
// TypeScript (web/, scripts/, supabase/functions/). Imports are read with TypeScript's own pre-processor (static
// imports, re-exports and dynamic `import('…')` of relative or `@/` paths; type-only imports included, since a cycle of
// types still ties the modules' designs together); package imports are outside the graph. A cycle is reported as the
// loop of files it runs through.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { repoRoot } from '../local-stack/paths.ts'

const roots = ['web/src', 'web/e2e', 'scripts', 'supabase/functions']
const skipped = new Set(['node_modules', 'dist', 'fixtures'])
const extensions = ['.ts', '.tsx']

/** Every TypeScript source under the roots, relative to `base`. */
export function sourceFiles(base = repoRoot, dirs = roots): string[] {
  const files: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(base, dir), { withFileTypes: true })) {
      if (skipped.has(entry.name)) continue
      const relative = path.posix.join(dir, entry.name)
      if (entry.isDirectory()) walk(relative)
      else if (extensions.some((ext) => entry.name.endsWith(ext)) && !entry.name.endsWith('.d.ts')) files.push(relative)
    }
  }
  for (const dir of dirs) if (existsSync(path.join(base, dir))) walk(dir)
  return files.sort()
}

/** The repo file an import specifier of `from` names, or undefined for a package. */
function resolveImport(base: string, from: string, specifier: string): string | undefined {
  let target: string
  if (specifier.startsWith('.')) target = path.posix.join(path.posix.dirname(from), specifier)
  else if (specifier.startsWith('@/') && from.startsWith('web/'))
    target = path.posix.join('web/src', specifier.slice(2))
  else return undefined
  const candidates = [
    target,
    ...extensions.map((ext) => target + ext),
    ...extensions.map((ext) => path.posix.join(target, `index${ext}`)),
    // `./x.js` written for `./x.ts`.
    ...extensions.map((ext) => target.replace(/\.js$/, ext)),
  ]
  return candidates.find((file) => {
    const full = path.join(base, file)
    return existsSync(full) && statSync(full).isFile() && extensions.some((ext) => file.endsWith(ext))
  })
}

export function importGraph(base = repoRoot, files = sourceFiles(base)): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(path.join(base, file), 'utf8'), true, true)
    const targets = info.importedFiles
      .map((imported) => resolveImport(base, file, imported.fileName))
      .filter((target): target is string => target !== undefined && target !== file)
    graph.set(file, [...new Set(targets)].sort())
  }
  return graph
}

/** The strongly connected components with more than one file (Tarjan), each as a loop starting at its first file. */
export function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (node: string) => {
    index.set(node, counter)
    low.set(node, counter++)
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!))
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1) found.push(loopThrough(graph, component.sort()))
    }
  }
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node)
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!))
}

/** One loop through a component: from its first file back to it, by the shortest path within the component. */
function loopThrough(graph: Map<string, string[]>, component: string[]): string[] {
  const members = new Set(component)
  const start = component[0]!
  const previous = new Map<string, string>()
  const queue = [start]
  while (queue.length > 0) {
    const node = queue.shift()!
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue
      if (next === start) {
        const loop = [node]
        while (loop[0] !== start) loop.unshift(previous.get(loop[0]!)!)
        return [...loop, start]
      }
      if (!previous.has(next)) {
        previous.set(next, node)
        queue.push(next)
      }
    }
  }
  return component
}

/** One sentence per cycle; none when the repo has none. */
export function importCycleProblems(base = repoRoot): string[] {
  return cycles(importGraph(base)).map((loop) => `import cycle: ${loop.join(' → ')}`)
}
