// Property test: random filter trees (every column type, most operators, not., nested and/or) are written once as
// a PostgREST query string and once, independently, as plain SQL; both must select the same rows of rest_test.fuzz.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { raw, type SuiteEnv } from '../env.ts'

interface Leaf {
  kind: 'leaf'
  /** Column or JSON path as PostgREST writes it, and as SQL writes it. */
  column: string
  sqlColumn: string
  op: string
  value: string | string[]
  sqlType: string
  negate: boolean
}

interface Node {
  kind: 'node'
  op: 'and' | 'or'
  negate: boolean
  children: Tree[]
}

type Tree = Leaf | Node

const texts = ['alpha', 'beta', 'Gamma', 'delta', 'a,b', 'x y', "o'k", '', 'zzz', '(paren)']
const leaf = (
  column: string,
  sqlColumn: string,
  sqlType: string,
  op: fc.Arbitrary<string>,
  value: fc.Arbitrary<string | string[]>,
) =>
  fc.record({
    kind: fc.constant('leaf' as const),
    column: fc.constant(column),
    sqlColumn: fc.constant(sqlColumn),
    sqlType: fc.constant(sqlType),
    op,
    value,
    negate: fc.boolean(),
  })

const ints = fc.integer({ min: -12, max: 12 }).map(String)
const leaves: fc.Arbitrary<Leaf> = fc.oneof(
  leaf('a', 'a', 'int', fc.constantFrom('eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'isdistinct'), ints),
  leaf('a', 'a', 'int', fc.constant('in'), fc.array(ints, { minLength: 1, maxLength: 4 })),
  leaf('b', 'b', 'text', fc.constantFrom('eq', 'neq', 'gt', 'isdistinct'), fc.constantFrom(...texts)),
  leaf('b', 'b', 'text', fc.constant('in'), fc.array(fc.constantFrom(...texts), { minLength: 1, maxLength: 3 })),
  leaf(
    'b',
    'b',
    'text',
    fc.constantFrom('like', 'ilike'),
    fc.constantFrom('a*', '*a', '*ta*', 'g*', '*', '%e%', 'x_y'),
  ),
  leaf('b', 'b', 'text', fc.constantFrom('match', 'imatch'), fc.constantFrom('^a', 'a$', '^[a-d]', 'l.h')),
  leaf('c', 'c', 'boolean', fc.constant('is'), fc.constantFrom('true', 'false', 'null', 'not_null', 'unknown')),
  leaf('c', 'c', 'boolean', fc.constant('eq'), fc.constantFrom('true', 'false')),
  leaf('d', 'd', 'numeric', fc.constantFrom('gt', 'lte', 'eq'), fc.constantFrom('-20', '0', '1.25', '12.5', '29.75')),
  leaf(
    'e',
    'e',
    'text[]',
    fc.constantFrom('cs', 'cd', 'ov'),
    fc.constantFrom('{x}', '{x,y}', '{w,z}', '{y,z,x}', '{}'),
  ),
  leaf('f->>s', "f->>'s'", 'text', fc.constantFrom('eq', 'neq'), fc.constantFrom('p', 'q', 'r')),
  leaf('f->k', "f->'k'", 'jsonb', fc.constantFrom('eq', 'gt'), fc.constantFrom('0', '1', '2', '3')),
  leaf('f', 'f', 'jsonb', fc.constant('cs'), fc.constantFrom('{"k":1}', '{"s":"q"}', '{"k":2,"s":"r"}')),
  leaf('g', 'g', 'date', fc.constantFrom('gte', 'lt', 'isdistinct'), fc.constantFrom('2026-01-10', '2026-02-01')),
  leaf('g', 'g', 'date', fc.constant('is'), fc.constantFrom('null', 'not_null')),
)

const { tree } = fc.letrec<{ tree: Tree; node: Node }>((tie) => ({
  tree: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaves, tie('node')),
  node: fc.record({
    kind: fc.constant('node' as const),
    op: fc.constantFrom('and' as const, 'or' as const),
    negate: fc.boolean(),
    children: fc.array(tie('tree'), { minLength: 1, maxLength: 3 }),
  }),
}))

/** A value inside or=(...): quoted when it holds a separator or could be read as something else. */
function logicValue(v: string): string {
  return /[,()"\\{}]/.test(v) || v === '' || v !== v.trim() ? `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"` : v
}

function restLeaf(l: Leaf, inLogic: boolean): string {
  const not = l.negate ? 'not.' : ''
  if (l.op === 'in') {
    const list = (l.value as string[]).map((v) =>
      /[,()"\\]/.test(v) || v === '' ? `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"` : v,
    )
    return `${not}in.(${list.join(',')})`
  }
  const v = l.value as string
  return `${not}${l.op}.${inLogic && !['cs', 'cd', 'ov'].includes(l.op) ? logicValue(v) : v}`
}

function restTree(t: Tree): string {
  if (t.kind === 'leaf') return `${t.column}.${restLeaf(t, true)}`
  return `${t.negate ? 'not.' : ''}${t.op}(${t.children.map(restTree).join(',')})`
}

const sqlOps: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
}

function sqlTree(t: Tree, params: unknown[]): string {
  const p = (v: unknown, type: string) => {
    params.push(v)
    return `$${params.length}::${type}`
  }
  if (t.kind === 'node') {
    const inner = t.children.map((c) => sqlTree(c, params)).join(t.op === 'and' ? ' AND ' : ' OR ')
    return `${t.negate ? 'NOT ' : ''}(${inner})`
  }
  let expr: string
  // PostgREST reads `in.("")` (one empty element) as the empty list (SqlFragment.hs: `[""] -> = ANY('{}')`).
  if (t.op === 'in' && (t.value as string[]).join('') === '' && (t.value as string[]).length === 1) expr = 'false'
  else if (t.op === 'in') expr = `${t.sqlColumn} = ANY(${p(t.value, `${t.sqlType}[]`)})`
  else if (t.op === 'is')
    expr = `${t.sqlColumn} IS ${{ null: 'NULL', not_null: 'NOT NULL', true: 'TRUE', false: 'FALSE', unknown: 'UNKNOWN' }[t.value as string]}`
  else if (t.op === 'isdistinct') expr = `${t.sqlColumn} IS DISTINCT FROM ${p(t.value, t.sqlType)}`
  else if (t.op === 'like' || t.op === 'ilike')
    expr = `${t.sqlColumn} ${sqlOps[t.op]} ${p((t.value as string).replace(/\*/g, '%'), 'text')}`
  else expr = `${t.sqlColumn} ${sqlOps[t.op]} ${p(t.value, t.sqlType)}`
  return t.negate ? `NOT (${expr})` : expr
}

export function propertySuite(env: SuiteEnv): void {
  describe('property: random filter trees', () => {
    it('select the same rows through REST as the same filter written in SQL', async () => {
      await env.h.resetData()
      await fc.assert(
        fc.asyncProperty(tree, fc.boolean(), async (t, asParams) => {
          // Top-level leaves of an AND may also be sent as plain `col=op.value` parameters.
          const query =
            asParams && t.kind === 'node' && t.op === 'and' && !t.negate && t.children.every((c) => c.kind === 'leaf')
              ? t.children
                  .map(
                    (c) =>
                      `${encodeURIComponent((c as Leaf).column)}=${encodeURIComponent(restLeaf(c as Leaf, false))}`,
                  )
                  .join('&')
              : t.kind === 'leaf'
                ? `${encodeURIComponent(t.column)}=${encodeURIComponent(restLeaf(t, false))}`
                : `${t.negate ? 'not.' : ''}${t.op}=${encodeURIComponent(`(${t.children.map(restTree).join(',')})`)}`
          const res = await raw(env, `/fuzz?select=id&order=id&${query}`)
          const params: unknown[] = []
          const where = sqlTree(t, params)
          const expected = await env.h.sql.query<{ id: number }>(
            `select id from rest_test.fuzz where ${where} order by id`,
            params,
          )
          expect(res.status, `${query}\n${res.text}`).toBe(200)
          expect(
            (res.json() as { id: number }[]).map((r) => r.id),
            query,
          ).toEqual(expected.rows.map((r) => r.id))
        }),
        {
          numRuns: Number(process.env.REST_PROPERTY_RUNS ?? 200),
          seed: Number(process.env.REST_PROPERTY_SEED ?? Date.now() % 1_000_000),
        },
      )
    }, 60_000)
  })
}
