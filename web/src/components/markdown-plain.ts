// What of a markdown text can be shown before the parser has loaded: the paragraphs at its start that are plain text,
// which marked would render as nothing but that text in a <p>. A course's description, a note or a question usually
// starts with one; showing it at once puts the page's largest text on screen with the page instead of after the
// parser's download (on a slow phone, about 0.8 s later). Kept apart from ./markdown so the parser is not imported.

/** The markdown body's own classes: the plain paragraphs sit in the same box as the rendered text will. */
export const markdownBodyClass = 'flex flex-col gap-4 leading-relaxed text-slate-800'

export interface PlainLead {
  /** The leading paragraphs that need no parsing, each as marked's paragraph text (lines joined by "\n"). */
  paragraphs: string[]
  /** Whatever follows them, from their first block that may be markdown; '' when the whole text is plain. */
  rest: string
}

// Characters that start or may start inline markdown, an entity, raw HTML, an escape or a GFM table or strikethrough
// anywhere in a line; and NUL, which CommonMark replaces.
// eslint-disable-next-line no-control-regex
const INLINE_SYNTAX = /[\\`*_[\]<>&!~|\u0000]/
// GFM's extended autolinks: a bare URL or e-mail address becomes a link.
const AUTOLINK = /www\.|(?:ftp|https?):\/\/|@/i
// The start of a line that may open a block: indentation (code, or a list item's continuation), a bullet or ordered
// list marker, an ATX heading, a thematic break or a setext underline.
const BLOCK_START = /^(?:\s|[-+#=]|\d{1,9}[.)])/

function isPlainLine(line: string): boolean {
  return (
    !INLINE_SYNTAX.test(line) &&
    !AUTOLINK.test(line) &&
    !BLOCK_START.test(line) &&
    // A line ending in spaces may be a hard line break.
    !/\s$/.test(line)
  )
}

/**
 * Splits `source` into its leading plain paragraphs (blocks of lines separated by blank lines, every line free of
 * anything markdown could read as syntax) and the rest. Conservative: a block is plain only if no rule of CommonMark
 * or GFM could make it more than its text, so a paragraph it returns renders as marked would render it.
 */
export function plainLead(source: string): PlainLead {
  const lines = source.split(/\r\n?|\n/)
  const paragraphs: string[] = []
  let block: string[] = []
  let i = 0
  for (; i < lines.length; i++) {
    const line = lines[i]!
    if (line.trim() === '') {
      if (block.length > 0) paragraphs.push(block.join('\n'))
      block = []
      continue
    }
    if (!isPlainLine(line)) break
    block.push(line)
  }
  if (i === lines.length) {
    if (block.length > 0) paragraphs.push(block.join('\n'))
    return { paragraphs, rest: '' }
  }
  // The block that stopped the scan goes to the rest whole: a later line (a setext underline) can change its start.
  return { paragraphs, rest: lines.slice(i - block.length).join('\n') }
}
