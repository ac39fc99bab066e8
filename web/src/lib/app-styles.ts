// The production build fetches the app's stylesheet as a preload so that it does not hold up index.html's skeleton
// (vite-plugins/styles-after-first-paint.ts). This applies it and resolves once it has loaded, so the app renders
// styled. Without such a link (the dev server, tests) it resolves at once; a stylesheet that fails to load does not
// keep the app from rendering.
export function applyAppStyles(doc: Document = document): Promise<void> {
  const links = Array.from(doc.querySelectorAll<HTMLLinkElement>('link[data-app-styles]'))
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true })
          link.addEventListener('error', () => resolve(), { once: true })
          link.rel = 'stylesheet'
          // Already applied (a second call): no load event will come.
          if (link.sheet) resolve()
        }),
    ),
  ).then(() => undefined)
}
