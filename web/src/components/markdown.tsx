// Renders untrusted markdown (course descriptions, lesson bodies) as React elements from marked's lexer tokens.
// Nothing is ever injected as HTML: raw HTML shows as text, links are limited to http(s), mailto and relative URLs,
// and images to https or same-origin paths, so an author cannot run script in a learner's browser.
import { Fragment, type ReactNode } from 'react'
import { decodeHTMLStrict } from 'entities'
import { marked, type Token, type Tokens } from 'marked'
import { cn } from '@/lib/cn'
import { markdownBodyClass } from './markdown-plain'

export interface MarkdownProps {
  source: string
  className?: string
  /**
   * Added to every heading level so the markdown fits under the page's own heading: with the default 1, `# Title`
   * becomes an <h2> (the page already has its <h1>). Levels stop at h6.
   */
  headingOffset?: number
}

export function Markdown({ source, className, headingOffset = 1 }: MarkdownProps) {
  const tokens = marked.lexer(source, { gfm: true })
  return <div className={cn(markdownBodyClass, className)}>{renderBlocks(tokens, headingOffset)}</div>
}

const SCHEME = /^([a-z][a-z0-9+.-]*):/i
// Browsers drop tabs, newlines and control characters inside URLs, so `java\tscript:` is still a scheme.
// eslint-disable-next-line no-control-regex
const IGNORED_IN_URL = /[\u0000-\u0020\u007f-\u009f]/g

function normaliseUrl(raw: string): string {
  return decodeEntities(raw).replace(IGNORED_IN_URL, '')
}

/** The href to use for a markdown link, or null when it is not safe (anything but http(s), mailto, relative). */
export function safeLinkHref(raw: string): { href: string; external: boolean } | null {
  const href = normaliseUrl(raw)
  if (href === '') return null
  const scheme = SCHEME.exec(href)?.[1]?.toLowerCase()
  if (scheme === undefined) return { href, external: href.startsWith('//') }
  if (scheme === 'http' || scheme === 'https') return { href, external: true }
  if (scheme === 'mailto') return { href, external: false }
  return null
}

/** The src to use for a markdown image, or null: only https URLs and same-origin paths (never data:, never http:). */
export function safeImageSrc(raw: string): string | null {
  const src = normaliseUrl(raw)
  if (src === '' || src.startsWith('//') || src.startsWith('\\')) return null
  const scheme = SCHEME.exec(src)?.[1]?.toLowerCase()
  if (scheme === undefined) return src
  return scheme === 'https' ? src : null
}

/**
 * marked leaves character references in text as written; React escapes text itself, so decode them first: every
 * HTML named reference (`&eacute;`, `&rarr;`) and numeric one, with its semicolon as CommonMark asks, by the
 * maintained `entities` decoder (a reference it does not know, or a code point that cannot be, is left or replaced
 * as HTML does).
 */
export function decodeEntities(text: string): string {
  return decodeHTMLStrict(text)
}

const headingClass: Record<number, string> = {
  1: 'text-3xl font-bold',
  2: 'text-2xl font-semibold',
  3: 'text-xl font-semibold',
  4: 'text-lg font-semibold',
  5: 'text-base font-semibold',
  6: 'text-base font-medium',
}

function renderBlocks(tokens: Token[], headingOffset: number): ReactNode[] {
  return tokens.map((token, index) => <Fragment key={index}>{renderBlock(token, headingOffset)}</Fragment>)
}

function renderBlock(token: Token, headingOffset: number): ReactNode {
  switch (token.type) {
    case 'space':
    case 'def':
      return null
    case 'heading': {
      const level = Math.min(6, Math.max(1, token.depth + headingOffset))
      const Heading = `h${level}` as 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6'
      return <Heading className={cn('text-slate-900', headingClass[level])}>{renderInline(token.tokens ?? [])}</Heading>
    }
    case 'paragraph':
      return <p>{renderInline(token.tokens ?? [])}</p>
    case 'text':
      // A block-level text token appears in tight list items.
      return token.tokens ? renderInline(token.tokens) : decodeEntities(token.text)
    case 'blockquote':
      return (
        <blockquote className="flex flex-col gap-3 border-l-4 border-slate-300 pl-4 text-slate-700">
          {renderBlocks(token.tokens ?? [], headingOffset)}
        </blockquote>
      )
    case 'code':
      return (
        // A named, focusable region so keyboard users can scroll a long line sideways and hear what they landed on.
        <pre
          tabIndex={0}
          role="region"
          aria-label={token.lang ? `Code (${token.lang})` : 'Code'}
          className="overflow-x-auto rounded-md bg-slate-900 p-4 text-sm text-slate-100"
        >
          <code data-language={token.lang || undefined}>{token.text}</code>
        </pre>
      )
    case 'hr':
      return <hr className="border-slate-200" />
    case 'list':
      return renderList(token as Tokens.List, headingOffset)
    case 'table':
      return renderTable(token as Tokens.Table)
    case 'html':
      // Raw HTML is shown, not interpreted.
      return <p className="font-mono text-sm whitespace-pre-wrap text-slate-600">{token.text}</p>
    default:
      return 'tokens' in token && Array.isArray(token.tokens) ? renderInline(token.tokens) : String(token.raw ?? '')
  }
}

function renderList(list: Tokens.List, headingOffset: number): ReactNode {
  const items = list.items.map((item, index) => (
    <li key={index} className={cn(item.task && 'flex list-none items-start gap-2')}>
      {item.task ? (
        <input
          type="checkbox"
          checked={item.checked ?? false}
          disabled
          aria-label={item.checked ? 'Done' : 'Not done'}
          className="mt-1.5"
        />
      ) : null}
      <div className={cn(item.task && 'min-w-0 flex-1', item.loose && 'flex flex-col gap-3')}>
        {renderBlocks(
          item.tokens.filter((t) => t.type !== 'checkbox'),
          headingOffset,
        )}
      </div>
    </li>
  ))
  const listClass = 'flex flex-col gap-1 pl-6'
  if (list.ordered) {
    return (
      <ol className={cn(listClass, 'list-decimal')} start={typeof list.start === 'number' ? list.start : undefined}>
        {items}
      </ol>
    )
  }
  const isTaskList = list.items.every((item) => item.task)
  return <ul className={cn(listClass, isTaskList ? 'pl-0' : 'list-disc')}>{items}</ul>
}

function renderTable(table: Tokens.Table): ReactNode {
  const align = (value: 'center' | 'left' | 'right' | null) => (value ? { textAlign: value } : undefined)
  return (
    <div tabIndex={0} role="region" aria-label="Table" className="overflow-x-auto">
      <table className="min-w-full border-collapse text-sm">
        <thead>
          <tr>
            {table.header.map((cell, index) => (
              <th key={index} style={align(cell.align)} className="border-b border-slate-300 px-3 py-2 font-semibold">
                {renderInline(cell.tokens)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell, index) => (
                <td key={index} style={align(cell.align)} className="border-b border-slate-200 px-3 py-2">
                  {renderInline(cell.tokens)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function renderInline(tokens: Token[]): ReactNode[] {
  return tokens.map((token, index) => <Fragment key={index}>{renderInlineToken(token)}</Fragment>)
}

function renderInlineToken(token: Token): ReactNode {
  switch (token.type) {
    case 'text':
      return token.tokens ? renderInline(token.tokens) : decodeEntities(token.text)
    case 'escape':
      return token.text
    case 'strong':
      return <strong className="font-semibold">{renderInline(token.tokens ?? [])}</strong>
    case 'em':
      return <em>{renderInline(token.tokens ?? [])}</em>
    case 'del':
      return <del>{renderInline(token.tokens ?? [])}</del>
    case 'codespan':
      return <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em]">{token.text}</code>
    case 'br':
      return <br />
    case 'html':
      return token.text
    case 'link':
      return renderLink(token as Tokens.Link)
    case 'image':
      return renderImage(token as Tokens.Image)
    case 'checkbox':
      return null
    default:
      return 'tokens' in token && Array.isArray(token.tokens) ? renderInline(token.tokens) : String(token.raw ?? '')
  }
}

function renderLink(link: Tokens.Link): ReactNode {
  const safe = safeLinkHref(link.href)
  if (!safe) return <span>{renderInline(link.tokens)}</span>
  const title = link.title ? decodeEntities(link.title) : undefined
  return (
    <a
      href={safe.href}
      title={title}
      className="font-medium text-teal-800 underline underline-offset-2 hover:text-teal-900"
      {...(safe.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {renderInline(link.tokens)}
      {safe.external ? <span className="sr-only"> (opens in a new tab)</span> : null}
    </a>
  )
}

function renderImage(image: Tokens.Image): ReactNode {
  const alt = decodeEntities(image.text)
  const src = safeImageSrc(image.href)
  if (!src) return alt ? <span className="text-slate-600 italic">{alt}</span> : null
  const title = image.title ? decodeEntities(image.title) : undefined
  return <img src={src} alt={alt} title={title} loading="lazy" className="inline-block max-w-full rounded-md" />
}
