// How `npm test` runs its suites and keeps their output readable. A suite run alone streams its output as it comes;
// suites in lanes that run side by side (`together`) each keep theirs, what they write and what their processes
// print, and show it whole when they end, so two suites never interleave. Every suite gets one result with its time.
import { AsyncLocalStorage } from 'node:async_hooks'
import { seconds } from '../local-stack/log.ts'
import type { Counts, Verdict } from './verdict.ts'

export interface SuiteResult extends Counts {
  name: string
  time: string
  problems: string[]
}

interface Capture {
  chunks: string[]
  open: boolean
}

const capture = new AsyncLocalStorage<Capture>()
const sideBySide = new AsyncLocalStorage<boolean>()

type Write = (chunk: string | Uint8Array, ...rest: unknown[]) => boolean

/**
 * Sends what this process writes to stdout and stderr while a suite keeps its output to that suite instead; any other
 * write goes through. Returns a function that restores both streams.
 */
export function routeOutput(): () => void {
  const streams = [process.stdout, process.stderr]
  const originals = streams.map((stream) => stream.write)
  for (const stream of streams) {
    const write = stream.write.bind(stream) as Write
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const kept = capture.getStore()
      if (!kept?.open) return write(chunk, ...rest)
      kept.chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString())
      // write(chunk, callback) or write(chunk, encoding, callback): the callback still hears that it was written.
      const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined
      if (callback) queueMicrotask(callback)
      return true
    }) as typeof stream.write
  }
  return () => streams.forEach((stream, i) => (stream.write = originals[i]!))
}

/** Runs `work` keeping everything written inside it (and by what it starts), and returns that with its result. */
export async function keepOutput<T>(work: () => Promise<T>): Promise<{ value: T; output: string }> {
  const kept: Capture = { chunks: [], open: true }
  try {
    const value = await capture.run(kept, work)
    return { value, output: kept.chunks.join('') }
  } finally {
    // Servers started inside (the stack) outlive the suite: what they write later goes straight through.
    kept.open = false
  }
}

export class Suites {
  readonly results: SuiteResult[] = []

  constructor(
    private readonly write: (text: string) => void = (text) => void process.stdout.write(text),
    private readonly paint: { heading: (text: string) => string; problem: (text: string) => string } = {
      heading: (text) => text,
      problem: (text) => text,
    },
  ) {}

  /** One suite: its verdict, or one failure with the error's first line when it throws. */
  async suite(name: string, work: () => Promise<Verdict>): Promise<Verdict> {
    const heading = `\n${this.paint.heading(`▸ ${name}`)}\n`
    const started = performance.now()
    const attempt = async (): Promise<Verdict> => {
      try {
        return await work()
      } catch (error) {
        const message = (error as Error).message
        process.stdout.write(`${this.paint.problem(message)}\n`)
        return { passed: 0, failed: 1, problems: [message.split('\n')[0]!] }
      }
    }
    let verdict: Verdict
    if (sideBySide.getStore()) {
      const { value, output } = await keepOutput(attempt)
      verdict = value
      this.write(`${heading}${output}${this.problems(verdict)}`)
    } else {
      this.write(heading)
      verdict = await attempt()
      this.write(this.problems(verdict))
    }
    this.results.push({ name, ...verdict, time: seconds(started) })
    return verdict
  }

  /** Runs lanes side by side; the suites within a lane run one after another, each printed whole when it ends. */
  async together(...lanes: Array<() => Promise<void>>): Promise<void> {
    // Every lane ends before this does, even when one throws between its suites.
    const ended = await sideBySide.run(true, () => Promise.allSettled(lanes.map((lane) => lane())))
    const failure = ended.find((lane) => lane.status === 'rejected')
    if (failure) throw failure.reason
  }

  private problems(verdict: Verdict): string {
    return verdict.problems.map((problem) => `${this.paint.problem(`✗ ${problem}`)}\n`).join('')
  }
}
