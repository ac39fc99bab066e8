// supautils.privileged_extensions for stock PostgreSQL: on Supabase the non-superuser `postgres` may create any
// extension of that list, which supautils creates on its behalf as the superuser. Stock PostgreSQL's equivalent is a
// trusted extension (its script runs as the bootstrap superuser), so the control files of the listed extensions that
// this PostgreSQL ships untrusted get `trusted = true`. Extensions of the list it does not ship stay unavailable.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pgBinaries } from './binaries.ts'

/** supautils.privileged_extensions of the supabase/postgres image's supautils.conf. */
// prettier-ignore
export const privilegedExtensions = [
  'address_standardizer', 'address_standardizer_data_us', 'autoinc', 'bloom', 'btree_gin', 'btree_gist', 'citext',
  'cube', 'dblink', 'dict_int', 'dict_xsyn', 'earthdistance', 'fuzzystrmatch', 'hstore', 'http', 'hypopg',
  'index_advisor', 'insert_username', 'intarray', 'isn', 'ltree', 'moddatetime', 'orioledb', 'pg_cron', 'pg_graphql',
  'pg_hashids', 'pg_jsonschema', 'pg_net', 'pg_partman', 'pg_repack', 'pg_stat_monitor', 'pg_stat_statements',
  'pg_tle', 'pg_trgm', 'pg_walinspect', 'pgaudit', 'pgcrypto', 'pgjwt', 'pg_prewarm', 'pgmq', 'pgroonga',
  'pgroonga_database', 'pgrouting', 'pgrowlocks', 'pgstattuple', 'pgsodium', 'pgtap', 'plcoffee', 'pljava', 'plls',
  'plpgsql', 'plpgsql_check', 'plv8', 'postgis', 'postgis_raster', 'postgis_sfcgal', 'postgis_tiger_geocoder',
  'postgis_topology', 'postgres_fdw', 'refint', 'rum', 'seg', 'sslinfo', 'supabase_vault', 'supautils', 'tablefunc',
  'tcn', 'timescaledb', 'tsm_system_rows', 'tsm_system_time', 'unaccent', 'uuid-ossp', 'vector', 'wrappers',
]

const trustedLine = /^\s*trusted\s*=\s*true\s*$/m

/** Marks the listed extensions this PostgreSQL ships as trusted; returns the names it changed. */
export function trustPrivilegedExtensions(extensionDir = pgBinaries().extensionDir): string[] {
  const changed: string[] = []
  for (const name of privilegedExtensions) {
    const control = path.join(extensionDir, `${name}.control`)
    if (!existsSync(control)) continue
    const text = readFileSync(control, 'utf8')
    if (trustedLine.test(text)) continue
    writeFileSync(control, `${text.trimEnd()}\ntrusted = true\n`)
    changed.push(name)
  }
  return changed
}
