// Calling a function for RPC (PostgREST's callPlanToQuery): arguments by name from the query string or a form, by
// name from a JSON body (typed through json_to_record), or one unnamed argument that receives the whole body.
import type { Routine, RoutineParam } from '../schema-cache/types.ts'
import { arrayLiteral, qualified, quoteIdent, type Params } from './builder.ts'
import { fromJsonBody } from './body.ts'

export type CallArgs =
  /** Values by parameter name, as text (repeated values of a variadic parameter as a list). */
  | { kind: 'direct'; values: Map<string, string | string[]> }
  /** A JSON object (or array, first element) whose keys are parameter names. */
  | { kind: 'json'; json: string; isArray: boolean; keys: string[] }
  /** The whole body as the single unnamed parameter. */
  | { kind: 'single'; value: string | Buffer; param: RoutineParam }

export function callSql(routine: Routine, args: CallArgs, params: Params): string {
  const fn = qualified(routine.schema, routine.name)
  const scalar = routine.returns.kind !== 'composite'
  const call = (argSql: string) =>
    scalar ? `(SELECT ${fn}(${argSql}) AS pgrst_scalar) pgrst_call` : `${fn}(${argSql}) pgrst_call`
  const select = scalar ? 'SELECT pgrst_call.pgrst_scalar' : 'SELECT pgrst_call.*'
  switch (args.kind) {
    case 'single': {
      // PostgREST's singleParameter: bytea goes as bytes, anything else as text cast to the parameter's type.
      const { value, param } = args
      const p =
        param.type === 'bytea'
          ? `${params.add(typeof value === 'string' ? Buffer.from(value, 'utf8') : value)}::bytea`
          : `${params.add(typeof value === 'string' ? value : value.toString('utf8'))}::${param.type}`
      return `${select} FROM ${call(p)}`
    }
    case 'direct': {
      const named = routine.params
        .filter((p) => args.values.has(p.name))
        .map((p) => {
          const value = args.values.get(p.name)!
          const list = Array.isArray(value) ? value : [value]
          // A variadic parameter takes every repetition (`?v=1&v=2`); any other the last one.
          const text = p.variadic ? arrayLiteral(list) : list[list.length - 1]!
          const type = p.variadic && !p.type.endsWith('[]') ? `${p.type}[]` : p.type
          return `${p.variadic ? 'VARIADIC ' : ''}${quoteIdent(p.name)} := ${params.add(text)}::${type}`
        })
      return `${select} FROM ${call(named.join(', '))}`
    }
    case 'json': {
      const used = routine.params.filter((p) => args.keys.includes(p.name))
      if (used.length === 0) return `${select} FROM ${call('')}`
      const columns = used.map((p, i) => ({
        name: p.name,
        position: i + 1,
        type: p.variadic && !p.type.endsWith('[]') ? `${p.type}[]` : p.type,
        baseType: p.type,
        nullable: true,
        default: null,
      }))
      const body = fromJsonBody(
        { json: args.json, isArray: args.isArray, columns, applyDefaults: false, limitOne: true },
        params,
      )
      const argSql = used
        .map((p) => `${p.variadic ? 'VARIADIC ' : ''}${quoteIdent(p.name)} := pgrst_body.${quoteIdent(p.name)}`)
        .join(', ')
      return `${select} ${body}, LATERAL ${call(argSql)}`
    }
  }
}
