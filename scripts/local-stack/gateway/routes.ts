// Where each URL under the API gateway goes: the mounts of the Supabase CLI's Kong config, and which key rule Kong
// applies on each (reference §1.3). Matching is by path prefix; the service sees the path after its mount.

export type ServiceName = 'rest' | 'auth' | 'storage' | 'realtime' | 'functions'

/**
 * authorization: rewrite the Authorization header (the CLI's BearerToken expression).
 * query: rewrite the `apikey` query parameter (the realtime socket's QueryToken expression).
 * none: pass the request as it came (GoTrue's open routes, Storage's S3 endpoint).
 */
export type KeyRule = 'authorization' | 'query' | 'none'

export interface Route {
  service: ServiceName
  /** The mount prefix, e.g. "/rest/v1". */
  mount: string
  /** The request path after the mount, query string kept: "/rest/v1/courses?select=*" → "/courses?select=*". */
  path: string
  keyRule: KeyRule
}

interface Mount {
  prefix: string
  service: ServiceName
  keyRule(path: string): KeyRule
}

const startsWithSegment = (path: string, segment: string) =>
  path === segment || path.startsWith(`${segment}/`) || path.startsWith(`${segment}?`)

const mounts: Mount[] = [
  {
    prefix: '/auth/v1',
    service: 'auth',
    // Kong's auth-v1-open routes (verify, callback, authorize: browser redirects) have no request-transformer.
    keyRule: (path) => (/^\/(verify|callback|authorize)/.test(path) ? 'none' : 'authorization'),
  },
  { prefix: '/rest/v1', service: 'rest', keyRule: () => 'authorization' },
  {
    prefix: '/storage/v1',
    service: 'storage',
    // S3 requests are signed over their own Authorization header; Kong leaves it alone.
    keyRule: (path) => (startsWithSegment(path, '/s3') ? 'none' : 'authorization'),
  },
  { prefix: '/functions/v1', service: 'functions', keyRule: () => 'authorization' },
  {
    // "/api/broadcast" is Realtime's REST API (realtime-v1-rest); everything else is its socket route.
    prefix: '/realtime/v1',
    service: 'realtime',
    keyRule: (path) => (startsWithSegment(path, '/api') ? 'authorization' : 'query'),
  },
]

export const mountPrefixes: Record<ServiceName, string> = Object.fromEntries(
  mounts.map((m) => [m.service, m.prefix]),
) as Record<ServiceName, string>

/** The route for a request target (`req.url`), or undefined when no mount matches (Kong's "no Route matched"). */
export function matchRoute(url: string): Route | undefined {
  for (const mount of mounts) {
    if (!startsWithSegment(url, mount.prefix)) continue
    const rest = url.slice(mount.prefix.length)
    const path = rest.startsWith('/') ? rest : `/${rest}`
    return { service: mount.service, mount: mount.prefix, path, keyRule: mount.keyRule(path) }
  }
  return undefined
}
