// "Perhaps you meant ..." hints: the closest name by edit distance, when it is close enough (PostgREST uses a fuzzy
// set with a 0.75 minimum score for table and function names).

export function levenshtein(a: string, b: string): number {
  if (a === b) return 0
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
    }
    previous = current
  }
  return previous[b.length]!
}

function similarity(a: string, b: string): number {
  const x = a.toLowerCase()
  const y = b.toLowerCase()
  return 1 - levenshtein(x, y) / Math.max(x.length, y.length, 1)
}

/** The best candidate scoring at least `minScore`, skipping exact matches when `skipExact`. */
export function closest(
  target: string,
  candidates: Iterable<string>,
  minScore = 0.75,
  skipExact = false,
): string | null {
  let best: string | null = null
  let bestScore = minScore
  for (const candidate of candidates) {
    if (skipExact && candidate === target) continue
    const score = similarity(target, candidate)
    if (score > bestScore || (score === bestScore && best === null)) {
      best = candidate
      bestScore = score
    }
  }
  return best
}
