// Runs inside Deno, one process per function: takes the handler the function gives `Deno.serve` (or its default
// export's `fetch`), serves it on an ephemeral loopback port and reports that port on stdout, answers an uncaught
// handler error with the edge runtime's WORKER_ERROR relay error, and exits when its parent closes stdin.
// Arguments: the function's entry URL, its name, and the comma-separated variables only Deno itself needs.
import { readyMarker, relayErrors } from './protocol.ts'

type Handler = (request: Request, info?: unknown) => Response | Promise<Response>
interface ServeOptions {
  handler?: Handler
  onListen?: (addr: { hostname: string; port: number; transport: string }) => void
  onError?: (error: unknown) => Response | Promise<Response>
}
interface DenoApi {
  args: string[]
  serve(options: ServeOptions & { hostname: string; port: number }, handler: Handler): unknown
  env: { delete(name: string): void }
  stdin: { read(buffer: Uint8Array): Promise<number | null> }
  stdout: { writeSync(data: Uint8Array): number }
  exit(code: number): never
}
declare const Deno: DenoApi

const [entry = '', name = 'function', hidden = ''] = Deno.args
const realServe = Deno.serve.bind(Deno)
let served: ServeOptions | undefined

function captureServe(first: unknown, second?: unknown): unknown {
  const options = (typeof first === 'object' && first !== null ? first : {}) as ServeOptions
  const handler = [first, second, options.handler].find((h) => typeof h === 'function') as Handler | undefined
  if (!handler) throw new TypeError('A handler function must be provided.')
  served ??= { ...options, handler }
  // The edge runtime's server object: the function can await or shut it down, but the port is ours.
  const finished = new Promise<void>(() => {})
  return { finished, shutdown: async () => {}, ref() {}, unref() {}, addr: { transport: 'tcp' } }
}

// Background work (`EdgeRuntime.waitUntil`) simply runs on: this worker lives as long as the stack.
const edgeRuntime = {
  waitUntil(promise: Promise<unknown>) {
    promise.catch((error: unknown) => console.error(error))
  },
}
Object.assign(globalThis, { EdgeRuntime: edgeRuntime })
Object.defineProperty(Deno, 'serve', { value: captureServe, configurable: true, writable: true })
for (const variable of hidden.split(',').filter(Boolean)) Deno.env.delete(variable)

// The watchdog: a parent that exits, even killed, closes this pipe, and the worker follows it.
void (async () => {
  const buffer = new Uint8Array(1024)
  try {
    while ((await Deno.stdin.read(buffer)) !== null) {
      // Nothing is ever sent; reading only waits for the end.
    }
  } finally {
    Deno.exit(0)
  }
})()

const loaded = (await import(entry)) as { default?: { fetch?: Handler } }
const defaultFetch = loaded.default?.fetch
if (!served && typeof defaultFetch === 'function') served = { handler: defaultFetch.bind(loaded.default) }
if (!served?.handler) {
  console.error(`${name}: the function neither called Deno.serve nor exported a default { fetch } handler`)
  Deno.exit(70)
}
const { handler, onError, onListen } = served as Required<Pick<ServeOptions, 'handler'>> & ServeOptions

function workerError(): Response {
  const { status, code, message } = relayErrors.worker
  return Response.json({ code, message }, { status, headers: { 'x-relay-error': 'true' } })
}

async function respond(request: Request, info: unknown): Promise<Response> {
  try {
    const response = await handler(request, info)
    if (!(response instanceof Response)) throw new TypeError('Return value from serve handler must be a response')
    return response
  } catch (error) {
    if (onError) {
      try {
        return await onError(error)
      } catch (onErrorFailure) {
        console.error(onErrorFailure)
        return workerError()
      }
    }
    console.error(error)
    return workerError()
  }
}

realServe(
  {
    hostname: '127.0.0.1',
    port: 0,
    onListen({ port }) {
      Deno.stdout.writeSync(new TextEncoder().encode(`${readyMarker}${JSON.stringify({ port })}\n`))
      onListen?.({ hostname: '0.0.0.0', port: 9999, transport: 'tcp' })
    },
    onError: () => workerError(),
  },
  respond,
)
