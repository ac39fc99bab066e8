// Keeps the document's description and open-graph <meta> tags in step with the routes' `head` meta (a page's
// `{ name: 'description', content }` and `{ property: 'og:title', content }` entries, deepest route winning), as
// DocumentTitle does for the title: a client app has no server-rendered <head>. Tags a page set are removed when
// another page without them opens (index.html's own, such as the description, get their content back), so a
// school's og:image never lingers on the catalog.
import { useEffect } from 'react'
import { useRouterState } from '@tanstack/react-router'

type Tag = { key: 'name' | 'property'; value: string; content: string }

const owned = 'data-route-meta'
const original = 'data-route-meta-original'

function tagsOf(meta: unknown): Tag[] {
  if (!Array.isArray(meta)) return []
  return meta.flatMap((tag: unknown): Tag[] => {
    if (typeof tag !== 'object' || tag === null || !('content' in tag) || typeof tag.content !== 'string') return []
    if ('property' in tag && typeof tag.property === 'string') {
      return [{ key: 'property', value: tag.property, content: tag.content }]
    }
    if ('name' in tag && typeof tag.name === 'string') return [{ key: 'name', value: tag.name, content: tag.content }]
    return []
  })
}

export function DocumentMeta() {
  // One string, so the effect runs only when the tags change (a fresh array each render would run it every time).
  const serialized = useRouterState({
    select: (state) => {
      const byName = new Map<string, Tag>()
      for (const match of state.matches) {
        for (const tag of tagsOf(match.meta)) byName.set(`${tag.key}=${tag.value}`, tag)
      }
      return JSON.stringify([...byName.values()])
    },
  })
  useEffect(() => {
    const tags = JSON.parse(serialized) as Tag[]
    const wanted = new Set(tags.map((tag) => `${tag.key}=${tag.value}`))
    for (const element of Array.from(document.head.querySelectorAll<HTMLMetaElement>(`meta[${owned}]`))) {
      const key = element.getAttribute(owned)
      if (key && wanted.has(key)) continue
      const before = element.getAttribute(original)
      if (before === null) {
        element.remove()
      } else {
        element.content = before
        element.removeAttribute(original)
        element.removeAttribute(owned)
      }
    }
    for (const tag of tags) {
      const selector = `meta[${tag.key}="${CSS.escape(tag.value)}"]`
      let element = document.head.querySelector<HTMLMetaElement>(selector)
      if (!element) {
        element = document.createElement('meta')
        element.setAttribute(tag.key, tag.value)
        document.head.append(element)
      } else if (!element.hasAttribute(owned)) {
        element.setAttribute(original, element.content)
      }
      element.setAttribute(owned, `${tag.key}=${tag.value}`)
      element.content = tag.content
    }
  }, [serialized])
  return null
}
