// A script run through the launcher with --bundle: each module keeps its own import.meta, process.argv names the
// script and its arguments, the kept bundle is used again while nothing changed and made again when a module did, and
// a script the bundle cannot hold still runs (through tsx), saying why.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../local-stack/paths.ts'
import { bundlePath } from './script-bundle.ts'

const launcher = path.join(import.meta.dirname, 'node-runtime.ts')
const dir = mkdtempSync(path.join(tmpdir(), 'summit-script-bundle-'))
const main = path.join(dir, 'main.ts')
const lib = path.join(dir, 'lib', 'where.ts')

/** Runs `script` as package.json's scripts do, from the repo's root. */
function launch(script: string, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', launcher, '--bundle', script, ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
  })
}

/** Gives files a modification time `seconds` ago: a file saved during a build is not trusted to be in it. */
function age(seconds: number, ...files: string[]) {
  const then = new Date(Date.now() - seconds * 1000)
  for (const file of files) utimesSync(file, then, then)
}

afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
  const bundles = path.dirname(bundlePath(main))
  const prefix = path.basename(bundlePath(main)).replace(/main\.mjs$/, '')
  for (const file of readdirSync(bundles)) if (file.startsWith(prefix)) rmSync(path.join(bundles, file))
})

describe('a script run bundled', () => {
  it('keeps each module its own import.meta and the script its argv, and is built again when a module changes', () => {
    mkdirSync(path.dirname(lib), { recursive: true })
    writeFileSync(lib, `export const where = () => ({ dirname: import.meta.dirname, version: 1 })\n`)
    writeFileSync(
      main,
      [
        `import { where } from './lib/where.ts'`,
        `const seen = { argv1: process.argv[1], args: process.argv.slice(2), url: import.meta.url, lib: where() }`,
        `console.log(JSON.stringify(seen))`,
      ].join('\n'),
    )
    age(10, main, lib)
    const first = launch(main, 'a', 'b')
    expect(first.stderr).toBe('')
    expect(JSON.parse(first.stdout)).toEqual({
      argv1: main,
      args: ['a', 'b'],
      url: pathToFileURL(main).href,
      lib: { dirname: path.dirname(lib), version: 1 },
    })
    const built = statSync(bundlePath(main)).mtimeMs

    // Nothing changed: the kept bundle runs.
    expect(JSON.parse(launch(main).stdout).lib.version).toBe(1)
    expect(statSync(bundlePath(main)).mtimeMs).toBe(built)

    writeFileSync(lib, `export const where = () => ({ dirname: import.meta.dirname, version: 22 })\n`)
    age(5, lib)
    expect(JSON.parse(launch(main).stdout).lib.version).toBe(22)
  }, 60_000)

  it('runs a script whose import.meta the bundle cannot keep through tsx, and says so', () => {
    const script = path.join(dir, 'meta.ts')
    writeFileSync(script, `console.log(typeof import.meta)\n`)
    const run = launch(script)
    expect(run.status).toBe(0)
    expect(run.stderr).toContain(`Could not bundle ${script}, running it through tsx`)
    expect(run.stderr).toContain('uses import.meta in a way a bundle cannot keep')
    expect(run.stdout.trim()).toBe('object')
  }, 60_000)

  it('fails as the script fails, with its exit code', () => {
    const script = path.join(dir, 'fails.ts')
    writeFileSync(script, `process.exitCode = 3\n`)
    expect(launch(script).status).toBe(3)
  }, 60_000)
})
