// Reads the parts of the database the schema view shows (scripts/schema-view/render.ts writes them) from the
// system catalogs, each list in a fixed order so the same database always gives the same view.
import type pg from 'pg'

export interface Grant {
  grantee: string
  privileges: string[]
}

export interface Column {
  name: string
  type: string
  notNull: boolean
  default: string | null
  identity: string
  generated: string
  comment: string | null
  grants: Grant[]
}

export interface Policy {
  name: string
  permissive: boolean
  command: string
  roles: string[]
  using: string | null
  withCheck: string | null
  comment: string | null
}

export interface Trigger {
  name: string
  definition: string
  comment: string | null
}

export interface Table {
  schema: string
  name: string
  comment: string | null
  columns: Column[]
  constraints: { name: string; definition: string; comment: string | null }[]
  indexes: { name: string; definition: string; comment: string | null }[]
  grants: Grant[]
  rowSecurity: boolean
  forceRowSecurity: boolean
  policies: Policy[]
  triggers: Trigger[]
}

export interface View {
  schema: string
  name: string
  materialized: boolean
  options: string[]
  definition: string
  comment: string | null
  grants: Grant[]
}

export interface Routine {
  schema: string
  name: string
  signature: string
  definition: string
  /** Null when the function keeps PostgreSQL's default: execute for public. */
  grants: Grant[] | null
  comment: string | null
}

export interface TypeDefinition {
  schema: string
  name: string
  definition: string
  comment: string | null
}

// aclexplode gives one row per privilege; the view groups them per grantee ('public' for grantee 0).
const grantsOf = (acl: string) => `
  coalesce((
    select jsonb_agg(jsonb_build_object('grantee', g.grantee, 'privileges', g.privileges) order by g.grantee)
    from (
      select case when a.grantee = 0 then 'public' else a.grantee::regrole::text end as grantee,
             array_agg(lower(a.privilege_type) order by lower(a.privilege_type)) as privileges
      from aclexplode(${acl}) a
      group by 1
    ) g
  ), '[]'::jsonb)`

const sortedText = (expression: string) => `${expression} collate "C"`

export async function readTables(client: pg.ClientBase, schemas: string[]): Promise<Table[]> {
  const { rows } = await client.query<{ item: Table }>(
    `select jsonb_build_object(
       'schema', n.nspname, 'name', c.relname, 'comment', obj_description(c.oid, 'pg_class'),
       'rowSecurity', c.relrowsecurity, 'forceRowSecurity', c.relforcerowsecurity,
       'grants', ${grantsOf('c.relacl')},
       'columns', coalesce((
         select jsonb_agg(jsonb_build_object(
           'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'notNull', a.attnotnull,
           'default', pg_get_expr(d.adbin, d.adrelid), 'identity', a.attidentity, 'generated', a.attgenerated,
           'comment', col_description(c.oid, a.attnum),
           'grants', ${grantsOf('a.attacl')}
         ) order by a.attnum)
         from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
         where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       ), '[]'::jsonb),
       'constraints', coalesce((
         select jsonb_agg(jsonb_build_object(
           'name', k.conname, 'definition', pg_get_constraintdef(k.oid, true),
           'comment', obj_description(k.oid, 'pg_constraint')
         ) order by ${sortedText('k.conname')})
         from pg_constraint k where k.conrelid = c.oid
       ), '[]'::jsonb),
       'indexes', coalesce((
         select jsonb_agg(jsonb_build_object(
           'name', ic.relname, 'definition', pg_get_indexdef(i.indexrelid),
           'comment', obj_description(ic.oid, 'pg_class')
         ) order by ${sortedText('ic.relname')})
         from pg_index i join pg_class ic on ic.oid = i.indexrelid
         where i.indrelid = c.oid
           and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid and k.conrelid = c.oid)
       ), '[]'::jsonb),
       'policies', coalesce((
         select jsonb_agg(jsonb_build_object(
           'name', p.polname, 'permissive', p.polpermissive,
           'command', case p.polcmd when 'r' then 'select' when 'a' then 'insert' when 'w' then 'update'
                                    when 'd' then 'delete' else 'all' end,
           'roles', (select coalesce(jsonb_agg(case when r = 0 then 'public' else r::regrole::text end
                                               order by case when r = 0 then 'public' else r::regrole::text end), '[]')
                     from unnest(p.polroles) r),
           'using', pg_get_expr(p.polqual, p.polrelid, true),
           'withCheck', pg_get_expr(p.polwithcheck, p.polrelid, true),
           'comment', obj_description(p.oid, 'pg_policy')
         ) order by ${sortedText('p.polname')})
         from pg_policy p where p.polrelid = c.oid
       ), '[]'::jsonb),
       'triggers', coalesce((
         select jsonb_agg(jsonb_build_object(
           'name', t.tgname, 'definition', pg_get_triggerdef(t.oid, true),
           'comment', obj_description(t.oid, 'pg_trigger')
         -- PostgreSQL fires the triggers of one event and timing in name order: before (2), instead of (64),
         -- after; statement-level ones around the row-level ones.
         ) order by case when t.tgtype & 2 = 2 then 0 when t.tgtype & 64 = 64 then 1 else 2 end,
                    t.tgtype & 1 desc, ${sortedText('t.tgname')})
         from pg_trigger t where t.tgrelid = c.oid and not t.tgisinternal
       ), '[]'::jsonb)
     ) as item
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = any($1) and c.relkind in ('r', 'p')
       and not exists (select 1 from pg_depend e where e.objid = c.oid and e.deptype = 'e')
     order by ${sortedText('n.nspname')}, ${sortedText('c.relname')}`,
    [schemas],
  )
  return rows.map((row) => row.item)
}

export async function readViews(client: pg.ClientBase, schemas: string[]): Promise<View[]> {
  const { rows } = await client.query<{ view: View }>(
    `select jsonb_build_object(
       'schema', n.nspname, 'name', c.relname, 'materialized', c.relkind = 'm',
       'options', coalesce(to_jsonb(c.reloptions), '[]'), 'definition', pg_get_viewdef(c.oid, true),
       'comment', obj_description(c.oid, 'pg_class'), 'grants', ${grantsOf('c.relacl')}
     ) as view
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = any($1) and c.relkind in ('v', 'm')
       and not exists (select 1 from pg_depend e where e.objid = c.oid and e.deptype = 'e')
     order by ${sortedText('n.nspname')}, ${sortedText('c.relname')}`,
    [schemas],
  )
  return rows.map((row) => row.view)
}

export async function readRoutines(client: pg.ClientBase, schemas: string[]): Promise<Routine[]> {
  const { rows } = await client.query<{ routine: Routine }>(
    `select jsonb_build_object(
       'schema', n.nspname, 'name', p.proname,
       'signature', p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')',
       'definition', pg_get_functiondef(p.oid),
       'grants', case when p.proacl is null then null else ${grantsOf('p.proacl')} end,
       'comment', obj_description(p.oid, 'pg_proc')
     ) as routine
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = any($1) and p.prokind in ('f', 'p')
       and not exists (select 1 from pg_depend e where e.objid = p.oid and e.deptype = 'e')
     order by ${sortedText('n.nspname')}, ${sortedText('p.proname')},
              ${sortedText('pg_get_function_identity_arguments(p.oid)')}`,
    [schemas],
  )
  return rows.map((row) => row.routine)
}

/** Enums (labels in their order), domains and composite types, as the statements that would create them. */
export async function readTypes(client: pg.ClientBase, schemas: string[]): Promise<TypeDefinition[]> {
  const { rows } = await client.query<TypeDefinition>(
    `select n.nspname as schema, t.typname as name, obj_description(t.oid, 'pg_type') as comment,
       case t.typtype
         when 'e' then format('create type %s as enum (%s);', t.oid::regtype,
           (select string_agg(quote_literal(e.enumlabel), ', ' order by e.enumsortorder)
            from pg_enum e where e.enumtypid = t.oid))
         when 'd' then format('create domain %s as %s%s%s;', t.oid::regtype, format_type(t.typbasetype, t.typtypmod),
           case when t.typnotnull then ' not null' else '' end,
           coalesce((select string_agg(' constraint ' || quote_ident(k.conname) || ' ' || pg_get_constraintdef(k.oid, true),
                                       '' order by k.conname collate "C")
                     from pg_constraint k where k.contypid = t.oid), ''))
         else format('create type %s as (%s);', t.oid::regtype,
           (select string_agg(quote_ident(a.attname) || ' ' || format_type(a.atttypid, a.atttypmod), ', '
                              order by a.attnum)
            from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped))
       end as definition
     from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = any($1)
       and (t.typtype in ('e', 'd')
            or (t.typtype = 'c' and (select c.relkind from pg_class c where c.oid = t.typrelid) = 'c'))
       and not exists (select 1 from pg_depend e where e.objid = t.oid and e.deptype = 'e')
     order by ${sortedText('n.nspname')}, ${sortedText('t.typname')}`,
    [schemas],
  )
  return rows
}

/**
 * The platform's tables (auth, storage, realtime) as far as the migrations touch them: their policies, and the
 * triggers whose functions live in the app's schemas. The platform's own columns and triggers are left out.
 */
export async function readPlatformRules(
  client: pg.ClientBase,
  platformSchemas: string[],
  appSchemas: string[],
): Promise<Table[]> {
  const tables = await readTables(client, platformSchemas)
  const { rows } = await client.query<{ name: string }>(
    `select t.tgrelid::regclass::text || ' ' || t.tgname as name from pg_trigger t join pg_proc p on p.oid = t.tgfoid
     join pg_namespace n on n.oid = p.pronamespace where n.nspname = any($1) and not t.tgisinternal`,
    [appSchemas],
  )
  const appTriggers = new Set(rows.map((row) => row.name))
  const isApp = (table: Table, trigger: Trigger) => appTriggers.has(`${table.schema}.${table.name} ${trigger.name}`)
  return tables
    .map((table) => ({ ...table, triggers: table.triggers.filter((trigger) => isApp(table, trigger)) }))
    .filter((table) => table.policies.length > 0 || table.triggers.length > 0)
}
