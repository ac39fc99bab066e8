// The first cues of a WebVTT file, for the editor's preview of uploaded captions: each cue's start and text, read
// the way a player would (header and notes skipped, cue identifiers and settings dropped, markup tags removed).
export interface CuePreview {
  start: string
  text: string
}

export function firstCues(vtt: string, count = 3): CuePreview[] {
  const cues: CuePreview[] = []
  for (const block of vtt.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    const lines = block.split('\n')
    const timing = lines.findIndex((line) => line.includes('-->'))
    if (timing === -1) continue
    const start = (lines[timing] ?? '').split('-->')[0]?.trim() ?? ''
    const text = lines
      .slice(timing + 1)
      .join(' ')
      .replace(/<[^>]*>/g, '')
      .trim()
    if (text) cues.push({ start, text })
    if (cues.length === count) break
  }
  return cues
}
