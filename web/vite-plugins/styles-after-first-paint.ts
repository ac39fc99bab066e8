// The app's stylesheet stops holding up the first paint. A `<link rel="stylesheet">` in the head is render-blocking:
// on a slow connection it shares the line with the scripts preloaded beside it, and index.html's own skeleton (inline
// styles, nothing to wait for) stayed off screen until it arrived (1.3–1.9 s at 400 ms round trips and 1.6 Mbit/s).
// In the production build the entry's stylesheet is fetched as a preload instead (same priority, not blocking) and
// marked `data-app-styles`; main.tsx applies it and waits for it before React's first render (src/lib/app-styles.ts),
// so the app never paints unstyled. The dev server injects styles from JavaScript and is left as it is.
import type { Plugin } from 'vite'

const stylesheet = /<link rel="stylesheet"((?:\s+crossorigin)?)\s+href="([^"]+\.css)">/g

/** index.html with each built stylesheet link turned into a preload that main.tsx applies. */
export function preloadStylesheets(html: string): string {
  return html.replace(
    stylesheet,
    (_, crossorigin: string, href: string) =>
      `<link rel="preload" as="style"${crossorigin} href="${href}" data-app-styles>`,
  )
}

export function stylesAfterFirstPaint(): Plugin {
  return {
    name: 'summit:styles-after-first-paint',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: preloadStylesheets },
  }
}
