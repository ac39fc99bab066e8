// `npm run bench -- <name>`: runs the benchmark scripts/bench/<name>.ts (rest, start, ...). Each benchmark prints
// its figures beside the targets of STACK.md.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
// Helper modules have a dash in their name (rest-server.ts); benchmarks do not.
const available = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'index.ts' && !f.includes('-') && !f.endsWith('.test.ts'))
  .map((f) => f.slice(0, -3))
const name = process.argv[2]

if (!name || !available.includes(name)) {
  process.stderr.write(`usage: npm run bench -- <${available.join('|')}>\n`)
  process.exit(2)
}
await import(pathToFileURL(path.join(here, `${name}.ts`)).href)
