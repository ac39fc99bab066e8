// A small method + path router for the Auth API: patterns with `:name` segments, matched in the order they were
// added, telling "no such path" (404) apart from "path exists, other method" (405) as GoTrue's chi router does.
import type { AuthRequest } from './request.ts'

export type Handler = (request: AuthRequest) => Promise<void>

interface Route {
  method: string
  regex: RegExp
  keys: string[]
  handler: Handler
}

export type Match = { handler: Handler; params: Record<string, string> } | 'method-not-allowed' | undefined

export class Router {
  private readonly routes: Route[] = []

  add(method: string, pattern: string, handler: Handler): this {
    const keys: string[] = []
    const source = pattern
      .split('/')
      .map((segment) => {
        if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        keys.push(segment.slice(1))
        return '([^/]+)'
      })
      .join('/')
    this.routes.push({ method, regex: new RegExp(`^${source}$`), keys, handler })
    return this
  }

  match(method: string, pathname: string): Match {
    let pathMatched = false
    for (const route of this.routes) {
      const found = route.regex.exec(pathname)
      if (!found) continue
      pathMatched = true
      if (route.method !== method) continue
      const params: Record<string, string> = {}
      route.keys.forEach((key, i) => {
        params[key] = safeDecode(found[i + 1] ?? '')
      })
      return { handler: route.handler, params }
    }
    return pathMatched ? 'method-not-allowed' : undefined
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
