// The catalog queries the schema cache is built from. All take the exposed schemas as $1 (a text[]), and read
// only pg_catalog, so they run as the authenticator without any grants.

export const tablesQuery = `
select c.oid::int8 as oid, n.nspname as schema, c.relname as name, c.relkind::text as kind,
  pg_catalog.pg_relation_is_updatable(c.oid, true) as updatable_mask,
  pg_catalog.obj_description(c.oid, 'pg_class') as description
from pg_catalog.pg_class c
join pg_catalog.pg_namespace n on n.oid = c.relnamespace
where n.nspname = any($1) and c.relkind in ('r', 'v', 'm', 'f', 'p')`

export const columnsQuery = `
select a.attrelid::int8 as oid, a.attname as name, a.attnum as position,
  pg_catalog.format_type(a.atttypid, a.atttypmod) as type,
  coalesce(bt.typname, t.typname) as base_type,
  not a.attnotnull as nullable,
  -- An identity column's default is its sequence (PostgREST reads it so, for Prefer: missing=default).
  case when a.attgenerated <> '' then null
    when a.attidentity <> '' then (
      select 'nextval(' || pg_catalog.quote_literal(pg_catalog.quote_ident(sn.nspname) || '.'
        || pg_catalog.quote_ident(s.relname)) || '::regclass)'
      from pg_catalog.pg_depend dep
      join pg_catalog.pg_class s on s.oid = dep.objid and s.relkind = 'S'
      join pg_catalog.pg_namespace sn on sn.oid = s.relnamespace
      where dep.refobjid = a.attrelid and dep.refobjsubid = a.attnum and dep.deptype = 'i'
        and dep.classid = 'pg_catalog.pg_class'::pg_catalog.regclass)
    else pg_catalog.pg_get_expr(d.adbin, d.adrelid) end as "default"
from pg_catalog.pg_attribute a
join pg_catalog.pg_class c on c.oid = a.attrelid
join pg_catalog.pg_namespace n on n.oid = c.relnamespace
join pg_catalog.pg_type t on t.oid = a.atttypid
left join pg_catalog.pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
where a.attnum > 0 and not a.attisdropped
  and (n.nspname = any($1) or c.relkind = 'c' or c.oid in (
    select t.typrelid from pg_catalog.pg_proc p
    join pg_catalog.pg_type t on t.oid = p.prorettype
    join pg_catalog.pg_namespace pn on pn.oid = p.pronamespace
    where pn.nspname = any($1)))
order by a.attrelid, a.attnum`

/**
 * Primary keys, unique constraints and foreign keys of every user table: views in an exposed schema may sit on
 * tables of a private one, and their relationships come from those tables' keys.
 */
export const constraintsQuery = `
select con.conname as name, con.contype::text as type, con.conrelid::int8 as oid, con.conkey::int2[] as columns,
  con.confrelid::int8 as foreign_oid, con.confkey::int2[] as foreign_columns
from pg_catalog.pg_constraint con
join pg_catalog.pg_class c on c.oid = con.conrelid
join pg_catalog.pg_namespace n on n.oid = c.relnamespace
where n.nspname not in ('pg_catalog', 'information_schema') and con.contype in ('p', 'u', 'f')
order by con.conname`

/** Unique indexes count as unique keys too (PostgREST's one-to-one detection uses them). */
export const uniqueIndexesQuery = `
select i.indrelid::int8 as oid, i.indkey::int2[] as columns
from pg_catalog.pg_index i
join pg_catalog.pg_class c on c.oid = i.indrelid
join pg_catalog.pg_namespace n on n.oid = c.relnamespace
where n.nspname not in ('pg_catalog', 'information_schema') and i.indisunique
  and i.indpred is null and i.indexprs is null`

/** The rewrite rule of every view: its node tree says which base column each view column comes from. */
export const viewRulesQuery = `
select r.ev_class::int8 as oid, r.ev_action::text as action
from pg_catalog.pg_rewrite r
join pg_catalog.pg_class c on c.oid = r.ev_class
join pg_catalog.pg_namespace n on n.oid = c.relnamespace
where n.nspname not in ('pg_catalog', 'information_schema') and c.relkind in ('v', 'm')
  and r.rulename = '_RETURN'`

/**
 * Functions of the exposed schemas in creation order, with their SET clauses that PostgREST hoists into the
 * transaction ($2: db-hoisted-tx-settings, matched as PostgREST matches them, `setting ~ ANY($2)`).
 */
export const routinesQuery = `
select p.oid::int8 as oid, n.nspname as schema, p.proname as name, p.provolatile::text as volatility,
  p.proretset as returns_set, rt.typtype::text as return_typtype, rt.typrelid::int8 as return_relid,
  pg_catalog.format_type(p.prorettype, null) as return_type, rt.typname as return_typname,
  p.pronargs as nargs, p.pronargdefaults as ndefaults, p.provariadic <> 0 as variadic,
  coalesce(p.proargnames, '{}') as arg_names,
  coalesce(p.proargmodes::text[], array_fill('i'::text, array[p.pronargs::int])) as arg_modes,
  array(select pg_catalog.format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
        with ordinality as a(t, i) order by i) as arg_types,
  pg_catalog.obj_description(p.oid, 'pg_proc') as description,
  array(select c from unnest(p.proconfig) as c where c ~ any($2::text[])) as hoisted,
  (select c from unnest(p.proconfig) as c where c like 'default_transaction_isolation%' limit 1) as iso_config
from pg_catalog.pg_proc p
join pg_catalog.pg_namespace n on n.oid = p.pronamespace
join pg_catalog.pg_type rt on rt.oid = p.prorettype
where n.nspname = any($1) and p.prokind = 'f'
  and rt.typname not in ('trigger', 'event_trigger', 'internal', 'language_handler', 'fdw_handler',
                         'index_am_handler', 'table_am_handler', 'tsm_handler')
order by p.oid`

/**
 * Functions whose first parameter is a relation's row type and whose others have defaults (computed fields), in
 * the exposed schemas and the extra search path ($1); with their result's relation for computed relationships.
 */
export const computedQuery = `
select n.nspname as schema, p.proname as name, at.typrelid::int8 as arg_relid, p.pronargs as nargs,
  p.pronargdefaults as ndefaults, p.proretset as returns_set, p.prorows::float8 as rows,
  case when rt.typtype = 'c' then rt.typrelid else 0 end::int8 as return_relid,
  pg_catalog.format_type(p.prorettype, null) as return_type, coalesce(bt.typname, rt.typname) as return_base
from pg_catalog.pg_proc p
join pg_catalog.pg_namespace n on n.oid = p.pronamespace
join pg_catalog.pg_type at on at.oid = p.proargtypes[0]
join pg_catalog.pg_class ac on ac.oid = at.typrelid and ac.relkind in ('r', 'v', 'm', 'f', 'p')
join pg_catalog.pg_type rt on rt.oid = p.prorettype
left join pg_catalog.pg_type bt on rt.typtype = 'd' and bt.oid = rt.typbasetype
where n.nspname = any($1) and p.prokind = 'f' and p.pronargs >= 1 and p.pronargs - p.pronargdefaults <= 1
order by p.oid`

/** Types a cast may name: everything in pg_catalog, the exposed schemas and the extra search path. */
export const typesQuery = `
select n.nspname as schema, t.typname as name
from pg_catalog.pg_type t
join pg_catalog.pg_namespace n on n.oid = t.typnamespace
where (n.nspname = 'pg_catalog' or n.nspname = any($1)) and t.typtype in ('b', 'c', 'd', 'e', 'r', 'm')
  and not (t.typtype = 'c' and exists (select 1 from pg_catalog.pg_class c where c.oid = t.typrelid and c.relkind <> 'c'))`

/** Per-role settings that a request may apply with set_config (context 'user'), and pgrst.* settings. */
export const roleSettingsQuery = `
select r.rolname as role, s.setconfig as settings, s.setdatabase = 0 as role_wide,
  exists (select 1 from pg_catalog.pg_auth_members m
          where m.roleid = r.oid and m.member = (select oid from pg_catalog.pg_roles where rolname = current_user))
    as granted
from pg_catalog.pg_db_role_setting s
join pg_catalog.pg_roles r on r.oid = s.setrole
where s.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
order by s.setdatabase`

/** What a request may set: user settings, and (PostgreSQL 15+) those granted to the authenticator with GRANT SET. */
export const userSettingsQuery = `
select name from pg_catalog.pg_settings
where context = 'user' or pg_catalog.has_parameter_privilege(current_user, name, 'SET')`

export const timezonesQuery = `select name from pg_catalog.pg_timezone_names`
