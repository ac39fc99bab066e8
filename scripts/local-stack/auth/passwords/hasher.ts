// bcrypt off the event loop: a small pool of worker threads running bcryptjs, so a sign-in (~70 ms of hashing at
// cost 10) never stalls other requests. Hashes are written as "$2a$" like GoTrue's Go bcrypt; any bcrypt variant
// ($2a$, $2b$, $2y$, any cost, e.g. pgcrypto's crypt() in seed files) verifies.
import { availableParallelism } from 'node:os'
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

/** GoTrue's cost for new hashes (bcrypt.DefaultCost). */
export const defaultCost = 10

// The worker is plain JavaScript evaluated from a string, so it runs the same under tsx, Vitest and plain node.
// On Linux each worker also lowers its own thread's priority (nice 10): hashing then uses the CPU the event loop,
// the database and other requests leave idle, instead of competing with them on a small machine.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads')
const bcrypt = require(workerData.bcryptPath)
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop())
  require('node:os').setPriority(tid, workerData.nice)
} catch {}
parentPort.on('message', (job) => {
  try {
    let value
    if (job.op === 'hash') {
      const salt = bcrypt.genSaltSync(job.cost).replace(/^\\$2b\\$/, '$2a$')
      value = bcrypt.hashSync(job.password, salt)
    } else {
      value = bcrypt.compareSync(job.password, job.hash)
    }
    parentPort.postMessage({ id: job.id, ok: true, value })
  } catch (error) {
    parentPort.postMessage({ id: job.id, ok: false, error: String((error && error.message) || error) })
  }
})
`

type Job =
  | { op: 'hash'; id: number; password: string; cost: number }
  | { op: 'compare'; id: number; password: string; hash: string }

interface Pending {
  job: Job
  resolve: (value: unknown) => void
  reject: (error: Error) => void
}

interface Slot {
  worker: Worker
  current: Pending | undefined
}

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string }

export class PasswordHasher {
  private readonly slots: Slot[] = []
  private readonly queue: Pending[] = []
  private nextId = 1
  private closed = false

  /** `size` workers; by default one per core, at most 4 (each hash occupies a core fully). */
  constructor(private readonly size = Math.max(1, Math.min(4, availableParallelism()))) {}

  hash(password: string, cost = defaultCost): Promise<string> {
    return this.run({ op: 'hash', id: this.nextId++, password, cost }) as Promise<string>
  }

  /** False for a wrong password and for anything that is not a bcrypt hash. */
  async compare(password: string, hash: string): Promise<boolean> {
    if (!/^\$2[abxy]?\$\d\d\$[./A-Za-z0-9]{53}$/.test(hash)) return false
    return (await this.run({ op: 'compare', id: this.nextId++, password, hash })) === true
  }

  async close(): Promise<void> {
    this.closed = true
    for (const pending of this.queue.splice(0)) pending.reject(new Error('password hasher closed'))
    await Promise.all(this.slots.splice(0).map((slot) => slot.worker.terminate()))
  }

  private run(job: Job): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('password hasher closed'))
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject })
      this.dispatch()
    })
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => !s.current) ?? (this.slots.length < this.size ? this.spawn() : undefined)
      if (!slot) return
      const pending = this.queue.shift()!
      slot.current = pending
      slot.worker.postMessage(pending.job)
    }
  }

  private spawn(): Slot {
    const bcryptPath = createRequire(import.meta.url).resolve('bcryptjs')
    const worker = new Worker(workerSource, {
      eval: true,
      workerData: { bcryptPath, nice: 10 },
    })
    // Idle workers must not keep a finished process alive.
    worker.unref()
    const slot: Slot = { worker, current: undefined }
    worker.on('message', (reply: Reply) => {
      const pending = slot.current
      slot.current = undefined
      if (pending) {
        if (reply.ok) pending.resolve(reply.value)
        else pending.reject(new Error(`bcrypt: ${reply.error}`))
      }
      this.dispatch()
    })
    worker.on('error', (error) => {
      slot.current?.reject(error)
      slot.current = undefined
      this.slots.splice(this.slots.indexOf(slot), 1)
      this.dispatch()
    })
    this.slots.push(slot)
    return slot
  }
}
