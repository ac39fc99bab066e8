// Text cut to a length, for places with a fixed width (chart axes): whole words where possible, an ellipsis when
// anything was cut, so the reader knows to look for the full text (a tooltip, the table beside the chart).
export function truncateText(text: string, maxChars: number): string {
  const clean = text.trim().replace(/\s+/g, ' ')
  if (clean.length <= maxChars) return clean
  const cut = clean.slice(0, Math.max(1, maxChars - 1))
  const space = cut.lastIndexOf(' ')
  // Break at a word when that keeps at least half the room; otherwise cut the long word itself.
  const kept = space >= maxChars / 2 ? cut.slice(0, space) : cut
  return `${kept.trimEnd()}…`
}
