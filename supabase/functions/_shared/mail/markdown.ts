// Markdown someone wrote (an answer, an announcement), rendered for an email without trusting it: every character is
// escaped first, then a small, fixed set of markdown becomes markup (paragraphs, line breaks, headings, lists, quotes,
// code, **bold**, *italic*, and [links](https://…) to http, https or mailto only). Raw HTML stays visible text;
// nothing a writer types can add an attribute, a style, an image or a script. The plain-text part keeps the markdown
// as written, which reads well as text.
import { escapeHtml, safeUrl } from './escape.ts'

const styles = {
  p: 'margin:0 0 16px',
  h: 'margin:0 0 12px;font-size:16px;line-height:1.4',
  list: 'margin:0 0 16px;padding-left:24px',
  quote: 'margin:0 0 16px;padding:8px 12px;border-left:3px solid #cbd5e1;color:#334155',
  pre: 'margin:0 0 16px;padding:12px;background:#f1f5f9;border-radius:6px;white-space:pre-wrap;font-size:13px',
  code: 'font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px;background:#f1f5f9;padding:1px 4px',
  a: 'color:#0f766e',
}

/** Inline markdown of one escaped line: code spans first (their content stays literal), then links and emphasis. */
function inline(escaped: string): string {
  const kept: string[] = []
  const keep = (html: string) => {
    kept.push(html)
    return `\uE000${kept.length - 1}\uE000`
  }
  let text = escaped.replace(/\uE000/g, '').replace(/`([^`]+)`/g, (_, code: string) => {
    return keep(`<code style="${styles.code}">${code}</code>`)
  })
  // The link's text and address were escaped with the rest; the address is unescaped only to be checked. A finished
  // link is kept aside, so emphasis never reaches into its address.
  text = text.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (whole, label: string, href: string) => {
    const url = safeUrl(unescape(href))
    return url ? keep(`<a href="${escapeHtml(url)}" style="${styles.a}">${emphasis(label)}</a>`) : whole
  })
  return emphasis(text).replace(/\uE000(\d+)\uE000/g, (_, index: string) => kept[Number(index)] ?? '')
}

function emphasis(text: string): string {
  return text
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/__([^_]+)__/g, '<strong>$1</strong>')
    .replace(/(^|[^*\w])\*([^*\s][^*]*?)\*(?!\w)/g, '$1<em>$2</em>')
    .replace(/(^|[^_\w])_([^_\s][^_]*?)_(?!\w)/g, '$1<em>$2</em>')
}

function unescape(text: string): string {
  return text.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (entity) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" })[entity] ?? entity,
  )
}

type Block =
  | { kind: 'p'; lines: string[] }
  | { kind: 'h'; text: string }
  | { kind: 'ul' | 'ol'; items: string[] }
  | { kind: 'quote'; lines: string[] }
  | { kind: 'pre'; lines: string[] }

function blocksOf(markdown: string): Block[] {
  const blocks: Block[] = []
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n')
  let i = 0
  while (i < lines.length) {
    const line = lines[i]!
    if (line.trim() === '') {
      i++
      continue
    }
    if (/^\s*```/.test(line)) {
      const code: string[] = []
      i++
      while (i < lines.length && !/^\s*```/.test(lines[i]!)) code.push(lines[i++]!)
      i++
      blocks.push({ kind: 'pre', lines: code })
      continue
    }
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (heading) {
      blocks.push({ kind: 'h', text: heading[1]! })
      i++
      continue
    }
    const listKind = /^\s*[-*+]\s+/.test(line) ? 'ul' : /^\s*\d+[.)]\s+/.test(line) ? 'ol' : undefined
    if (listKind) {
      const marker = listKind === 'ul' ? /^\s*[-*+]\s+/ : /^\s*\d+[.)]\s+/
      const items: string[] = []
      while (i < lines.length && marker.test(lines[i]!)) items.push(lines[i++]!.replace(marker, ''))
      blocks.push({ kind: listKind, items })
      continue
    }
    if (/^\s*>/.test(line)) {
      const quoted: string[] = []
      while (i < lines.length && /^\s*>/.test(lines[i]!)) quoted.push(lines[i++]!.replace(/^\s*>\s?/, ''))
      blocks.push({ kind: 'quote', lines: quoted })
      continue
    }
    const paragraph: string[] = []
    while (
      i < lines.length && lines[i]!.trim() !== '' && !/^\s*(```|#{1,6}\s|[-*+]\s|\d+[.)]\s|>)/.test(lines[i]!)
    ) {
      paragraph.push(lines[i++]!.trim())
    }
    blocks.push({ kind: 'p', lines: paragraph })
  }
  return blocks
}

/** Safe HTML for an email from markdown as written. */
export function markdownToHtml(markdown: string): string {
  const lines = (text: string[]) => text.map((line) => inline(escapeHtml(line))).join('<br>\n')
  return blocksOf(markdown)
    .map((block) => {
      switch (block.kind) {
        case 'p':
          return `<p style="${styles.p}">${lines(block.lines)}</p>`
        case 'h':
          return `<p style="${styles.h}"><strong>${inline(escapeHtml(block.text))}</strong></p>`
        case 'ul':
        case 'ol':
          return `<${block.kind} style="${styles.list}">${
            block.items.map((item) => `<li>${inline(escapeHtml(item))}</li>`).join('')
          }</${block.kind}>`
        case 'quote':
          return `<blockquote style="${styles.quote}">${lines(block.lines)}</blockquote>`
        case 'pre':
          return `<pre style="${styles.pre}"><code>${escapeHtml(block.lines.join('\n'))}</code></pre>`
      }
    })
    .join('\n')
}
