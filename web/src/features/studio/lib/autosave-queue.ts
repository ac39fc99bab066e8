// The course editor's autosave, as plain logic: edits merge into one pending patch, are sent after a quiet spell,
// kept and retried with backoff while the network is away, and never sent over an edit made elsewhere: each save
// names the version (updated_at) it was based on, and a save that matches no row stops the queue as a conflict.
export type SaveResult = { kind: 'saved'; version: string } | { kind: 'conflict' }

export type AutosaveStatus = 'saved' | 'pending' | 'saving' | 'offline' | 'error' | 'conflict'

export interface AutosaveSnapshot {
  status: AutosaveStatus
  /** The last failure, for the error sentence. */
  error: unknown
}

export interface AutosaveOptions<P extends object> {
  version: string
  save: (patch: P, version: string) => Promise<SaveResult>
  /** Failures worth retrying on their own (the network, a 5xx); others wait for the next edit. */
  isRetryable: (error: unknown) => boolean
  onChange: (snapshot: AutosaveSnapshot) => void
  delayMs?: number
  /** Wait before the nth retry (1-based). */
  retryDelayMs?: (attempt: number) => number
}

const defaultRetryDelay = (attempt: number) => Math.min(30_000, 1000 * 2 ** (attempt - 1))

export class AutosaveQueue<P extends object> {
  private pending: Partial<P> = {}
  private inflight: Partial<P> | null = null
  private version: string
  private timer: ReturnType<typeof setTimeout> | null = null
  private attempts = 0
  private snapshot: AutosaveSnapshot = { status: 'saved', error: null }

  constructor(private readonly options: AutosaveOptions<P>) {
    this.version = options.version
  }

  get status(): AutosaveStatus {
    return this.snapshot.status
  }

  /** Records an edit; later values of a field replace earlier ones. */
  edit(patch: Partial<P>): void {
    this.pending = { ...this.pending, ...patch }
    if (this.snapshot.status === 'conflict') return
    if (this.inflight === null) this.set('pending', null)
    this.schedule(this.options.delayMs ?? 800)
  }

  /** Sends what is pending now (on blur, on `online`, before leaving). */
  flush(): Promise<void> {
    this.clearTimer()
    return this.send()
  }

  /** After a conflict: keep my edits and save them over the other version. */
  overwrite(currentVersion: string): Promise<void> {
    this.version = currentVersion
    this.set('pending', null)
    return this.flush()
  }

  /** After a conflict: drop my unsaved edits and continue from the other version. */
  discard(currentVersion: string): void {
    this.clearTimer()
    this.pending = {}
    this.version = currentVersion
    this.set('saved', null)
  }

  /** The author's own change made outside the queue (a state change) moved the version on; nothing to compare. */
  rebase(version: string): void {
    if (this.inflight === null && this.snapshot.status !== 'conflict') this.version = version
  }

  hasUnsaved(): boolean {
    return this.inflight !== null || Object.keys(this.pending).length > 0
  }

  dispose(): void {
    this.clearTimer()
  }

  private async send(): Promise<void> {
    if (this.inflight !== null || this.snapshot.status === 'conflict') return
    if (Object.keys(this.pending).length === 0) return
    const patch = this.pending
    this.inflight = patch
    this.pending = {}
    this.set('saving', null)
    try {
      const result = await this.options.save(patch as P, this.version)
      this.inflight = null
      if (result.kind === 'conflict') {
        // Keep every unsaved edit: the person chooses to overwrite or reload.
        this.pending = { ...patch, ...this.pending }
        this.set('conflict', null)
        return
      }
      this.version = result.version
      this.attempts = 0
      if (Object.keys(this.pending).length > 0) {
        this.set('pending', null)
        this.schedule(0)
      } else this.set('saved', null)
    } catch (error) {
      this.inflight = null
      // Newer edits win over the ones that failed to go out.
      this.pending = { ...patch, ...this.pending }
      if (this.options.isRetryable(error)) {
        this.attempts += 1
        this.set('offline', error)
        this.schedule((this.options.retryDelayMs ?? defaultRetryDelay)(this.attempts))
      } else this.set('error', error)
    }
  }

  private schedule(delayMs: number): void {
    this.clearTimer()
    this.timer = setTimeout(() => {
      this.timer = null
      void this.send()
    }, delayMs)
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer)
    this.timer = null
  }

  private set(status: AutosaveStatus, error: unknown): void {
    this.snapshot = { status, error }
    this.options.onChange(this.snapshot)
  }
}
