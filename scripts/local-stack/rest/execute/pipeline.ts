// Several statements sent in one write and closed by a single Sync: PostgreSQL runs them in one implicit
// transaction and we wait for one round trip. This is how the request's settings (role, claims, ...) and its query
// share a round trip while every value still travels as a bound parameter. Implemented as a node-postgres
// "submittable", so the client's queue and error handling stay in charge of the connection.
import type { Connection } from 'pg'

export interface Statement {
  /** Prepared-statement name, or '' for the unnamed statement. */
  name: string
  text: string
  values: (string | Buffer | null)[]
  /** False when this connection already holds `name` (no Parse is sent). */
  parse: boolean
}

/** Rows of one statement, every value as PostgreSQL's text output (or null). */
export type Rows = (string | null)[][]

export interface DbError extends Error {
  code?: string
  detail?: string
  hint?: string
  severity?: string
}

interface ProtocolConnection {
  stream: { cork?: () => void; uncork?: () => void }
  parse(query: { name: string; text: string; types: number[] }): void
  bind(config: { portal: string; statement: string; values: (string | Buffer | null)[] }): void
  execute(config: { portal: string; rows: number }): void
  close(msg: { type: 'S'; name: string }): void
  sync(): void
  sendCopyFail(message: string): void
}

export class Pipeline {
  private readonly results: Rows[] = []
  private current: Rows = []
  private failed: DbError | undefined
  private settled = false
  readonly promise: Promise<Rows[]>
  private resolve!: (rows: Rows[]) => void
  private reject!: (error: DbError) => void

  constructor(
    private readonly statements: Statement[],
    /** Prepared statements to close before anything else (evicted from this connection's cache). */
    private readonly closing: string[] = [],
  ) {
    this.promise = new Promise((resolve, reject) => {
      this.resolve = resolve
      this.reject = reject
    })
  }

  // --- node-postgres Submittable -------------------------------------------------------------------------------

  submit(connection: Connection): void {
    const con = connection as unknown as ProtocolConnection
    con.stream.cork?.()
    try {
      for (const name of this.closing) con.close({ type: 'S', name })
      for (const s of this.statements) {
        if (s.parse) con.parse({ name: s.name, text: s.text, types: [] })
        con.bind({ portal: '', statement: s.name, values: s.values })
        con.execute({ portal: '', rows: 0 })
      }
      con.sync()
    } finally {
      con.stream.uncork?.()
    }
  }

  handleRowDescription(): void {}

  handleDataRow(msg: { fields: (string | null)[] }): void {
    this.current.push(msg.fields)
  }

  handleCommandComplete(): void {
    this.results.push(this.current)
    this.current = []
  }

  handleEmptyQuery(): void {
    this.handleCommandComplete()
  }

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: Connection): void {
    ;(connection as unknown as ProtocolConnection).sendCopyFail('COPY is not supported here')
  }

  handleCopyData(): void {}

  /** The client forgets us on an error; the ReadyForQuery that follows is its business, not ours. */
  handleError(error: DbError): void {
    this.failed = error
    this.settle()
  }

  handleReadyForQuery(): void {
    this.settle()
  }

  /** Stops waiting: the promise rejects with `error` and whatever the connection says later is ignored. */
  abandon(error: DbError): void {
    this.failed ??= error
    this.settle()
  }

  private settle(): void {
    if (this.settled) return
    this.settled = true
    if (this.failed) this.reject(this.failed)
    else this.resolve(this.results)
  }
}
