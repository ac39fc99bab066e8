// The queue between the replication stream and the subscribers: committed transactions (and resubscriptions that
// must come before the changes after them) in commit order. Changes are checked by apply_rls in batches, several
// batches at once on pooled connections, and delivered strictly in commit order, database broadcasts in their place.
import type pg from 'pg'
import { isConnectionError } from '../../db/pools.ts'
import { databaseBroadcast, isMessagesTable } from '../broadcast/from-database.ts'
import type { RateCounter } from '../limits.ts'
import type { UserBroadcast } from '../socket/messages.ts'
import type { ApplyRlsRow } from './apply-rls.ts'
import type { ChangeDispatcher } from './dispatcher.ts'
import type { BindingRegistry } from './registry.ts'
import { committedForAll } from './visibility.ts'
import type { Change } from './wal.ts'

/** The most changes checked in one query: enough to catch up a backlog quickly, few enough to keep each reply fast. */
const MAX_BATCH = 20
/** Batches checked at once, on as many pooled connections (of the 8), so the database's cores share the work. */
const MAX_CHECKS = 4

export interface Transaction {
  timestamp: string
  xid: number
  changes: Change[]
}

type Work = { kind: 'transaction'; transaction: Transaction } | { kind: 'task'; run: () => Promise<void> }

type Pending = { change: Change; timestamp: string; xid: number }
/** What a checked batch delivers, in order: apply_rls() rows, and database broadcasts between them. */
type Step = { rows: ApplyRlsRow[] } | { broadcast: { key: string; broadcast: UserBroadcast } }

export interface PipelineOptions {
  pool: pg.Pool
  dispatcher: ChangeDispatcher
  registry: BindingRegistry
  log(message: string): void
  onDatabaseBroadcast(key: string, broadcast: UserBroadcast): void
  /**
   * The tenant's postgres changes per second, as Realtime's poller keeps it: each change counts once per subscriber
   * it goes to, and while the tenant is over the limit the changes of a batch are dropped, unsent and uncounted.
   */
  dbEvents?: RateCounter
}

export class ChangePipeline {
  private readonly work: Work[] = []
  private draining: Promise<void> | undefined

  constructor(private readonly options: PipelineOptions) {}

  /** Resolves once everything queued so far has been delivered. */
  idle(): Promise<void> {
    return this.draining ?? Promise.resolve()
  }

  transaction(transaction: Transaction): void {
    this.enqueue({ kind: 'transaction', transaction })
  }

  /** Runs `run` after every change queued before it was delivered, and before any queued after it is checked. */
  task(run: () => Promise<void>): void {
    this.enqueue({ kind: 'task', run })
  }

  private enqueue(work: Work): void {
    this.work.push(work)
    this.draining ??= this.drain()
  }

  /**
   * Works through the queue: tasks one by one after everything before them was delivered; transactions in batches
   * of up to MAX_BATCH changes, up to MAX_CHECKS batches checked at once (the database has more than one core),
   * delivered strictly in commit order.
   */
  private async drain(): Promise<void> {
    let delivered: Promise<void> = Promise.resolve()
    const checking = new Set<Promise<unknown>>()
    for (;;) {
      while (this.work.length > 0) {
        const next = this.work[0]!
        if (next.kind === 'task') {
          this.work.shift()
          await delivered
          await next.run()
          continue
        }
        while (checking.size >= MAX_CHECKS) await Promise.race(checking)
        const steps = this.check(this.takeBatch())
        const checked: Promise<unknown> = steps.then(() => checking.delete(checked))
        checking.add(checked)
        delivered = delivered.then(async () => this.deliverSteps(await steps))
      }
      await delivered
      // No await between this last look at the queue and the end: a transaction queued now starts a new drain.
      if (this.work.length === 0) break
    }
    this.draining = undefined
  }

  private takeBatch(): Transaction[] {
    const batch: Transaction[] = []
    let size = 0
    for (let head = this.work[0]; head?.kind === 'transaction'; head = this.work[0]) {
      if (batch.length > 0 && size + head.transaction.changes.length > MAX_BATCH) break
      this.work.shift()
      batch.push(head.transaction)
      size += head.transaction.changes.length
    }
    return batch
  }

  /** Starts checking a batch at once; database broadcasts keep their place among the changes. Never rejects. */
  private check(transactions: Transaction[]): Promise<Step[]> {
    const steps: Promise<Step>[] = []
    let pending: Pending[] = []
    const flush = () => {
      if (pending.length === 0) return
      const changes = pending
      pending = []
      steps.push(this.checkChanges(changes).then((rows) => ({ rows })))
    }
    for (const { changes, timestamp, xid } of transactions) {
      for (const change of changes) {
        if (isMessagesTable(change.relation)) {
          flush()
          const message = change.kind === 'insert' ? databaseBroadcast(change.relation, change.new) : undefined
          if (message) steps.push(Promise.resolve({ broadcast: message }))
        } else if (this.options.registry.listensTo(change.relation.oid)) {
          pending.push({ change, timestamp, xid })
        }
      }
    }
    flush()
    return Promise.all(steps)
  }

  private async checkChanges(changes: Pending[]): Promise<ApplyRlsRow[]> {
    try {
      // RLS checks read the tables: first make sure the transactions are visible to them.
      await committedForAll(
        this.options.pool,
        changes.map((c) => c.xid),
      )
      return await this.options.dispatcher.check(changes)
    } catch (error) {
      // A change the database cannot check (a value apply_rls cannot cast, say) must not hold back the others in its
      // batch: each is tried alone. With the database away they are lost, as they are to a stream that reconnects.
      if (changes.length > 1 && !isConnectionError(error)) {
        const rows: ApplyRlsRow[] = []
        for (const change of changes) rows.push(...(await this.checkChanges([change])))
        return rows
      }
      const { relation } = changes[0]!.change
      const what = changes.length > 1 ? `${changes.length} changes` : `a change to ${relation.schema}.${relation.name}`
      this.options.log(`could not deliver ${what}: ${(error as Error).message}`)
      return []
    }
  }

  private deliverRows(rows: ApplyRlsRow[]): void {
    const { dbEvents, dispatcher } = this.options
    if (rows.length > 0 && dbEvents?.triggered) return
    for (const row of rows) {
      dbEvents?.add(row.subscription_ids?.length ?? 0)
      dispatcher.deliver(row)
    }
  }

  /** Never throws: the chain of deliveries must go on whatever one of them does. */
  private deliverSteps(steps: Step[]): void {
    for (const step of steps) {
      try {
        if ('broadcast' in step) this.options.onDatabaseBroadcast(step.broadcast.key, step.broadcast.broadcast)
        else this.deliverRows(step.rows)
      } catch (error) {
        this.options.log(`could not deliver a change: ${(error as Error).stack ?? String(error)}`)
      }
    }
  }
}
