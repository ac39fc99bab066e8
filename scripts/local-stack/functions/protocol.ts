// What the service (Node) and worker-main.ts (Deno) agree on; plain values only, so both runtimes can import it.

/** The line a worker prints once it serves; nothing a function prints starts with it. */
export const readyMarker = '\u001e@summit-functions-worker-ready '

export type RelayErrorKind = 'boot' | 'worker' | 'limit'

/** The edge runtime's relay errors (the CLI's main service maps Deno's worker errors to these). */
export const relayErrors: Record<RelayErrorKind, { status: number; code: string; message: string }> = {
  boot: { status: 503, code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' },
  worker: { status: 500, code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' },
  limit: {
    status: 546,
    code: 'WORKER_LIMIT',
    message: 'Worker failed to respond due to a resource limit (please check logs)',
  },
}
