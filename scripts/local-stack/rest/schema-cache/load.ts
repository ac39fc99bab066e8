// Builds the schema cache from the catalog queries: tables and views with columns and keys (views inherit them from
// their base tables), relationships, functions with their parameters and result shapes, cast-able type names, and
// the role settings requests apply.
import type pg from 'pg'
import { loadComputed, type ComputedRow } from './computed.ts'
import {
  columnsQuery,
  computedQuery,
  constraintsQuery,
  roleSettingsQuery,
  routinesQuery,
  tablesQuery,
  timezonesQuery,
  typesQuery,
  uniqueIndexesQuery,
  userSettingsQuery,
  viewRulesQuery,
} from './queries.ts'
import { buildRelationships, type KeyConstraint } from './relationships.ts'
import { hoistedTxSettings, loadRoutines, type RoutineRow } from './routines.ts'
import {
  isolationLevelOf,
  key,
  type Column,
  type IsolationLevel,
  type RelationKind,
  type SchemaCache,
  type Table,
} from './types.ts'
import { typeNames } from './type-names.ts'
import { viewColumnSources, type ColumnSource } from './view-columns.ts'

const kinds: Record<string, RelationKind> = {
  r: 'table',
  v: 'view',
  m: 'materialized view',
  f: 'foreign table',
  p: 'partitioned table',
}

interface ColumnRow {
  oid: string
  name: string
  position: number
  type: string
  base_type: string
  nullable: boolean
  default: string | null
}

export async function loadSchemaCache(
  client: pg.ClientBase,
  schemas: string[],
  extraSearchPath: string[],
): Promise<SchemaCache> {
  const q = async <T>(text: string, values: unknown[] = [schemas]) => (await client.query(text, values)).rows as T[]
  const tableRows = await q<{
    oid: string
    schema: string
    name: string
    kind: string
    updatable_mask: number
    description: string | null
  }>(tablesQuery)
  const columnRows = await q<ColumnRow>(columnsQuery)
  const constraintRows = await q<{
    name: string
    type: 'p' | 'u' | 'f'
    oid: string
    columns: number[]
    foreign_oid: string
    foreign_columns: number[] | null
  }>(constraintsQuery, [])
  const indexRows = await q<{ oid: string; columns: number[] }>(uniqueIndexesQuery, [])
  const ruleRows = await q<{ oid: string; action: string }>(viewRulesQuery, [])
  const routineRows = await q<RoutineRow>(routinesQuery, [schemas, hoistedTxSettings])
  const settingRows = await q<{ role: string; settings: string[]; role_wide: boolean; granted: boolean }>(
    roleSettingsQuery,
    [],
  )
  const userSettings = new Set((await q<{ name: string }>(userSettingsQuery, [])).map((r) => r.name))
  const { roleSettings, roleIsolation, config } = splitSettings(settingRows, userSettings)
  // The in-database configuration is read before the rest of the cache, which depends on it, as in PostgREST.
  const searchPath = extraSearchPathOf(config) ?? extraSearchPath
  const computedRows = await q<ComputedRow>(computedQuery, [[...schemas, ...searchPath]])
  const typeRows = await q<{ schema: string; name: string }>(typesQuery, [[...schemas, ...searchPath]])
  const timezones = new Set((await q<{ name: string }>(timezonesQuery, [])).map((r) => r.name))

  const columnsByOid = new Map<number, Column[]>()
  for (const row of columnRows) {
    const list = columnsByOid.get(Number(row.oid)) ?? []
    list.push({
      name: row.name,
      position: row.position,
      type: row.type,
      baseType: row.base_type,
      nullable: row.nullable,
      default: row.default,
    })
    columnsByOid.set(Number(row.oid), list)
  }

  const constraints: KeyConstraint[] = constraintRows.map((r) => ({
    name: r.name,
    type: r.type,
    oid: Number(r.oid),
    columns: r.columns,
    foreignOid: Number(r.foreign_oid),
    foreignColumns: r.foreign_columns ?? [],
  }))
  const uniqueKeys = new Map<number, number[][]>()
  const addKey = (oid: number, cols: number[]) => uniqueKeys.set(oid, [...(uniqueKeys.get(oid) ?? []), cols])
  for (const c of constraints) if (c.type !== 'f') addKey(c.oid, c.columns)
  for (const i of indexRows) addKey(Number(i.oid), i.columns)
  const basePk = new Map(constraints.filter((c) => c.type === 'p').map((c) => [c.oid, c.columns]))

  const viewSources = new Map<number, ColumnSource[]>(ruleRows.map((r) => [Number(r.oid), viewColumnSources(r.action)]))
  const resolve = (oid: number, attnum: number, depth = 0): string => {
    const source = viewSources.get(oid)?.find((s) => s.column === attnum)
    return source && depth < 32 ? resolve(source.tableOid, source.tableColumn, depth + 1) : `${oid}:${attnum}`
  }

  const tables = new Map<string, Table>()
  const byBase = new Map<number, Map<string, string>>()
  for (const row of tableRows) {
    const oid = Number(row.oid)
    const columnList = columnsByOid.get(oid) ?? []
    const mapping = new Map<string, string>()
    for (const col of columnList) {
      const base = resolve(oid, col.position)
      if (!mapping.has(base)) mapping.set(base, col.name)
    }
    byBase.set(oid, mapping)
    const mask = row.updatable_mask
    tables.set(key(row.schema, row.name), {
      oid,
      schema: row.schema,
      name: row.name,
      kind: kinds[row.kind] ?? 'table',
      columns: new Map(columnList.map((c) => [c.name, c])),
      columnList,
      primaryKey: primaryKey(oid, mapping, basePk, viewSources),
      insertable: (mask & 8) !== 0,
      updatable: (mask & 4) !== 0,
      deletable: (mask & 16) !== 0,
      description: row.description,
    })
  }

  const relationships = new Map<string, ReturnType<typeof buildRelationships>>()
  for (const rel of buildRelationships([...tables.values()], { byBase }, constraints, uniqueKeys)) {
    const k = key(rel.table.schema, rel.table.name)
    relationships.set(k, [...(relationships.get(k) ?? []), rel])
  }

  const computed = loadComputed(computedRows, tables, searchPath)
  for (const [k, fields] of computed.fields) {
    const table = tables.get(k)
    if (table) table.computed = fields
  }
  for (const rel of computed.relationships) {
    const k = key(rel.table.schema, rel.table.name)
    relationships.set(k, [...(relationships.get(k) ?? []), rel])
  }

  return {
    tables,
    relationships,
    computedFields: computed.fields,
    routines: loadRoutines(routineRows, columnsByOid, tables),
    types: typeNames(typeRows, schemas, searchPath),
    roleSettings,
    roleIsolation,
    config,
    extraSearchPath: searchPath,
    timezones,
    loadedAt: new Date(),
  }
}

/** A table's own key, or for a view the key of the first base table whose key columns it shows in full. */
function primaryKey(
  oid: number,
  mapping: Map<string, string>,
  basePk: Map<number, number[]>,
  viewSources: Map<number, ColumnSource[]>,
): string[] {
  const candidates = viewSources.has(oid)
    ? [...new Set([...mapping.keys()].map((k) => Number(k.split(':')[0])))]
    : [oid]
  for (const base of candidates) {
    const pk = basePk.get(base)
    if (!pk) continue
    const names = pk.map((n) => mapping.get(`${base}:${n}`))
    if (names.every((n) => n !== undefined)) return names as string[]
  }
  return []
}

/** `pgrst.db_extra_search_path`: schema names separated by commas, each trimmed; empty names none. */
function extraSearchPathOf(config: Map<string, string>): string[] | undefined {
  const value = config.get('db_extra_search_path')
  if (value === undefined) return undefined
  return value.trim() === '' ? [] : value.split(',').map((s) => s.trim())
}

function splitSettings(
  rows: { role: string; settings: string[]; role_wide?: boolean; granted?: boolean }[],
  userSettings: Set<string>,
): {
  roleSettings: Map<string, [string, string][]>
  roleIsolation: Map<string, IsolationLevel>
  config: Map<string, string>
} {
  const perRole = new Map<string, Map<string, string>>()
  const roleIsolation = new Map<string, IsolationLevel>()
  const config = new Map<string, string>()
  for (const row of rows) {
    for (const setting of row.settings ?? []) {
      const eq = setting.indexOf('=')
      if (eq < 0) continue
      const name = setting.slice(0, eq)
      const value = setting.slice(eq + 1)
      if (row.role === 'authenticator' && name.startsWith('pgrst.')) config.set(name.slice('pgrst.'.length), value)
      // PostgREST reads request roles' settings from rolconfig (role-wide, not per database) of the roles the
      // authenticator is a member of (Config/Database.hs queryRoleSettings).
      if (row.role_wide === false || row.granted === false) continue
      // PostgREST begins the role's transactions with its default_transaction_isolation (configRoleIsoLvl).
      if (name === 'default_transaction_isolation') {
        const level = isolationLevelOf(value)
        if (level) roleIsolation.set(row.role, level)
        else roleIsolation.delete(row.role)
      }
      // Only settings a plain role may change per transaction; the transaction's own mode is ours to decide.
      if (!userSettings.has(name) || name.startsWith('default_transaction_') || name.startsWith('transaction_'))
        continue
      const settings = perRole.get(row.role) ?? new Map<string, string>()
      settings.set(name, value)
      perRole.set(row.role, settings)
    }
  }
  return { roleSettings: new Map([...perRole].map(([role, s]) => [role, [...s]])), roleIsolation, config }
}
