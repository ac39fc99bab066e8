// postgres_changes and database broadcasts, end to end: the replication stream's messages are gathered into
// transactions, and committed changes go, in commit order, either to the subscribers (through apply_rls, many changes
// per query while a backlog waits) or, for realtime.messages, to its topic. Channels subscribe and unsubscribe here.
import type pg from 'pg'
import { isConnectionError } from '../../db/pools.ts'
import { databaseBroadcast, isMessagesTable } from '../broadcast/from-database.ts'
import type { UserBroadcast } from '../socket/messages.ts'
import type { ApplyRlsRow } from './apply-rls.ts'
import { ChangeDispatcher } from './dispatcher.ts'
import type { Decoded, Relation } from './pgoutput.ts'
import { BindingRegistry, type ChangesChannel, type PgBinding } from './registry.ts'
import { PUBLICATION, preparePublications } from './publications.ts'
import { ReplicationStream } from './replication.ts'
import { APPLICATION_NAME, SubscriptionStore, type CreateResult } from './subscriptions.ts'
import { committedForAll } from './visibility.ts'
import { commitTimestamp, type Change } from './wal.ts'

export interface ChangesOptions {
  url: string
  pool: pg.Pool
  tag: string
  log(message: string): void
  onDatabaseBroadcast(key: string, broadcast: UserBroadcast): void
}

/** The most changes checked in one query: enough to catch up a backlog quickly, few enough to keep each reply fast. */
const MAX_BATCH = 50
/** Batches checked at once, on as many pooled connections (of the 8), so the database's cores share the work. */
const MAX_CHECKS = 4

interface Transaction {
  timestamp: string
  xid: number
  changes: Change[]
}

/** In commit order: committed transactions, and resubscriptions that must happen before the changes after them. */
type Work = { kind: 'transaction'; transaction: Transaction } | { kind: 'task'; run: () => Promise<void> }

type Pending = { change: Change; timestamp: string; xid: number }
/** What a checked batch delivers, in order: apply_rls() rows, and database broadcasts between them. */
type Step = { rows: ApplyRlsRow[] } | { broadcast: { key: string; broadcast: UserBroadcast } }

export class ChangesManager {
  readonly store: SubscriptionStore
  private readonly registry = new BindingRegistry()
  private readonly dispatcher: ChangeDispatcher
  private readonly channels = new Set<ChangesChannel>()
  private readonly stream: ReplicationStream
  private transaction: Transaction | undefined
  private readonly work: Work[] = []
  private draining: Promise<void> | undefined
  private stopping = false

  constructor(private readonly options: ChangesOptions) {
    this.store = new SubscriptionStore(options.pool, options.tag, PUBLICATION)
    this.dispatcher = new ChangeDispatcher(options.pool, this.registry, options.log)
    this.stream = new ReplicationStream({
      url: options.url,
      applicationName: `${APPLICATION_NAME} ${options.tag}`,
      slotName: `summit_realtime_${options.tag}`,
      prepare: () => preparePublications(options.pool),
      onMessage: (message) => this.onMessage(message),
      onConnected: () => void this.afterReconnect(),
      onDisconnected: () => (this.transaction = undefined),
      log: options.log,
    })
  }

  get connected(): boolean {
    return this.stream.connected
  }

  /** Whether the last batch skipped, in the database, subscribers whose filters cannot match (see apply-rls.ts). */
  get screening(): boolean {
    return this.dispatcher.screening
  }

  start(): Promise<void> {
    return this.stream.start()
  }

  /** From now on channels that end leave their rows to stop(), which deletes them all at once. */
  beginStop(): void {
    this.stopping = true
  }

  /** Stops streaming and deletes every subscription row this instance wrote. */
  async stop(): Promise<void> {
    this.stopping = true
    await this.stream.stop()
    await this.draining
    await this.store
      .removeOwn()
      .catch((error: Error) => this.options.log(`could not delete subscriptions: ${error.message}`))
  }

  async subscribe(channel: ChangesChannel): Promise<CreateResult> {
    const result = await this.store.create(
      channel.bindings.map((b) => ({ id: b.uuid, params: b.params })),
      channel.claims,
    )
    if (result.ok && channel.closed) await this.store.remove(channel.bindings.map((b) => b.uuid)).catch(() => {})
    else if (result.ok) {
      this.registry.add(channel, result.entities)
      this.channels.add(channel)
    }
    return result
  }

  async unsubscribe(channel: ChangesChannel): Promise<void> {
    if (!this.channels.delete(channel)) return
    this.registry.remove(channel)
    if (this.stopping) return // stop() deletes them all at once
    await this.store.remove(channel.bindings.map((b) => b.uuid)).catch((error: Error) => {
      this.options.log(`could not delete subscriptions: ${error.message}`)
    })
  }

  /** After a (re)connection: rows of instances that are gone are deleted, and ours written again (a reset may have
   * recreated the tables under new OIDs). */
  private async afterReconnect(): Promise<void> {
    try {
      await this.store.removeOrphans()
      await this.resubscribe([...this.channels])
    } catch (error) {
      this.options.log(`could not restore subscriptions: ${(error as Error).message}`)
    }
  }

  private async resubscribe(channels: ChangesChannel[]): Promise<void> {
    for (const channel of channels) {
      if (channel.closed) continue
      const bindings = channel.bindings.map((b) => ({ id: b.uuid, params: b.params }))
      const result = await this.store.create(bindings, channel.claims)
      if (result.ok) this.registry.add(channel, result.entities)
    }
  }

  /**
   * pgoutput describes a table before its first change in the stream. A table nobody here listens to by OID, but
   * that a binding names, was created after the subscription (a reset or migration recreated it): the bindings are
   * written again, in the queue, so they cover it before its changes are processed.
   */
  private onRelation(relation: Relation): void {
    this.dispatcher.forget(relation.oid)
    if (this.registry.listensTo(relation.oid) || isMessagesTable(relation)) return
    const names = (b: PgBinding) =>
      (b.params.schema === '*' || b.params.schema === relation.schema) &&
      (b.params.table === '*' || b.params.table === relation.name)
    const stale = [...this.channels].filter((channel) => channel.bindings.some(names))
    if (stale.length > 0) {
      const run = () =>
        this.resubscribe(stale).catch((error: Error) => this.options.log(`could not resubscribe: ${error.message}`))
      this.enqueue({ kind: 'task', run })
    }
  }

  private onMessage(message: Decoded): void {
    switch (message.tag) {
      case 'begin':
        this.transaction = { timestamp: commitTimestamp(message.commitTime), xid: message.xid, changes: [] }
        return
      case 'relation':
        this.onRelation(message.relation)
        return
      case 'insert':
        this.transaction?.changes.push({ kind: 'insert', relation: message.relation, new: message.new })
        return
      case 'update':
        this.transaction?.changes.push({ kind: 'update', ...message })
        return
      case 'delete':
        this.transaction?.changes.push({ kind: 'delete', ...message })
        return
      case 'commit': {
        const transaction = this.transaction
        this.transaction = undefined
        if (transaction && transaction.changes.length > 0) this.enqueue({ kind: 'transaction', transaction })
      }
    }
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
        } else if (this.registry.listensTo(change.relation.oid)) {
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
      return await this.dispatcher.check(changes)
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

  /** Never throws: the chain of deliveries must go on whatever one of them does. */
  private deliverSteps(steps: Step[]): void {
    for (const step of steps) {
      try {
        if ('broadcast' in step) this.options.onDatabaseBroadcast(step.broadcast.key, step.broadcast.broadcast)
        else for (const row of step.rows) this.dispatcher.deliver(row)
      } catch (error) {
        this.options.log(`could not deliver a change: ${(error as Error).stack ?? String(error)}`)
      }
    }
  }
}
