// The type names a cast (`col::text`) may use, mapped to a quoted, schema-qualified name: the cast is written into
// SQL from this map, never from the request. SQL's spelled-out names (`double precision`, ...) are included.

const aliases: Record<string, string> = {
  int: 'int4',
  integer: 'int4',
  smallint: 'int2',
  bigint: 'int8',
  real: 'float4',
  float: 'float8',
  'double precision': 'float8',
  boolean: 'bool',
  decimal: 'numeric',
  'character varying': 'varchar',
  character: 'bpchar',
  char: 'bpchar',
  'time with time zone': 'timetz',
  'time without time zone': 'time',
  'timestamp with time zone': 'timestamptz',
  'timestamp without time zone': 'timestamp',
  'bit varying': 'varbit',
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

export function typeNames(
  rows: { schema: string; name: string }[],
  schemas: string[],
  extraSearchPath: string[],
): Map<string, string> {
  // Resolution order of an unqualified name: pg_catalog, then the search path of a request.
  const order = ['pg_catalog', ...schemas, ...extraSearchPath]
  const rank = (schema: string) => {
    const i = order.indexOf(schema)
    return i < 0 ? order.length : i
  }
  const sorted = [...rows].sort((a, b) => rank(a.schema) - rank(b.schema))
  const types = new Map<string, string>()
  for (const { schema, name } of sorted) {
    const k = name.toLowerCase()
    if (!types.has(k)) types.set(k, `${quote(schema)}.${quote(name)}`)
  }
  for (const [alias, target] of Object.entries(aliases)) {
    const resolved = types.get(target)
    if (resolved) types.set(alias, resolved)
  }
  return types
}

/** The quoted type for a cast written in a request, or undefined when no such type exists. */
export function resolveCast(types: Map<string, string>, name: string): string | undefined {
  return types.get(name.trim().replace(/\s+/g, ' ').toLowerCase())
}
