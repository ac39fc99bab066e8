// The local stack's one method + path router. Patterns have ':name' segments and an optional trailing '*' (the rest
// of the path, in params['*']); routes match in the order added, and a path served under other methods is told
// apart from an unknown path (405 vs 404), as chi (GoTrue) and fastify (Storage API) do. Each route carries options
// (auth requirement, rate-limit bucket, operation name) that the service's dispatcher applies.

export interface RouteOptions {
  /** Who may call: 'none', 'user', 'admin', or a service-specific value. */
  auth?: 'none' | 'user' | 'admin' | (string & {})
  /** The rate-limit bucket the route counts against. */
  rateLimit?: string
  /** A name for logs and metrics. */
  operation?: string
}

export interface RouteMatch<H> {
  handler: H
  params: Record<string, string>
  options: RouteOptions
}

export interface MethodNotAllowed {
  /** The methods the path is served under, in the order their routes were added. */
  methodNotAllowed: string[]
}

interface Route<H> {
  methods: string[]
  pattern: string
  regex: RegExp
  keys: string[]
  handler: H
  options: RouteOptions
}

export class Router<H> {
  private readonly routes: Route<H>[] = []

  add(method: string | string[], pattern: string, handler: H, options: RouteOptions = {}): this {
    const methods = (Array.isArray(method) ? method : [method]).map((m) => m.toUpperCase())
    const { regex, keys } = compile(pattern)
    this.routes.push({ methods, pattern, regex, keys, handler, options })
    return this
  }

  match(method: string, pathname: string): RouteMatch<H> | MethodNotAllowed | undefined {
    const wanted = method.toUpperCase()
    const allowed: string[] = []
    for (const route of this.routes) {
      const found = route.regex.exec(pathname)
      if (!found) continue
      if (!route.methods.includes(wanted)) {
        for (const m of route.methods) if (!allowed.includes(m)) allowed.push(m)
        continue
      }
      const params: Record<string, string> = {}
      route.keys.forEach((key, i) => {
        params[key] = safeDecode(found[i + 1] ?? '')
      })
      return { handler: route.handler, params, options: route.options }
    }
    return allowed.length > 0 ? { methodNotAllowed: allowed } : undefined
  }

  /** The routes in the order added (for listing a service's surface, e.g. in tests). */
  list(): { methods: string[]; pattern: string; options: RouteOptions }[] {
    return this.routes.map((r) => ({ methods: r.methods, pattern: r.pattern, options: r.options }))
  }
}

export function isMethodNotAllowed<H>(match: RouteMatch<H> | MethodNotAllowed | undefined): match is MethodNotAllowed {
  return match !== undefined && 'methodNotAllowed' in match
}

function compile(pattern: string): { regex: RegExp; keys: string[] } {
  const keys: string[] = []
  const segments = pattern.split('/')
  const source = segments
    .map((segment, index) => {
      if (segment === '*' && index === segments.length - 1) {
        keys.push('*')
        return '(.*)'
      }
      if (segment.startsWith(':')) {
        keys.push(segment.slice(1))
        return '([^/]+)'
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    })
    .join('/')
  return { regex: new RegExp(`^${source}$`), keys }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
