// Keeps document.title in step with the routes' `head` titles ("Sign in · Summit"), deepest route first. A client
// app has no server-rendered <head>; setting the title here (instead of rendering <title> elements) also replaces
// index.html's own title rather than adding a second one that browsers would ignore.
import { useEffect } from 'react'
import { useRouterState } from '@tanstack/react-router'

const fallbackTitle = 'Summit'

function titleOf(meta: unknown): string | undefined {
  if (!Array.isArray(meta)) return undefined
  for (const tag of [...meta].reverse()) {
    if (typeof tag === 'object' && tag !== null && 'title' in tag && typeof tag.title === 'string') return tag.title
  }
  return undefined
}

export function DocumentTitle() {
  const title = useRouterState({
    select: (state) =>
      state.matches
        .map((match) => titleOf(match.meta))
        .filter((value) => value !== undefined)
        .at(-1),
  })
  useEffect(() => {
    document.title = title ?? fallbackTitle
  }, [title])
  return null
}
