// Intl's first use in a page loads ICU's locale data: about 60 ms on a phone-speed CPU (Chromium, CPU slowed 4×) for
// the first number format, 40 ms when a list format comes first, against under 10 ms for every later formatter. Every
// page's first render formats counts, plurals, a list of names, a language or a date, so the boot script makes one of
// each kind the app uses once the HTML is parsed and a frame drawn, while the app's code is still downloading and the
// main thread has nothing else to do: the cost falls there instead of on the way to the page's first paint.

/** The formatters the app's first renders make (lib/format, the course header, languageLabel), one of each kind. */
const kinds: Array<() => unknown> = [
  () => new Intl.NumberFormat('en-US').format(1204),
  () => new Intl.PluralRules('en-US').select(1),
  () => new Intl.ListFormat(undefined, { style: 'long', type: 'conjunction' }).format(['a', 'b']),
  () => new Intl.DisplayNames(undefined, { type: 'language' }).of('en'),
  () => new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(0),
]

/** Makes one formatter of each kind; a kind the browser lacks is skipped (the app then does without the head start). */
export function warmIntl(): number {
  let made = 0
  for (const make of kinds) {
    try {
      make()
      made += 1
    } catch {
      // Not in this browser: nothing to warm.
    }
  }
  return made
}

/**
 * Runs warmIntl in a task of its own once the whole HTML has been parsed and the next frame drawn, so the skeleton's
 * first paint never waits for it (the boot script runs in the head, before the body's skeleton has arrived).
 */
export function warmIntlAfterFirstFrame(): void {
  const afterNextFrame = () => requestAnimationFrame(() => setTimeout(warmIntl, 0))
  if (document.readyState === 'loading') document.addEventListener('readystatechange', afterNextFrame, { once: true })
  else afterNextFrame()
}
