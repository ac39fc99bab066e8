// The part of Go's html/template that GoTrue's email templates use, executed as GoTrue executes them: subject and
// body are both parsed with html/template over a map (SiteURL, ConfirmationURL, Email, NewEmail, Token, TokenHash,
// RedirectTo, Data = the user's metadata), so
// - `{{ .Field }}`, `{{ .Data.key }}`, `{{ . }}` and `{{ $.Field }}` print the value, HTML-escaped as Go escapes text
//   (`&#34;` and `&#39;` for quotes); a missing key prints nothing (html/template's "no value");
// - inside a quoted href, src or action attribute the value is a URL: a scheme other than http, https or mailto at
//   the start of the attribute becomes `#ZgotmplZ`; before a `?` or `#` characters a URL may not hold are
//   percent-encoded (html/template's normaliser), after one everything but letters, digits and -._~ is (its
//   escaper, so `{{ .RedirectTo }}` in a query is one parameter); then `&` and `+` are written as entities;
// - `{{ if }}`, `{{ else if }}`, `{{ else }}`, `{{ with }}`, `{{ range }}` (dot = each element) and `{{ end }}` take
//   Go's truth (false, 0, "", nil, an empty list or map are false), with the functions and, or, not, eq, ne, lt, le,
//   gt, ge, len, index, print, html, urlquery, literals, parentheses and pipes (`{{ .Email | urlquery }}`);
// - `{{- ` and ` -}}` trim the white space beside them, and `{{/* comments */}}` print nothing.
// A template GoTrue could not parse (an unclosed `if`, an unknown function) throws, as GoTrue then fails the send.
// Not supported (they throw): variables (`$x :=`), `define`, `template`, `block`, `break`, `continue`, printf.

type Value = unknown

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'print'; pipe: Pipe; url: UrlContext }
  | { kind: 'if' | 'with' | 'range'; pipe: Pipe; then: Node[]; otherwise: Node[] }

/**
 * Where a printed value lands: text, or a URL attribute: at its start (the scheme is checked), later before any `?`
 * or `#` (normalised), or in the query or fragment (escaped whole).
 */
type UrlContext = 'none' | 'start' | 'path' | 'query'

type Term =
  | { kind: 'field'; root: 'dot' | 'root'; path: string[] }
  | { kind: 'literal'; value: Value }
  | { kind: 'call'; name: string; args: Term[] }
  | { kind: 'pipe'; pipe: Pipe }

/** Commands joined by `|`: each one's result is the last argument of the next. */
type Pipe = Term[]

export class TemplateError extends Error {}

const functions: Record<string, (...args: Value[]) => Value> = {
  and: (...args) => args.find((arg) => !truth(arg)) ?? args[args.length - 1],
  or: (...args) => args.find((arg) => truth(arg)) ?? args[args.length - 1],
  not: (arg) => !truth(arg),
  eq: (first, ...rest) => rest.some((other) => first === other),
  ne: (a, b) => a !== b,
  lt: (a, b) => (a as number) < (b as number),
  le: (a, b) => (a as number) <= (b as number),
  gt: (a, b) => (a as number) > (b as number),
  ge: (a, b) => (a as number) >= (b as number),
  len: (arg) => (typeof arg === 'string' || Array.isArray(arg) ? arg.length : Object.keys(arg ?? {}).length),
  index: (item, ...keys) => keys.reduce((value, key) => lookup(value, String(key)), item),
  print: (...args) => args.map(show).join(''),
  html: (...args) => escapeText(args.map(show).join('')),
  urlquery: (...args) => encodeURIComponent(args.map(show).join('')).replace(/%20/g, '+'),
}

/** Go's truth: false, 0, "", nil and empty lists or maps are false. */
export function truth(value: Value): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '') return false
  if (Array.isArray(value)) return value.length > 0
  if (typeof value === 'object') return Object.keys(value).length > 0
  return true
}

function lookup(value: Value, key: string): Value {
  return value !== null && typeof value === 'object' ? (value as Record<string, Value>)[key] : undefined
}

/** How fmt prints a value (strings as they are; JSON for lists and maps, which Go would print as map[...]). */
function show(value: Value): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}

const textEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&#34;',
  "'": '&#39;',
  '+': '&#43;',
}

/** html/template's escaping of a value in text or a quoted attribute. */
export function escapeText(text: string): string {
  return text.replace(/[&<>"'+]/g, (c) => textEscapes[c]!).replaceAll(String.fromCharCode(0), '\uFFFD')
}

/** html/template's URL filter, normaliser or escaper (by where the value sits), then attribute escaping. */
function escapeUrl(text: string, context: Exclude<UrlContext, 'none'>): string {
  if (context === 'start') {
    const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(text)?.[1]?.toLowerCase()
    if (scheme !== undefined && !['http', 'https', 'mailto'].includes(scheme)) return '#ZgotmplZ'
  }
  const keep = context === 'query' ? /[A-Za-z0-9\-._~]/ : /[A-Za-z0-9\-._~!#$&*+,/:;=?@[\]%]/
  const encoded = [...new TextEncoder().encode(text)]
    .map((byte) => {
      const c = String.fromCharCode(byte)
      return byte < 0x80 && keep.test(c) ? c : `%${byte.toString(16).padStart(2, '0')}`
    })
    .join('')
  return encoded.replace(/&/g, '&amp;').replace(/\+/g, '&#43;')
}

// ---- lexing and parsing ----

interface Action {
  /** The text before this action (already trimmed by `{{-`). */
  before: string
  /** The action's words, without delimiters and trim markers; undefined after the last action. */
  body: string | undefined
  /** Where a value printed by this action would land. */
  url: UrlContext
}

/** Whether text so far leaves us inside a quoted href/src/action attribute, and at its start. */
function urlContextAfter(html: string): UrlContext {
  const match = /<[a-zA-Z][^<>]*?\s(?:href|src|action|formaction|cite|poster)\s*=\s*(["'])([^"']*)$/i.exec(html)
  if (!match) return 'none'
  return match[2] === '' ? 'start' : /[?#]/.test(match[2]!) ? 'query' : 'path'
}

function lex(template: string): Action[] {
  const actions: Action[] = []
  let rest = template
  let sofar = ''
  let trimNext = false
  for (;;) {
    const open = rest.indexOf('{{')
    let before = open === -1 ? rest : rest.slice(0, open)
    if (trimNext) before = before.replace(/^\s+/, '')
    if (open === -1) {
      actions.push({ before, body: undefined, url: 'none' })
      return actions
    }
    let inner = rest.slice(open + 2)
    if (/^-\s/.test(inner)) {
      before = before.replace(/\s+$/, '')
      inner = inner.slice(1)
    }
    // A comment runs to its `*/`, whatever it holds, and must be followed by the action's end.
    const comment = /^\s*\/\*/.exec(inner) ? inner.indexOf('*/') : -1
    if (/^\s*\/\*/.test(inner) && (comment === -1 || !/^\*\/(\s-)?}}/.test(inner.slice(comment)))) {
      throw new TemplateError('template: unclosed comment')
    }
    const close = comment === -1 ? findClose(inner) : inner.indexOf('}}', comment)
    if (close === -1) throw new TemplateError('template: unclosed action')
    let body = inner.slice(0, close)
    trimNext = /\s-$/.test(body)
    if (trimNext) body = body.slice(0, -1)
    sofar += before
    actions.push({ before, body: body.trim(), url: urlContextAfter(sofar) })
    rest = inner.slice(close + 2)
  }
}

/** The `}}` that closes an action, skipping any inside quoted strings. */
function findClose(inner: string): number {
  let quote = ''
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i]!
    if (quote) {
      if (c === '\\' && quote === '"') i++
      else if (c === quote) quote = ''
    } else if (c === '"' || c === '`') quote = c
    else if (inner.startsWith('}}', i)) return i
  }
  return -1
}

function tokenize(body: string): string[] {
  const tokens: string[] = []
  const pattern = /\s*("(?:[^"\\]|\\.)*"|`[^`]*`|\(|\)|\||\$?(?:\.[A-Za-z_]\w*)+|\$|\.|[A-Za-z_]\w*|-?\d+(?:\.\d+)?)/y
  let index = 0
  while (index < body.length) {
    if (/^\s*$/.test(body.slice(index))) break
    pattern.lastIndex = index
    const match = pattern.exec(body)
    if (!match) throw new TemplateError(`template: unexpected "${body.slice(index).trim()}" in action`)
    tokens.push(match[1]!)
    index = pattern.lastIndex
  }
  return tokens
}

function parsePipe(tokens: string[]): Pipe {
  let position = 0
  const term = (): Term => {
    const token = tokens[position++]
    if (token === undefined) throw new TemplateError('template: missing value in action')
    if (token === '(') {
      const start = position
      let depth = 1
      while (position < tokens.length && depth > 0) {
        if (tokens[position] === '(') depth++
        if (tokens[position] === ')') depth--
        position++
      }
      if (depth !== 0) throw new TemplateError('template: unclosed left paren')
      return { kind: 'pipe', pipe: parsePipe(tokens.slice(start, position - 1)) }
    }
    if (token === '.') return { kind: 'field', root: 'dot', path: [] }
    if (token === '$') return { kind: 'field', root: 'root', path: [] }
    if (token.startsWith('$.')) return { kind: 'field', root: 'root', path: token.slice(2).split('.') }
    if (token.startsWith('.')) return { kind: 'field', root: 'dot', path: token.slice(1).split('.') }
    if (token.startsWith('"')) return { kind: 'literal', value: JSON.parse(token) as string }
    if (token.startsWith('`')) return { kind: 'literal', value: token.slice(1, -1) }
    if (/^-?\d/.test(token)) return { kind: 'literal', value: Number(token) }
    if (token === 'true' || token === 'false') return { kind: 'literal', value: token === 'true' }
    if (token === 'nil') return { kind: 'literal', value: null }
    throw new TemplateError(`template: function "${token}" not defined`)
  }
  const commands: Term[] = []
  while (position < tokens.length) {
    const token = tokens[position]!
    if (/^[A-Za-z_]\w*$/.test(token) && !['true', 'false', 'nil'].includes(token)) {
      if (!(token in functions)) throw new TemplateError(`template: function "${token}" not defined`)
      position++
      const args: Term[] = []
      while (position < tokens.length && tokens[position] !== '|') args.push(term())
      commands.push({ kind: 'call', name: token, args })
    } else {
      commands.push(term())
      if (position < tokens.length && tokens[position] !== '|') {
        throw new TemplateError(`template: can't give argument to non-function ${token}`)
      }
    }
    if (tokens[position] === '|') {
      position++
      if (position >= tokens.length) throw new TemplateError('template: missing command after |')
    }
  }
  if (commands.length === 0) throw new TemplateError('template: missing value for command')
  return commands
}

const unsupported = /^(define|template|block|break|continue)\b|^\$\w+\s*:?=/

/** Parses a template into nodes, or throws a TemplateError where Go's parser would. */
export function parseTemplate(template: string): Node[] {
  const actions = lex(template)
  let index = 0
  // Returns the nodes up to the action that ends this list (end, else, else if/with), and that action.
  const list = (): { nodes: Node[]; stop: string | undefined } => {
    const nodes: Node[] = []
    for (;;) {
      const action = actions[index++]!
      if (action.before) nodes.push({ kind: 'text', text: action.before })
      const body = action.body
      if (body === undefined) return { nodes, stop: undefined }
      if (/^\/\*[\s\S]*\*\/$/.test(body)) continue
      if (unsupported.test(body)) throw new TemplateError(`template: "${body}" is not supported by the local stack`)
      if (body === 'end' || body === 'else' || /^else\s+(if|with)\s/.test(body)) return { nodes, stop: body }
      const block = /^(if|with|range)\s+([\s\S]+)$/.exec(body)
      if (block) {
        nodes.push(branch(block[1] as 'if' | 'with' | 'range', block[2]!))
        continue
      }
      if (/^(if|with|range|else)$/.test(body)) throw new TemplateError(`template: missing value for ${body}`)
      nodes.push({ kind: 'print', pipe: parsePipe(tokenize(body)), url: action.url })
    }
  }
  const branch = (kind: 'if' | 'with' | 'range', pipeText: string): Node => {
    const pipe = parsePipe(tokenize(pipeText))
    const then = list()
    let otherwise: Node[] = []
    if (then.stop === 'else') {
      const rest = list()
      if (rest.stop !== 'end') throw new TemplateError(`template: expected end; found ${rest.stop ?? 'EOF'}`)
      otherwise = rest.nodes
    } else if (then.stop !== undefined && then.stop.startsWith('else ')) {
      // `else if X` / `else with X` is an `if` / `with` inside the else branch, closed by the same `end`.
      const [, nested, nestedPipe] = /^else\s+(if|with)\s+([\s\S]+)$/.exec(then.stop)!
      otherwise = [branch(nested as 'if' | 'with', nestedPipe!)]
    } else if (then.stop !== 'end') {
      throw new TemplateError(`template: unexpected EOF, ${kind} has no end`)
    }
    return { kind, pipe, then: then.nodes, otherwise }
  }
  const top = list()
  if (top.stop !== undefined) throw new TemplateError(`template: unexpected {{${top.stop}}}`)
  return top.nodes
}

// ---- execution ----

function evaluate(pipe: Pipe, dot: Value, root: Value): Value {
  let previous: Value[] = []
  for (const command of pipe) {
    previous = [evaluateTerm(command, dot, root, previous)]
  }
  return previous[0]
}

function evaluateTerm(term: Term, dot: Value, root: Value, piped: Value[]): Value {
  switch (term.kind) {
    case 'field':
      return term.path.reduce((value, key) => lookup(value, key), term.root === 'dot' ? dot : root)
    case 'literal':
      return term.value
    case 'pipe':
      return evaluate(term.pipe, dot, root)
    case 'call': {
      const args = [...term.args.map((arg) => evaluateTerm(arg, dot, root, [])), ...piped]
      return functions[term.name]!(...args)
    }
  }
}

function execute(nodes: Node[], dot: Value, root: Value): string {
  let out = ''
  for (const node of nodes) {
    if (node.kind === 'text') {
      out += node.text
    } else if (node.kind === 'print') {
      const text = show(evaluate(node.pipe, dot, root))
      out += node.url === 'none' ? escapeText(text) : escapeUrl(text, node.url)
    } else {
      const value = evaluate(node.pipe, dot, root)
      if (node.kind === 'range' && truth(value)) {
        const items = Array.isArray(value) ? value : Object.values(value as Record<string, Value>)
        out += items.map((item) => execute(node.then, item, root)).join('')
      } else if (node.kind !== 'range' && truth(value)) {
        out += execute(node.then, node.kind === 'with' ? value : dot, root)
      } else {
        out += execute(node.otherwise, dot, root)
      }
    }
  }
  return out
}

/** Parses and executes a template over `data` (both dot and `$`). */
export function executeTemplate(template: string, data: Record<string, unknown>): string {
  return execute(parseTemplate(template), data, data)
}
