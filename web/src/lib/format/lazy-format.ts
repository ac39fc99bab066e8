// An Intl formatter made on its first use rather than when its module loads: the first DateTimeFormat a page makes
// loads the locale's date data, about 60 ms of the course page's start on a phone four times slower than this
// machine, for formats the page may not print at all.

/** The formatter `make` returns, made once, the first time it is asked for. */
export function lazyFormat<T>(make: () => T): () => T {
  let made: T | undefined
  return () => (made ??= make())
}
