// Elixir's `inspect/1` for the JSON values and filter tuples that appear in Realtime's error messages, so the
// messages read exactly as the real server's: strings quoted and escaped, null as nil, maps as %{"k" => v}.
import type { Json } from '../socket/messages.ts'

export class Tuple {
  constructor(readonly items: Inspectable[]) {}
}

export type Inspectable = Json | Tuple | Inspectable[] | undefined

export function inspect(value: Inspectable): string {
  if (value === undefined || value === null) return 'nil'
  if (value instanceof Tuple) return `{${value.items.map(inspect).join(', ')}}`
  if (typeof value === 'string') return JSON.stringify(value).replace(/#\{/g, '\\#{')
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : formatFloat(value)
  if (typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return `[${value.map(inspect).join(', ')}]`
  // Small Elixir maps print with their keys in term order (for strings: byte order).
  const keys = Object.keys(value).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
  return `%{${keys.map((key) => `${inspect(key)} => ${inspect(value[key])}`).join(', ')}}`
}

function formatFloat(value: number): string {
  const text = String(value)
  return /[.e]/.test(text) ? text : `${text}.0`
}

/** Realtime.Logs.to_log: a string as it is, anything else inspected. */
export function toLog(value: Inspectable): string {
  return typeof value === 'string' ? value : inspect(value)
}
