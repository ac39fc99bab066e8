// The first-load JavaScript of every route of a production build of web/, read from Vite's build manifest: the entry
// chunk and everything it imports statically, plus, for the route and each layout route above it, the chunks the
// router loads before it renders the page (TanStack Router's code-split `component` and `loader`) with their static
// imports. Sizes are gzip (level 9) of the built files. What a page imports later on its own (`import()` in a
// component, e.g. the markdown renderer) is not first-load and is not counted; a visit measures that (web-visit.ts).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
}

export interface RouteLoad {
  /** The route's file under web/src/routes, e.g. `courses/$slug.tsx`. */
  route: string
  bytes: number
  scripts: number
}

/** The budget of a route's first-load JS in bytes (gzip): the course page has the issue's, every other route 170 KiB. */
export function budgetOf(route: string): number {
  return (route === 'courses/$slug.tsx' ? 160 : 170) * 1024
}

/** Route files whose folder holds `route` (its layout routes): `_authenticated.tsx` for `_authenticated/x.tsx`. */
function layoutsOf(route: string, routes: Set<string>): string[] {
  const parts = route.split('/')
  const layouts: string[] = []
  for (let i = 1; i < parts.length; i++) {
    const layout = `${parts.slice(0, i).join('/')}.tsx`
    if (routes.has(layout)) layouts.push(layout)
  }
  return layouts
}

export function routeLoads(outDir: string): RouteLoad[] {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >
  const gzipped = new Map<string, number>()
  const sizeOf = (file: string) => {
    let size = gzipped.get(file)
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length
      gzipped.set(file, size)
    }
    return size
  }
  const closure = (keys: string[], into: Set<string>) => {
    const stack = [...keys]
    while (stack.length > 0) {
      const key = stack.pop()!
      const chunk = manifest[key]
      if (!chunk || into.has(chunk.file)) continue
      into.add(chunk.file)
      stack.push(...(chunk.imports ?? []))
    }
    return into
  }
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)
  if (!entry) throw new Error(`No entry chunk in ${outDir}/.vite/manifest.json`)

  const prefix = 'src/routes/'
  // Route file → the manifest keys of its split chunks the router awaits before rendering.
  const splits = new Map<string, string[]>()
  for (const [key, chunk] of Object.entries(manifest)) {
    // A part split alone (`?tsr-split=component`) or with others (`?tsr-split=component---loader`).
    const match = /^src\/routes\/(.+\.tsx)\?tsr-split=([\w-]+)$/.exec(chunk.src ?? '')
    const parts = match?.[2]!.split('---') ?? []
    if (match && (parts.includes('component') || parts.includes('loader'))) {
      splits.set(match[1]!, [...(splits.get(match[1]!) ?? []), key])
    }
  }
  // Every route file the router knows, split or not (a layout may have nothing to split).
  const routes = new Set(splits.keys())
  for (const chunk of Object.values(manifest)) {
    const src = chunk.src?.split('?')[0]
    if (src?.startsWith(prefix) && !src.includes('/-components/')) routes.add(src.slice(prefix.length))
  }
  return [...routes]
    .filter((route) => splits.has(route))
    .sort()
    .map((route) => {
      const keys = [route, ...layoutsOf(route, routes)].flatMap((file) => splits.get(file) ?? [])
      const files = closure([entry[0], ...keys], new Set())
      return { route, bytes: [...files].reduce((total, file) => total + sizeOf(file), 0), scripts: files.size }
    })
}
