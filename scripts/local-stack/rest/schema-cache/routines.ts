// Functions of the exposed schemas as RPC sees them: named input parameters (which are required, which variadic)
// and the shape of the result (nothing, a scalar, rows of a table or composite type, OUT/TABLE columns).
import {
  isolationLevelOf,
  key,
  type Column,
  type ReturnShape,
  type Routine,
  type RoutineParam,
  type Table,
} from './types.ts'

function isolation(config: string): Pick<Routine, 'isolation'> {
  const level = isolationLevelOf((config.split('=')[1] ?? '').split(',')[0] ?? '')
  return level ? { isolation: level } : {}
}

export interface RoutineRow {
  oid: string
  schema: string
  name: string
  volatility: string
  returns_set: boolean
  return_typtype: string
  return_relid: string
  return_type: string
  return_typname: string
  nargs: number
  ndefaults: number
  variadic: boolean
  arg_names: string[]
  arg_modes: string[]
  arg_types: string[]
  description: string | null
  /** proconfig entries (`name=value`) matching db-hoisted-tx-settings. */
  hoisted: string[]
  /** The proconfig entry `default_transaction_isolation=…`, if any. */
  iso_config: string | null
}

/**
 * PostgREST's db-hoisted-tx-settings default: these SET clauses of a function are also applied to the whole
 * transaction of an RPC call (so a function's statement_timeout limits the call), after the request's settings.
 */
export const hoistedTxSettings = [
  'statement_timeout',
  'plan_filter.statement_cost_limit',
  'default_transaction_isolation',
]

const volatilities: Record<string, Routine['volatility']> = { v: 'volatile', s: 'stable', i: 'immutable' }

export function loadRoutines(
  rows: RoutineRow[],
  columnsByOid: Map<number, Column[]>,
  tables: Map<string, Table>,
): Map<string, Routine[]> {
  const tablesByOid = new Map([...tables.values()].map((t) => [t.oid, t]))
  const routines = new Map<string, Routine[]>()
  for (const row of rows) {
    const inputs: RoutineParam[] = []
    const outputs: Column[] = []
    row.arg_types.forEach((type, i) => {
      const mode = row.arg_modes[i] ?? 'i'
      const name = row.arg_names[i] ?? ''
      if (mode === 'i' || mode === 'b' || mode === 'v') {
        inputs.push({ name, type, required: true, variadic: mode === 'v' })
      }
      if (mode === 'o' || mode === 'b' || mode === 't') {
        outputs.push({ name, position: outputs.length + 1, type, baseType: type, nullable: true, default: null })
      }
    })
    // The last `ndefaults` inputs have defaults.
    inputs.forEach((p, i) => (p.required = i < inputs.length - row.ndefaults))
    const routine: Routine = {
      oid: Number(row.oid),
      schema: row.schema,
      name: row.name,
      params: inputs,
      returns: returnShape(row, outputs, columnsByOid, tablesByOid),
      volatility: volatilities[row.volatility] ?? 'volatile',
      description: row.description,
      // PostgREST: the value after '=', up to a comma.
      ...(row.iso_config ? isolation(row.iso_config) : {}),
      settings: (row.hoisted ?? []).map((entry) => {
        const eq = entry.indexOf('=')
        return [entry.slice(0, eq), entry.slice(eq + 1)] as [string, string]
      }),
    }
    if (!isCallable(inputs, row.arg_names.length > 0)) continue
    const k = key(row.schema, row.name)
    routines.set(k, [...(routines.get(k) ?? []), routine])
  }
  return routines
}

/**
 * PostgREST's cache query (src/PostgREST/SchemaCache.hs, `callable`) counts as unnamed the inputs that have no entry
 * in proargnames: with proargnames absent (no parameter named), a function of two or more inputs is left out (RPC
 * answers PGRST202) and one of a single input kept only when that input is bytea, json, jsonb, text or xml. Once any
 * parameter is named, proargnames holds '' for the others and the function is kept; '' is then their name.
 */
const wholeBodyTypes = new Set(['bytea', 'json', 'jsonb', 'text', 'xml'])
function isCallable(inputs: RoutineParam[], hasArgNames: boolean): boolean {
  if (hasArgNames || inputs.length === 0) return true
  return inputs.length === 1 && wholeBodyTypes.has(inputs[0]!.type)
}

function returnShape(
  row: RoutineRow,
  outputs: Column[],
  columnsByOid: Map<number, Column[]>,
  tablesByOid: Map<number, Table>,
): ReturnShape {
  const set = row.returns_set
  if (row.return_typname === 'void') return { kind: 'void' }
  if (row.return_typtype === 'c') {
    const relid = Number(row.return_relid)
    const table = tablesByOid.get(relid)
    const columns = columnsByOid.get(relid) ?? []
    return table
      ? { kind: 'composite', set, columns, table, typeName: row.return_type }
      : { kind: 'composite', set, columns, typeName: row.return_type }
  }
  if (row.return_typname === 'record') return { kind: 'composite', set, columns: outputs, typeName: 'record' }
  return { kind: 'scalar', type: row.return_type, set }
}
