// Writing SQL safely: identifiers come only from the schema cache and are always quoted here; every value from a
// request becomes a numbered parameter. Statements are plain text plus their parameter values.

export function quoteIdent(name: string): string {
  // The common case, a plain name, without a search and a replace.
  if (!name.includes('"') && !name.includes('\0')) return `"${name}"`
  // PostgreSQL identifiers cannot hold NUL; PostgREST cuts there too.
  const cut = name.indexOf('\0')
  const clean = cut < 0 ? name : name.slice(0, cut)
  return `"${clean.replace(/"/g, '""')}"`
}

export const qualified = (schema: string, name: string) => `${quoteIdent(schema)}.${quoteIdent(name)}`

export class Params {
  readonly values: (string | Buffer | null)[] = []

  /** Adds a value and returns its placeholder (`$n`). */
  add(value: string | Buffer | null): string {
    this.values.push(value)
    return `$${this.values.length}`
  }

  /** A parameter typed as text, for places where PostgreSQL could not infer the type. */
  text(value: string): string {
    return `(${this.add(value)}::text)`
  }
}

/**
 * A PostgreSQL array literal (`{"a","b"}`) whose element type the server infers, as PostgREST builds for `in`; the
 * one encoder for every array a request makes (`in` lists, variadic arguments, the Location columns).
 */
export function arrayLiteral(values: string[]): string {
  const escape = (v: string) => {
    const cut = v.indexOf('\0')
    const clean = cut < 0 ? v : v.slice(0, cut)
    return `"${clean.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
  }
  return `{${values.map(escape).join(',')}}`
}
