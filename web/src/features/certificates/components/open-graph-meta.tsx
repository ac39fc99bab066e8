// Puts a page's open-graph tags into document.head while it is shown (and takes them out after). This only helps
// clients that run the page's JavaScript: the app is a client-rendered SPA, so crawlers that read the served HTML
// (most link previewers) see index.html's tags, never these (see the README's Certificates section).
import { useEffect } from 'react'

export function OpenGraphMeta({ tags }: { tags: Record<string, string> }) {
  const serialized = JSON.stringify(tags)
  useEffect(() => {
    const entries = Object.entries(JSON.parse(serialized) as Record<string, string>)
    const added = entries.map(([property, content]) => {
      const element = document.createElement('meta')
      element.setAttribute('property', property)
      element.setAttribute('content', content)
      document.head.appendChild(element)
      return element
    })
    return () => added.forEach((element) => element.remove())
  }, [serialized])
  return null
}
