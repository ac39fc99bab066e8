// Suites side by side: each one's output, its own writes and its processes' (through run.ts, as `npm test` runs
// them), comes out whole and unmixed; a suite alone streams; every suite has one result, a throwing one a failure.
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { run } from './run.ts'
import { keepOutput, routeOutput, Suites } from './suites.ts'
import { checkVerdict } from './verdict.ts'

const node = process.execPath
/** A real process that prints `lines` lines tagged `tag` on stdout and stderr, pausing between them. */
function chatty(tag: string, lines: number) {
  const script = `
    let i = 0
    const timer = setInterval(() => {
      i += 1
      ;(i % 2 ? process.stdout : process.stderr).write('${tag} line ' + i + '\\n')
      if (i === ${lines}) clearInterval(timer)
    }, 15)`
  return run(node, ['-e', script]).then(({ code }) => checkVerdict(code))
}

/**
 * `chatty`'s lines as captured: every one of them and nothing else, each stream's in the order written. Which of
 * stdout and stderr is read first when both have a line waiting is the reader's event loop's choice (on a loaded
 * machine a 15 ms pause is not enough to keep them in turn), so the order between the two is not asserted.
 */
function expectChatty(lines: string[], tag: string, count: number, message?: string) {
  const expected = Array.from({ length: count }, (_, i) => `${tag} line ${i + 1}`)
  const number = (line: string) => Number(line.slice(line.lastIndexOf(' ') + 1))
  expect(
    [...lines].sort((a, b) => number(a) - number(b)),
    message,
  ).toEqual(expected)
  for (const parity of [1, 0]) {
    const written = (line: string) => number(line) % 2 === parity
    expect(lines.filter(written), message).toEqual(expected.filter(written))
  }
}

let restore: () => void
beforeEach(() => {
  restore = routeOutput()
})
afterEach(() => restore())

describe('keepOutput', () => {
  test('keeps what the work and its processes write; writes outside it, or after it ended, go through', async () => {
    // The stream underneath records what reaches it.
    restore()
    const reached: string[] = []
    const original = process.stdout.write
    process.stdout.write = ((chunk: string) => (reached.push(chunk), true)) as typeof process.stdout.write
    restore = routeOutput()
    let release = () => {}
    let afterwards: Promise<unknown> | undefined
    try {
      const outside = new Promise<void>((resolve) =>
        setTimeout(() => {
          process.stdout.write('outside\n')
          resolve()
        }, 20),
      )
      const [{ value, output }] = await Promise.all([
        keepOutput(async () => {
          process.stdout.write('inside\n')
          // A server the work started keeps writing once the work is over (the stack after its suite).
          afterwards = new Promise<void>((resolve) => (release = resolve)).then(() =>
            process.stdout.write('after it ended\n'),
          )
          return chatty('child', 4)
        }),
        outside,
      ])
      release()
      await afterwards
      expect(value).toMatchObject({ passed: 1, failed: 0 })
      const [first, ...childLines] = output.split('\n').filter(Boolean)
      expect(first).toBe('inside')
      expectChatty(childLines, 'child', 4)
      expect(reached).toEqual(['outside\n', 'after it ended\n'])
    } finally {
      restore()
      process.stdout.write = original
      restore = routeOutput()
    }
  })
})

describe('Suites', () => {
  test('side by side, each suite is printed whole when it ends, never interleaved', async () => {
    const printed: string[] = []
    const suites = new Suites((text) => printed.push(text))
    await suites.together(
      async () => {
        await suites.suite('slow lane first', () => chatty('a1', 6))
        await suites.suite('slow lane second', () => chatty('a2', 2))
      },
      async () => {
        await suites.suite('quick lane', () => chatty('b', 3))
      },
    )
    expect(printed).toHaveLength(3)
    for (const block of printed) {
      const [heading, ...lines] = block.trim().split('\n')
      const expected = {
        '▸ slow lane first': ['a1', 6],
        '▸ slow lane second': ['a2', 2],
        '▸ quick lane': ['b', 3],
      } as const
      const [tag, count] = expected[heading as keyof typeof expected]
      expectChatty(lines, tag, count, block)
    }
    // One result per suite, in the order they ended; a lane's suites keep their order.
    const names = suites.results.map((r) => r.name)
    expect([...names].sort()).toEqual(['quick lane', 'slow lane first', 'slow lane second'])
    expect(names.indexOf('slow lane first')).toBeLessThan(names.indexOf('slow lane second'))
    expect(suites.results.every((r) => r.passed === 1 && r.failed === 0 && /^\d+\.\d s$/.test(r.time))).toBe(true)
  })

  test('a suite that throws is one failure carrying the first line, printed with its output', async () => {
    const printed: string[] = []
    const suites = new Suites((text) => printed.push(text))
    await suites.together(async () => {
      await suites.suite('broken', async () => {
        process.stdout.write('before the error\n')
        throw new Error('the stack did not start\nmore detail')
      })
    })
    expect(suites.results).toEqual([
      { name: 'broken', passed: 0, failed: 1, problems: ['the stack did not start'], time: expect.any(String) },
    ])
    expect(printed).toHaveLength(1)
    expect(printed[0]).toContain('before the error\nthe stack did not start\nmore detail\n✗ the stack did not start\n')
  })

  test('alone, a suite streams: its heading is out before its work ends', async () => {
    const printed: string[] = []
    const suites = new Suites((text) => printed.push(text))
    await suites.suite('alone', async () => {
      expect(printed).toEqual(['\n▸ alone\n'])
      return checkVerdict(0)
    })
    expect(suites.results).toHaveLength(1)
  })

  test('a lane that throws between its suites fails the whole only after the other lane ended', async () => {
    const suites = new Suites(() => undefined)
    const together = suites.together(
      async () => {
        throw new Error('lane broke')
      },
      async () => {
        await suites.suite('still runs', () => chatty('c', 2))
      },
    )
    await expect(together).rejects.toThrow('lane broke')
    expect(suites.results.map((r) => r.name)).toEqual(['still runs'])
  })
})
