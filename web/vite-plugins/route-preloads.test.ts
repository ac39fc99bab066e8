// The hot routes' preloads: a route's URL pattern, and the chunks of its component, pending view and loader (what the
// router awaits before its first render), split alone or together, beyond what the entry chunk already imports.
import { describe, expect, it } from 'vitest'
import { pathPattern, routeFile, routePreloads, splitParts } from './route-preloads'

const chunk = (
  fileName: string,
  imports: string[] = [],
  extra: { isEntry?: boolean; facadeModuleId?: string } = {},
) => ({
  type: 'chunk' as const,
  fileName,
  imports,
  ...extra,
})
const split = (file: string, part: string) => ({ facadeModuleId: `/app/src/routes/${file}?tsr-split=${part}` })

describe('pathPattern and routeFile', () => {
  it('match the addresses of a route id and name its file', () => {
    expect(new RegExp(pathPattern('/courses/$slug')).test('/courses/sql-basics')).toBe(true)
    expect(new RegExp(pathPattern('/courses/$slug')).test('/courses/sql-basics/more')).toBe(false)
    expect(new RegExp(pathPattern('/')).test('/')).toBe(true)
    expect(routeFile('/courses/')).toBe('courses/index.tsx')
    expect(routeFile('/learn/$slug/$lessonId')).toBe('learn/$slug/$lessonId.tsx')
  })
})

describe('routePreloads', () => {
  const bundle = Object.fromEntries(
    [
      chunk('index.js', ['framework.js'], { isEntry: true }),
      chunk('framework.js'),
      chunk('page.js', ['framework.js', 'icons.js'], split('courses/$slug.tsx', 'component')),
      chunk('icons.js'),
      chunk('pending.js', ['framework.js', 'skeleton.js'], split('courses/$slug.tsx', 'pendingComponent')),
      chunk('skeleton.js'),
      chunk('not-found.js', ['framework.js', 'illustration.js'], split('courses/$slug.tsx', 'notFoundComponent')),
      chunk('illustration.js'),
    ].map((c) => [c.fileName, c]),
  )

  it("lists the component's and the pending view's chunks the entry does not import, and nothing else", () => {
    expect(routePreloads(bundle, ['/courses/$slug'])).toEqual([
      [pathPattern('/courses/$slug'), ['icons.js', 'page.js', 'pending.js', 'skeleton.js']],
    ])
  })

  it('leaves out a route without a split component', () => {
    expect(routePreloads(bundle, ['/courses/'])).toEqual([])
  })

  it('takes a loader split with the component, or alone', () => {
    const grouped = Object.fromEntries(
      [
        chunk('index.js', ['framework.js'], { isEntry: true }),
        chunk('framework.js'),
        chunk('lesson.js', ['framework.js', 'api.js'], split('learn/$slug/$lessonId.tsx', 'component---loader')),
        chunk('api.js'),
        chunk('catalog.js', ['framework.js'], split('courses/index.tsx', 'component')),
        chunk('catalog-data.js', ['framework.js', 'api.js'], split('courses/index.tsx', 'loader')),
      ].map((c) => [c.fileName, c]),
    )
    expect(routePreloads(grouped, ['/learn/$slug/$lessonId', '/courses/'])).toEqual([
      [pathPattern('/learn/$slug/$lessonId'), ['api.js', 'lesson.js']],
      [pathPattern('/courses/'), ['api.js', 'catalog-data.js', 'catalog.js']],
    ])
  })
})

describe('splitParts', () => {
  it("names the parts of a route file's split chunk, and nothing for another file's", () => {
    const id = '/app/src/routes/courses/$slug.tsx?tsr-split=component---loader'
    expect(splitParts(id, 'courses/$slug.tsx')).toEqual(['component', 'loader'])
    expect(splitParts('/app/src/routes/courses/index.tsx?tsr-split=loader', 'courses/index.tsx')).toEqual(['loader'])
    expect(splitParts(id, 'schools/$slug.tsx')).toEqual([])
    expect(splitParts('/app/src/routes/courses/$slug.tsx', 'courses/$slug.tsx')).toEqual([])
    expect(splitParts(null, 'courses/$slug.tsx')).toEqual([])
  })
})
