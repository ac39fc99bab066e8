// Unit tests of the RPC call SQL: arguments are bound parameters, and array literals (variadic arguments, `in`
// lists, the Location columns) are all written by one encoder that quotes, escapes and cuts at NUL alike.
import { describe, expect, it } from 'vitest'
import type { Routine } from '../schema-cache/types.ts'
import { arrayLiteral, Params } from './builder.ts'
import { callSql } from './call.ts'

const variadicSum: Routine = {
  oid: 0,
  schema: 'api',
  name: 'variadic_sum',
  params: [{ name: 'vals', type: 'text', required: true, variadic: true }],
  returns: { kind: 'scalar', type: 'integer', set: false },
  volatility: 'immutable',
  description: null,
}

describe('array literals', () => {
  it('quotes every element, escapes quotes and backslashes, and cuts at NUL', () => {
    expect(arrayLiteral(['a', 'b,c', 'd"e', 'f\\g', 'h\0i', ''])).toBe('{"a","b,c","d\\"e","f\\\\g","h",""}')
  })

  it('writes variadic arguments with the same encoder', () => {
    const params = new Params()
    const sql = callSql(variadicSum, { kind: 'direct', values: new Map([['vals', ['1', 'x"y', 'n\0ul']]]) }, params)
    expect(sql).toContain('VARIADIC "vals" := $1::text[]')
    expect(params.values).toEqual([arrayLiteral(['1', 'x"y', 'n\0ul'])])
  })
})
