// postgres_changes and database broadcasts, end to end: the replication stream's messages are gathered into
// transactions, and committed changes go, in commit order, either to the subscribers (through apply_rls, many changes
// per query while a backlog waits) or, for realtime.messages, to its topic. Channels subscribe and unsubscribe here.
import type pg from 'pg'
import { isMessagesTable } from '../broadcast/from-database.ts'
import type { RateCounter } from '../limits.ts'
import type { UserBroadcast } from '../socket/messages.ts'
import { ChangeDispatcher } from './dispatcher.ts'
import type { Decoded, Relation } from './pgoutput.ts'
import { ChangePipeline, type Transaction } from './pipeline.ts'
import { BindingRegistry, type ChangesChannel, type PgBinding } from './registry.ts'
import { PUBLICATION, preparePublications } from './publications.ts'
import { ReplicationStream } from './replication.ts'
import { APPLICATION_NAME, ORPHAN_MIN_AGE_S, SubscriptionStore, type CreateResult } from './subscriptions.ts'
import { commitTimestamp } from './wal.ts'

export interface ChangesOptions {
  url: string
  pool: pg.Pool
  tag: string
  log(message: string): void
  onDatabaseBroadcast(key: string, broadcast: UserBroadcast): void
  /** The tenant's postgres changes per second (limits.ts); every delivery counts. */
  dbEvents?: RateCounter
}

export class ChangesManager {
  readonly store: SubscriptionStore
  private readonly registry = new BindingRegistry()
  private readonly dispatcher: ChangeDispatcher
  private readonly channels = new Set<ChangesChannel>()
  private readonly stream: ReplicationStream
  private transaction: Transaction | undefined
  private readonly pipeline: ChangePipeline
  private stopping = false
  /** A cleanup after the last (re)connection's, once the rows that one left for being too young are old enough. */
  private lateCleanup: NodeJS.Timeout | undefined

  constructor(private readonly options: ChangesOptions) {
    this.store = new SubscriptionStore(options.pool, options.tag, PUBLICATION)
    this.dispatcher = new ChangeDispatcher(options.pool, this.registry, options.log)
    this.pipeline = new ChangePipeline({ ...options, dispatcher: this.dispatcher, registry: this.registry })
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

  /** In how many parts the last batch was checked (see split.ts). */
  get checkParts(): number {
    return this.dispatcher.parts
  }

  start(): Promise<void> {
    return this.stream.start()
  }

  /** Closes the replication stream until resumeReplication() (see ReplicationStream.pause). */
  pauseReplication(): Promise<void> {
    return this.stream.pause()
  }

  resumeReplication(): void {
    this.stream.resume()
  }

  /** From now on channels that end leave their rows to stop(), which deletes them all at once. */
  beginStop(): void {
    this.stopping = true
  }

  /** Stops streaming and deletes every subscription row this instance wrote. */
  async stop(): Promise<void> {
    this.stopping = true
    clearTimeout(this.lateCleanup)
    await this.stream.stop()
    await this.pipeline.idle()
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
    clearTimeout(this.lateCleanup)
    if (this.stopping) return
    this.lateCleanup = setTimeout(
      () => {
        this.lateCleanup = undefined
        if (this.stopping) return
        this.store.removeOrphans().catch((error: Error) => {
          this.options.log(`could not delete orphaned subscriptions: ${error.message}`)
        })
      },
      (ORPHAN_MIN_AGE_S + 1) * 1000,
    )
    this.lateCleanup.unref()
  }

  private async resubscribe(channels: ChangesChannel[]): Promise<void> {
    for (const channel of channels) {
      if (channel.closed) continue
      const bindings = channel.bindings.map((b) => ({ id: b.uuid, params: b.params }))
      const result = await this.store.create(bindings, channel.claims)
      if (result.ok) this.registry.add(channel, result.entities)
      else this.options.log(`could not resubscribe a channel: ${result.message}`)
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
      this.pipeline.task(run)
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
        if (transaction && transaction.changes.length > 0) this.pipeline.transaction(transaction)
      }
    }
  }
}
