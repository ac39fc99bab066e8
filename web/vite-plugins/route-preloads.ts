// Preload hints for the pages most visits start on. The router asks for a route's code-split component and pending
// view (and the chunks they import) only once the entry chunk has downloaded and run; at 400 ms round trips that
// second wave of requests came ~1.5 s after the first. In the production build, index.html carries, for each hot
// route, its URL pattern and the chunks its first render needs beyond the entry's, and a few lines that add
// `modulepreload` links for the one the address matches, so those chunks download beside the entry instead of after
// it. Other pages are not touched: nothing is preloaded for an address no hot route matches.
import type { Plugin } from 'vite'

interface BundleChunk {
  type: 'chunk' | 'asset'
  fileName: string
  isEntry?: boolean
  facadeModuleId?: string | null
  imports?: string[]
}

/** A route id of the file router (`/courses/$slug`, `/courses/`, `/`) as a pattern for `location.pathname`. */
export function pathPattern(routeId: string): string {
  const segments = routeId.split('/').filter(Boolean)
  const body = segments.map((segment) =>
    segment.startsWith('$') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  )
  return `^/${body.join('/')}${segments.length > 0 ? '/?' : ''}$`
}

/** The route file of a route id under src/routes (`/courses/` → `courses/index.tsx`). */
export function routeFile(routeId: string): string {
  const file = routeId.replace(/^\//, '')
  return `${file === '' || file.endsWith('/') ? `${file}index` : file}.tsx`
}

/**
 * The split parts of a route the router loads before it renders the route: its component and its pending view, both
 * awaited (router-core's loadComponents), even when the data is there at once and the pending view never shows, and
 * its loader, which must run first.
 */
export const renderParts = ['component', 'pendingComponent', 'loader'] as const

/**
 * The split parts a chunk of the route file `file` holds: `?tsr-split=component` is one, and a group of parts split
 * together is named by the parts joined with `---` (`?tsr-split=component---loader`).
 */
export function splitParts(moduleId: string | null | undefined, file: string): string[] {
  const marker = `/src/routes/${file}?tsr-split=`
  const at = moduleId?.lastIndexOf(marker) ?? -1
  return moduleId && at >= 0 ? moduleId.slice(at + marker.length).split('---') : []
}

/** For each route id, the files its first render needs (renderParts) that the entry chunk does not already import. */
export function routePreloads(bundle: Record<string, BundleChunk>, routeIds: string[]): [string, string[]][] {
  const chunks = Object.values(bundle).filter((chunk) => chunk.type === 'chunk')
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const closure = (start: string[]) => {
    const seen = new Set<string>()
    const stack = [...start]
    while (stack.length > 0) {
      const file = stack.pop()!
      if (seen.has(file)) continue
      seen.add(file)
      stack.push(...(byFile.get(file)?.imports ?? []))
    }
    return seen
  }
  const entry = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName))
  return routeIds.flatMap((routeId): [string, string[]][] => {
    const part = (name: string) =>
      chunks.find((chunk) => splitParts(chunk.facadeModuleId, routeFile(routeId)).includes(name))
    const parts = renderParts.map(part).filter((chunk) => chunk !== undefined)
    if (!part('component')) return []
    const files = [...closure(parts.map((chunk) => chunk.fileName))].filter((file) => !entry.has(file))
    return [[pathPattern(routeId), files.sort()]]
  })
}

export function hotRoutePreloads(routeIds: string[]): Plugin {
  return {
    name: 'summit:hot-route-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html
        const routes = routePreloads(bundle as unknown as Record<string, BundleChunk>, routeIds)
        const code =
          `for (const [pattern, files] of ${JSON.stringify(routes)}) {` +
          ` if (!new RegExp(pattern).test(location.pathname)) continue;` +
          ` for (const file of files) { const link = document.createElement('link');` +
          ` link.rel = 'modulepreload'; link.crossOrigin = ''; link.href = '/' + file; document.head.append(link) }` +
          ` break }`
        return { html, tags: [{ tag: 'script', children: code, injectTo: 'head' }] }
      },
    },
  }
}
