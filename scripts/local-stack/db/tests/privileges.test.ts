// Migrations, seed and reset run as `postgres` with the rights Supabase gives it, not as a superuser: what a hosted
// project refuses (a table it does not own, a superuser setting, a role with superuser) fails here too, and what
// supautils grants it there (policies and their comments on Auth, Storage and Realtime tables, dropping triggers on
// them, session_replication_role, pgTAP) works. On a throw-away cluster, through the real Supabase CLI.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config/index.ts'
import { applyBootstrap } from '../bootstrap.ts'
import { Cluster } from '../cluster.ts'
import { MigrationError, resetDatabase, syncMigrations } from '../migrations.ts'
import { installPgtapFiles } from '../pgtap.ts'
import { trustPrivilegedExtensions } from '../privileged-extensions.ts'
import { startRestHarness } from '../../rest/testing/harness.ts'
import { freePort } from '../../rest/testing/scratch-cluster.ts'

// What supautils lets `postgres` do on Supabase, all in one migration.
const granted = `
create table public.who as
  select current_user as name, (select rolsuper from pg_roles where rolname = current_user) as superuser;

create policy "read own files" on storage.objects for select to authenticated
  using (bucket_id = 'files' and owner_id = (select auth.uid()::text));
comment on policy "read own files" on storage.objects is 'A learner reads what they uploaded.';
alter policy "read own files" on storage.objects to authenticated, service_role;

create policy "members read the room" on realtime.messages for select to authenticated using (true);
comment on policy "members read the room" on realtime.messages is 'Any signed-in user may listen.';

create function public.on_signup() returns trigger language plpgsql as $$ begin return new; end $$;
create trigger on_signup after insert on auth.users for each row execute function public.on_signup();
drop trigger on_signup on auth.users;
-- Dropping nothing fires no sql_drop; the membership still ends with the statement.
drop policy if exists "no such policy" on storage.objects;

create table public.notes (id bigint generated always as identity primary key, body text not null);
alter publication supabase_realtime add table public.notes;
`

describe('migrations as the non-superuser postgres', () => {
  let dir: string
  let cluster: Cluster
  let workdir: string
  const migrationsDir = () => path.join(workdir, 'supabase', 'migrations')
  const query = async <R extends pg.QueryResultRow>(sql: string, url = cluster.url()) => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      return (await client.query<R>(sql)).rows
    } finally {
      await client.end()
    }
  }
  const sqlState = (error: unknown) => (error as { code?: string }).code
  const admin = () => cluster.adminUrl()

  beforeAll(async () => {
    installPgtapFiles()
    trustPrivilegedExtensions()
    dir = mkdtempSync(path.join(tmpdir(), 'summit-privileges-'))
    cluster = new Cluster({ dir, port: await freePort(), durable: false })
    await cluster.init()
    await cluster.start()
    await applyBootstrap(cluster.adminUrl(), path.join(dir, 'bootstrap.sha256'))
    workdir = path.join(dir, 'project')
    mkdirSync(migrationsDir(), { recursive: true })
    writeFileSync(path.join(workdir, 'supabase', 'config.toml'), 'project_id = "privileges-test"\n')
    writeFileSync(path.join(migrationsDir(), '20260101000000_granted.sql'), granted)
    writeFileSync(path.join(workdir, 'supabase', 'seed.sql'), `insert into public.notes (body) values ('seeded');\n`)
    await resetDatabase(cluster.url(), { workdir })
  }, 120_000)

  afterAll(async () => {
    await cluster?.stop()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('runs them as postgres, which is not a superuser, with what supautils grants it on Supabase', async () => {
    expect(await query('select name, superuser from public.who')).toEqual([{ name: 'postgres', superuser: false }])
    expect(
      await query(`
        select c.relname as "table", p.polname as policy, obj_description(p.oid, 'pg_policy') as comment
        from pg_policy p join pg_class c on c.oid = p.polrelid
        where c.relnamespace in ('storage'::regnamespace, 'realtime'::regnamespace) order by 1`),
    ).toEqual([
      { table: 'messages', policy: 'members read the room', comment: 'Any signed-in user may listen.' },
      { table: 'objects', policy: 'read own files', comment: 'A learner reads what they uploaded.' },
    ])
    expect(
      await query(`select tgname from pg_trigger where tgrelid = 'auth.users'::regclass and not tgisinternal`),
    ).toEqual([])
    expect(await query('select body from public.notes')).toEqual([{ body: 'seeded' }])
    // The grant that let each statement through lasted for that statement only.
    expect(await query(`select pg_has_role('postgres', 'supabase_storage_admin', 'MEMBER') as member`)).toEqual([
      { member: false },
    ])
  })

  it.each([
    ['a table of Storage', 'alter table storage.objects add column note text;', 'must be owner of table objects'],
    [
      'a policy on an Auth table outside the grants',
      'create policy "x" on auth.flow_state for select using (true);',
      'must be owner of table flow_state',
    ],
    ['a comment on a Storage table', `comment on table storage.objects is 'files';`, 'must be owner of table objects'],
    // Refused by PostgreSQL itself, as on Supabase (PostgreSQL says "relation" for a column): the membership is not
    // lent for a comment whose statement does not say POLICY.
    [
      'a comment on a column of an Auth table',
      `comment on column auth.users.email is 'sign-in address';`,
      'must be owner of relation users',
    ],
    [
      'a comment on a function of Auth',
      `comment on function auth.uid() is 'who';`,
      'must be owner of function auth.uid (SQLSTATE 42501)',
    ],
    // The word in the comment's text lends the membership; the check after the statement refuses it, in the same words.
    [
      'a comment that mentions a policy, on a column of an Auth table',
      `comment on column auth.users.email is 'read by the sign-in policy';`,
      'must be owner of relation users',
    ],
    [
      'a program run by the server',
      `copy public.half_done from program 'true';`,
      'permission denied to COPY to or from an external program',
    ],
    ['a superuser role', 'create role root superuser;', 'permission denied to create role'],
    ['a superuser-only setting', `set log_statement = 'all';`, 'permission denied to set parameter "log_statement"'],
  ])(
    'refuses %s as a hosted project does, and keeps the database as it was',
    async (_, sql, message) => {
      const file = path.join(migrationsDir(), '20260102000000_needs_superuser.sql')
      writeFileSync(file, `create table public.half_done (id int);\n${sql}\n`)
      try {
        const error = await syncMigrations(cluster.url(), loadConfig(), { workdir }).catch((e: unknown) => e)
        expect(error).toBeInstanceOf(MigrationError)
        expect((error as Error).message).toContain(message)
        expect((error as Error).message).toContain('SQLSTATE 42501')
      } finally {
        rmSync(file)
      }
      expect(await query(`select to_regclass('public.half_done') as t`)).toEqual([{ t: null }])
      expect(await query('select body from public.notes')).toEqual([{ body: 'seeded' }])
    },
    60_000,
  )

  it('refuses to drop a policy from an Auth table outside the grants, and keeps it', async () => {
    await query(`create policy "service reads" on auth.flow_state for select to service_role using (true)`, admin())
    const file = path.join(migrationsDir(), '20260103000000_drop_auth_policy.sql')
    writeFileSync(file, 'drop policy "service reads" on auth.flow_state;\n')
    try {
      const error = await syncMigrations(cluster.url(), loadConfig(), { workdir }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(MigrationError)
      expect((error as Error).message).toContain('must be owner of table flow_state (SQLSTATE 42501)')
      expect(await query(`select polname from pg_policy where polrelid = 'auth.flow_state'::regclass`)).toEqual([
        { polname: 'service reads' },
      ])
    } finally {
      rmSync(file)
      await query(`drop policy if exists "service reads" on auth.flow_state`, admin())
    }
  }, 60_000)

  it('lets postgres set session_replication_role and create pgTAP, which supautils allows on Supabase', async () => {
    const client = new pg.Client({ connectionString: cluster.url() })
    await client.connect()
    try {
      await client.query(`set session_replication_role = replica`)
      expect((await client.query('show session_replication_role')).rows).toEqual([
        { session_replication_role: 'replica' },
      ])
      await client.query('create extension pgtap with schema extensions')
      expect(
        (await client.query(`select extowner::regrole::text as owner from pg_extension where extname = 'pgtap'`)).rows,
      ).toEqual([{ owner: 'postgres' }])
      await client.query('select extensions.no_plan()')
      expect((await client.query('select extensions.pass() as line')).rows[0].line).toMatch(/^ok/)
      const failure = await client.query(`alter role postgres superuser`).catch((e: unknown) => e)
      expect(sqlState(failure)).toBe('42501')
    } finally {
      await client.end()
    }
    // The CLI's reset drops the extension again, as postgres: it belongs to the role that created it.
    await resetDatabase(cluster.url(), { workdir })
    expect(await query(`select extname from pg_extension where extname = 'pgtap'`)).toEqual([])
  }, 120_000)

  // supautils.conf's privileged_role_allowed_configs (pgrst.*, plan_filter.*, the log, pg_net, pgaudit, auto_explain
  // and safeupdate settings) and an untrusted extension of its privileged_extensions, as a migration uses them.
  const allowedSettings = `
alter role authenticator set pgrst.db_aggregates_enabled = 'true';
alter role authenticator set pgrst.db_max_rows = '1000';
alter role authenticator set pgrst.db_pre_request = 'public.check_request';
alter role authenticator set plan_filter.statement_cost_limit = '100000';
alter role authenticator set auto_explain.log_min_duration = '1s';
alter role authenticator set log_min_messages = 'warning';
alter role authenticator set log_lock_waits = 'on';
alter role authenticator set pg_net.ttl = '1 hour';
alter role authenticator set pgaudit.log = 'ddl';
alter role authenticator set safeupdate.enabled = 'on';
alter role authenticator set track_io_timing = 'on';
create extension moddatetime with schema extensions;
`

  it('applies a migration that sets each kind of allowed parameter, and REST honours db_aggregates_enabled', async () => {
    writeFileSync(path.join(migrationsDir(), '20260104000000_allowed_settings.sql'), allowedSettings)
    await syncMigrations(cluster.url(), loadConfig(), { workdir })
    const [row] = await query<{ settings: string[] }>(`
      select s.setconfig as settings from pg_db_role_setting s
      where s.setrole = 'authenticator'::regrole and s.setdatabase = 0`)
    expect(row!.settings).toEqual(
      expect.arrayContaining([
        'pgrst.db_aggregates_enabled=true',
        'pgrst.db_max_rows=1000',
        'plan_filter.statement_cost_limit=100000',
        'auto_explain.log_min_duration=1s',
        'log_min_messages=warning',
        'log_lock_waits=on',
        'pg_net.ttl=1 hour',
        'pgaudit.log=ddl',
        'safeupdate.enabled=on',
        'track_io_timing=on',
      ]),
    )
    expect(
      await query(`select extowner::regrole::text as owner from pg_extension where extname = 'moddatetime'`),
    ).toEqual([{ owner: 'postgres' }])
    // A setting outside the list stays the superuser's, as on Supabase.
    const refused = await query(`alter role authenticator set log_statement = 'all'`).catch((e: unknown) => e)
    expect(sqlState(refused)).toBe('42501')

    await query(`alter role authenticator reset pgrst.db_pre_request`, admin())
    const rest = await startRestHarness(admin(), { poolSize: 1 })
    try {
      const { data, error } = await rest.serviceRole().from('lessons').select('count()')
      expect(error).toBeNull()
      expect(data).toEqual([{ count: 8 }])
    } finally {
      await rest.close()
      await query(`alter role authenticator reset all`, admin())
      await query(`alter role authenticator set statement_timeout = '8s'`, admin())
      await query(`alter role authenticator set lock_timeout = '8s'`, admin())
    }
  }, 120_000)
})
