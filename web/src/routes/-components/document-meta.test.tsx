import { afterEach, describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { DocumentMeta } from './document-meta'

function renderAt(path: string) {
  const root = createRootRoute({
    component: () => (
      <>
        <DocumentMeta />
        <Outlet />
      </>
    ),
  })
  const school = createRoute({
    getParentRoute: () => root,
    path: '/school',
    head: () => ({
      meta: [
        { title: 'Wren · Summit' },
        { name: 'description', content: 'Birdsong lessons.' },
        { property: 'og:title', content: 'Wren' },
      ],
    }),
    component: () => <p>School</p>,
  })
  const plain = createRoute({ getParentRoute: () => root, path: '/plain', component: () => <p>Plain page</p> })
  const router = createRouter({
    routeTree: root.addChildren([school, plain]),
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  render(<RouterProvider router={router} />)
  return router
}

const content = (selector: string) => document.head.querySelector<HTMLMetaElement>(selector)?.content

afterEach(() => {
  document.head.innerHTML = ''
})

describe('DocumentMeta', () => {
  it('writes a page’s description and open-graph tags, and undoes them on a page without', async () => {
    const existing = document.createElement('meta')
    existing.name = 'description'
    existing.content = 'Summit: courses.'
    document.head.append(existing)

    const router = renderAt('/school')
    await screen.findByText('School')
    expect(content('meta[property="og:title"]')).toBe('Wren')
    expect(content('meta[name="description"]')).toBe('Birdsong lessons.')
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1)

    router.history.push('/plain')
    await screen.findByText('Plain page')
    expect(document.head.querySelector('meta[property="og:title"]')).toBeNull()
    expect(content('meta[name="description"]')).toBe('Summit: courses.')
  })
})
