// Reads supabase/functions/.env the way the CLI does (joho/godotenv): `KEY=value` lines, `export` prefixes, `#`
// comments, single-quoted literals, double-quoted values with escapes and `${VAR}` expansion, multi-line quotes.
// Names starting with SUPABASE_ are reserved for the platform: skipped with a warning, as `supabase secrets` does.
import { readFileSync } from 'node:fs'

export interface EnvFile {
  values: Record<string, string>
  warnings: string[]
}

export function readEnvFile(file: string): EnvFile {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return { values: {}, warnings: [] }
  }
  const kept: [string, string][] = []
  const warnings: string[] = []
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (name.startsWith('SUPABASE_')) warnings.push(`Env name cannot start with SUPABASE_, skipping: ${name}`)
    else kept.push([name, value])
  }
  return { values: Object.fromEntries(kept), warnings }
}

const line = /^\s*(?:export\s+)?([\w.-]+)\s*[=:]\s?(.*)$/

export function parseEnv(text: string): Record<string, string> {
  // A Map, not an object: names such as `__proto__` or `constructor` are ordinary names in a .env file.
  const values = new Map<string, string>()
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  for (let i = 0; i < lines.length; i++) {
    const match = line.exec(lines[i] as string)
    if (!match) continue
    const name = match[1] as string
    let rest = (match[2] as string).trimStart()
    const quote = rest[0]
    if (quote === "'" || quote === '"') {
      // A quoted value may span lines: read on until its closing quote.
      let body = rest.slice(1)
      let end = closingQuote(body, quote)
      while (end < 0 && i + 1 < lines.length) {
        body += `\n${lines[++i]}`
        end = closingQuote(body, quote)
      }
      rest = end < 0 ? body : body.slice(0, end)
      values.set(name, quote === "'" ? rest : expand(unescape(rest), values))
    } else {
      values.set(name, expand(rest.replace(/\s+#.*$/, '').trim(), values))
    }
  }
  // fromEntries defines own properties, so even `__proto__` stays a plain entry.
  return Object.fromEntries(values)
}

function closingQuote(text: string, quote: string): number {
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\' && quote === '"') i++
    else if (text[i] === quote) return i
  }
  return -1
}

function unescape(text: string): string {
  return text.replace(/\\([^$])/g, (_, char: string) => ({ n: '\n', r: '\r', t: '\t' })[char] ?? char)
}

function expand(text: string, values: Map<string, string>): string {
  return text.replace(/(\\)?\$(?:\{(\w+)\}|(\w+))/g, (whole, escaped: string | undefined, braced, bare) =>
    escaped ? whole.slice(1) : (values.get((braced ?? bare) as string) ?? ''),
  )
}
