// Which functions exist and what their workers depend on, checked off the event loop and at most once per interval
// per function, so that a burst of requests costs one walk of the folders, and an edit is seen within the interval.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { trackSources } from './sources.ts'

let dir: string

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'summit-sources-'))
  mkdirSync(path.join(dir, 'hello'))
  mkdirSync(path.join(dir, '_shared'))
  writeFileSync(path.join(dir, 'hello', 'index.ts'), 'export {}\n')
  writeFileSync(path.join(dir, '_shared', 'util.ts'), 'export {}\n')
  writeFileSync(path.join(dir, '.env'), 'A=1\n')
})

afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('trackSources', () => {
  it('tells whether a function has an index.ts', async () => {
    const check = trackSources(dir, 50)
    expect((await check('hello')).exists).toBe(true)
    expect((await check('missing')).exists).toBe(false)
  })

  it("changes the fingerprint when the function's files, _shared or a top-level file change", async () => {
    const check = trackSources(dir, 0)
    const prints = [(await check('hello')).fingerprint]
    const edits = [
      () => writeFileSync(path.join(dir, 'hello', 'index.ts'), 'export const edited = 1\n'),
      () => {
        mkdirSync(path.join(dir, 'hello', 'lib'))
        writeFileSync(path.join(dir, 'hello', 'lib', 'deep.ts'), 'export {}\n')
      },
      () => writeFileSync(path.join(dir, '_shared', 'util.ts'), 'export const more = 2\n'),
      () => writeFileSync(path.join(dir, '.env'), 'A=2\n'),
      () => writeFileSync(path.join(dir, 'deno.json'), '{}\n'),
    ]
    for (const edit of edits) {
      edit()
      prints.push((await check('hello')).fingerprint)
    }
    expect(new Set(prints).size).toBe(prints.length)
  })

  it("ignores other functions' folders", async () => {
    const check = trackSources(dir, 0)
    const before = (await check('hello')).fingerprint
    mkdirSync(path.join(dir, 'other'))
    writeFileSync(path.join(dir, 'other', 'index.ts'), 'export {}\n')
    expect((await check('hello')).fingerprint).toBe(before)
  })

  it('walks one folder once for a burst of requests, and again once the interval has passed', async () => {
    const check = trackSources(dir, 200)
    const burst = await Promise.all(Array.from({ length: 20 }, () => check('hello')))
    expect(new Set(burst).size).toBe(1)
    writeFileSync(path.join(dir, 'hello', 'index.ts'), 'export const edited = 1\n')
    expect(await check('hello')).toBe(burst[0])
    await sleep(220)
    expect((await check('hello')).fingerprint).not.toBe(burst[0]?.fingerprint)
  })

  it('answers checks in the order they start, so an older walk never overrides a newer one', async () => {
    const check = trackSources(dir, 0)
    const order: number[] = []
    await Promise.all([0, 1, 2, 3].map((n) => check('hello').then(() => order.push(n))))
    expect(order).toEqual([0, 1, 2, 3])
  })

  it('keeps the event loop turning while it walks', async () => {
    for (let i = 0; i < 300; i++) writeFileSync(path.join(dir, '_shared', `module-${i}.ts`), 'export {}\n')
    const check = trackSources(dir, 0)
    let turns = 0
    let walking = true
    const turn = () => {
      if (!walking) return
      turns++
      setImmediate(turn)
    }
    setImmediate(turn)
    await check('hello')
    walking = false
    expect(turns).toBeGreaterThan(0)
  })
})
