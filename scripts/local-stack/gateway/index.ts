// The API gateway on :54321, in place of the CLI's Kong: routes /rest/v1, /auth/v1, /storage/v1, /functions/v1 and
// /realtime/v1 to the services of the local stack, answers CORS, sets the forwarding headers from the connection,
// applies the key rules, logs one line per request, and turns a service's exception into Kong's 500 without ever
// going down with it.
import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import type { Service } from '../http/service.ts'
import { formatRequestLine, redactUrl } from './access-log.ts'
import { checkHosts, clientUrl, defaultHosts, listenOnAll } from './bind.ts'
import { addCorsHeaders, answerPreflight, isPreflight } from './cors.ts'
import { setForwardingHeaders } from './forwarded.ts'
import { Gate, gateClosedBody, gateRetryAfter } from './gate.ts'
import { rewriteAuthorization, rewriteRealtimeApiKey } from './key-rules.ts'
import { matchRoute, type Route, type ServiceName } from './routes.ts'
import { handleUpgrade } from './upgrade.ts'
import { sendJson } from '../http/json.ts'

export type { ServiceName } from './routes.ts'
export { mountPrefixes } from './routes.ts'
export { AccessLog } from './access-log.ts'
export { Gate } from './gate.ts'
export { checkHosts, clientUrl, defaultHosts, isLoopback, NonLoopbackBindError } from './bind.ts'

export interface GatewayOptions {
  /** 54321 in the stack; 0 picks a free port (tests). */
  port: number
  /** Addresses to listen on: loopback IPv4 and IPv6 by default. Anything else needs `allowNonLoopback`. */
  hosts?: string[]
  allowNonLoopback?: boolean
  services: Partial<Record<ServiceName, Service>>
  /** One line per request. */
  log: (line: string) => void
  /** A service that threw, with its stack; defaults to `log`. */
  logError?: (text: string) => void
  /** Loud notices (a non-loopback bind, no IPv6); defaults to stderr. */
  warn?: (message: string) => void
}

export const unknownRouteBody = { message: 'no Route matched with those values' }
export const unexpectedErrorBody = { message: 'An unexpected error occurred' }

export class Gateway {
  private readonly hosts: string[]
  private readonly warning: string | undefined
  private servers: Server[] = []
  private readonly started: Service[] = []
  private readonly upgraded = new Set<Duplex>()
  private boundPort = 0
  private stopping: Promise<void> | undefined
  /** Closed by `stack reset` for the time it recreates the database. */
  readonly gate = new Gate()

  constructor(private readonly options: GatewayOptions) {
    this.hosts = options.hosts ?? defaultHosts
    this.warning = checkHosts(this.hosts, options.allowNonLoopback)
  }

  /** The port in use once started (the one picked, when asked for port 0). */
  get port(): number {
    return this.boundPort
  }

  /** `http://127.0.0.1:54321`, as clients on this machine reach it. */
  get url(): string {
    return clientUrl(this.hosts, this.boundPort)
  }

  get serviceNames(): ServiceName[] {
    return Object.entries(this.options.services)
      .filter(([, service]) => service !== undefined)
      .map(([name]) => name as ServiceName)
  }

  private get warn(): (message: string) => void {
    return this.options.warn ?? ((message) => process.stderr.write(`${message}\n`))
  }

  private get logError(): (text: string) => void {
    return this.options.logError ?? this.options.log
  }

  /** Starts the services (in order), then listens. On failure, whatever started is stopped again. */
  async start(): Promise<void> {
    if (this.warning) this.warn(this.warning)
    try {
      // Side by side: each service waits on its own connections and files, none on another. Those that started are
      // stopped again (in reverse) when one fails; the first failure in declared order is the one reported.
      const services = Object.entries(this.options.services).filter(
        (entry): entry is [string, Service] => entry[1] !== undefined,
      )
      const outcomes = await Promise.allSettled(services.map(([, service]) => service.start?.()))
      services.forEach(([, service], i) => {
        if (outcomes[i]!.status === 'fulfilled') this.started.push(service)
      })
      const failed = outcomes.findIndex((outcome) => outcome.status === 'rejected')
      if (failed >= 0) {
        const error = (outcomes[failed] as PromiseRejectedResult).reason as Error
        throw new Error(`The ${services[failed]![0]} service did not start: ${error.message}`, { cause: error })
      }
      const makeServer = () =>
        http
          .createServer(this.onRequest)
          .on('upgrade', this.onUpgrade)
          .on('error', (error) => this.logError(`gateway: ${error.stack ?? error.message}`))
      const { servers, port } = await listenOnAll(makeServer, this.hosts, this.options.port, this.warn)
      this.servers = servers
      this.boundPort = port
    } catch (error) {
      await this.stop()
      throw error
    }
  }

  /** Stops listening, drops open connections (keep-alive and websockets), then stops the services in reverse. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      const closed = this.servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())))
      for (const server of this.servers) server.closeAllConnections()
      for (const service of [...this.started].reverse()) {
        try {
          await service.stop?.()
        } catch (error) {
          this.logError(`${service.name}: stop failed: ${(error as Error).stack ?? String(error)}`)
        }
      }
      for (const socket of this.upgraded) socket.destroy()
      await Promise.all(closed)
    })()
    return this.stopping
  }

  private readonly onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    const started = performance.now()
    const url = req.url ?? '/'
    const route = matchRoute(url)
    // A client that hangs up mid-body is the service's business (it sees 'aborted'), never an uncaught error.
    req.on('error', () => {})
    res.on('error', () => {})
    res.once('close', () => {
      const ms = performance.now() - started
      this.options.log(
        formatRequestLine(
          route?.service ?? 'gateway',
          req.method ?? '-',
          url,
          res.statusCode,
          ms,
          !res.writableFinished,
        ),
      )
    })
    if (!route) return sendJson(res, 404, unknownRouteBody)
    if (isPreflight(req)) return answerPreflight(req, res)
    addCorsHeaders(res)
    const service = this.options.services[route.service]
    if (!service) return sendJson(res, 503, notInStack(route.service))
    if (this.gate.closed) return sendJson(res, 503, gateClosedBody, gateRetryAfter)
    this.gate.admit(res)
    this.call(service, req, res, prepareUpstream(req, route), url)
  }

  private call(service: Service, req: IncomingMessage, res: ServerResponse, path: string, url: string): void {
    const fail = (error: unknown) => {
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error)
      this.logError(`${service.name} threw on ${req.method} ${redactUrl(url)}: ${detail}`)
      if (!res.headersSent) {
        for (const name of res.getHeaderNames()) res.removeHeader(name)
        sendJson(res, 500, unexpectedErrorBody)
      } else if (!res.writableEnded) {
        res.destroy()
      }
    }
    try {
      const result: unknown = service.handle(req, res, path)
      if (result instanceof Promise) result.then(undefined, fail)
    } catch (error) {
      fail(error)
    }
  }

  private readonly onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const route = matchRoute(req.url ?? '/')
    const service = route ? this.options.services[route.service] : undefined
    handleUpgrade({
      req,
      socket,
      head,
      tag: route?.service ?? 'gateway',
      log: this.options.log,
      logError: this.logError,
      track: this.upgraded,
      target:
        route && service?.upgrade
          ? this.gate.closed
            ? { status: 503, body: gateClosedBody }
            : { service, path: prepareUpstream(req, route) }
          : { status: route ? 503 : 404, body: route ? notInStack(route.service) : unknownRouteBody },
    })
  }
}

/**
 * Applies what Kong does to every proxied request, HTTP or upgrade (the forwarding headers and the route's key rule),
 * and returns the path to hand to the service.
 */
function prepareUpstream(req: IncomingMessage, route: Route): string {
  setForwardingHeaders(req)
  if (route.keyRule === 'authorization') rewriteAuthorization(req)
  return route.keyRule === 'query' ? rewriteRealtimeApiKey(route.path) : route.path
}

function notInStack(service: ServiceName): { message: string } {
  // Kong answers 503 when a route's upstream is missing (`supabase start -x …`); this says why.
  return { message: `The ${service} service is not part of the local stack yet` }
}
