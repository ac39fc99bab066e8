// INSERT (with ON CONFLICT for upserts and PUT), UPDATE and DELETE statements for the `pgrst_source` CTE, as in
// PostgREST's mutatePlanToQuery. Rows inserted versus updated by an upsert are counted in the `pgrst.inserted`
// setting, so the response can say 201 or 200.
import type { PlannedLogic } from '../plan/types.ts'
import type { Table } from '../schema-cache/types.ts'
import { qualified, quoteIdent, type Params } from './builder.ts'
import { fromJsonBody, type JsonBody } from './body.ts'
import { logicSql } from './fragments.ts'

/** '*' returns whole rows; a list returns those columns; [] returns nothing useful (`RETURNING 1`). */
export type Returning = '*' | string[]

export type MutationSql =
  | {
      kind: 'insert'
      table: Table
      body: JsonBody
      onConflict?: { resolution: 'merge-duplicates' | 'ignore-duplicates'; columns: string[] }
      /** PUT: the body must match the URL's primary key filters. */
      putConditions?: PlannedLogic[]
      returning: Returning
    }
  | { kind: 'update'; table: Table; body: JsonBody; where: PlannedLogic[]; returning: Returning }
  | { kind: 'delete'; table: Table; where: PlannedLogic[]; returning: Returning }

const insertedCounter = (delta: '+' | '-') =>
  `set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) ${delta} 1)::text, true) <> '${delta === '+' ? '0' : '-1'}'`

function returningSql(ref: string, returning: Returning): string {
  if (returning === '*') return ` RETURNING ${ref}.*`
  if (returning.length === 0) return ' RETURNING 1'
  return ` RETURNING ${returning.map((c) => `${ref}.${quoteIdent(c)}`).join(', ')}`
}

export function mutationSql(m: MutationSql, params: Params): string {
  const ref = qualified(m.table.schema, m.table.name)
  switch (m.kind) {
    case 'insert': {
      const cols = m.body.columns.map((c) => quoteIdent(c.name))
      let sql = `INSERT INTO ${ref}${cols.length > 0 ? `(${cols.join(', ')})` : ''} SELECT ${cols
        .map((c) => `pgrst_body.${c}`)
        .join(', ')} ${fromJsonBody(m.body, params)}`
      const merge = m.onConflict?.resolution === 'merge-duplicates'
      const conditions: string[] = []
      if (m.putConditions) conditions.push(...m.putConditions.map((w) => logicSql('pgrst_body', w, params)))
      if (merge) conditions.push(insertedCounter('+'))
      if (conditions.length > 0) sql += ` WHERE ${conditions.join(' AND ')}`
      if (m.onConflict && m.onConflict.columns.length > 0) {
        sql += ` ON CONFLICT(${m.onConflict.columns.map(quoteIdent).join(', ')}) `
        if (!merge || cols.length === 0) sql += 'DO NOTHING'
        else sql += `DO UPDATE SET ${cols.map((c) => `${c} = EXCLUDED.${c}`).join(', ')} WHERE ${insertedCounter('-')}`
      }
      return sql + returningSql(ref, m.returning)
    }
    case 'update': {
      if (m.body.columns.length === 0) {
        const cols =
          m.returning === '*'
            ? `${ref}.*`
            : m.returning.length === 0
              ? 'NULL'
              : m.returning.map((c) => `${ref}.${quoteIdent(c)}`).join(', ')
        return `SELECT ${cols} FROM ${ref} WHERE false`
      }
      const set = m.body.columns.map((c) => `${quoteIdent(c.name)} = pgrst_body.${quoteIdent(c.name)}`).join(', ')
      let sql = `UPDATE ${ref} SET ${set} ${fromJsonBody(m.body, params)}`
      if (m.where.length > 0) sql += ` WHERE ${m.where.map((w) => logicSql(ref, w, params)).join(' AND ')}`
      return sql + returningSql(ref, m.returning)
    }
    case 'delete': {
      let sql = `DELETE FROM ${ref}`
      if (m.where.length > 0) sql += ` WHERE ${m.where.map((w) => logicSql(ref, w, params)).join(' AND ')}`
      return sql + returningSql(ref, m.returning)
    }
  }
}
