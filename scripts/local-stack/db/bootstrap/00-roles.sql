-- Roles of a Supabase database, with the attributes, settings and memberships a hosted PostgreSQL 17 project has.
-- Runs once, as the cluster's bootstrap superuser `supabase_admin` (initdb's user, as in Supabase's image), right
-- after initdb.
--
-- `postgres` is not a superuser, as on Supabase: it owns the database (so `public`), may create roles and databases,
-- replicate and bypass RLS, and is a member of the API roles. What Supabase's supautils extension lets it do beyond
-- that is imitated in 05-supautils.sql. Deliberate difference from a hosted project: no `session_preload_libraries`
-- (supautils, safeupdate), which are not in stock PostgreSQL; a login would fail trying to load them.
-- Every login role gets the password `postgres`, as under `supabase start`.

-- The real superuser of a Supabase database; owns the auth, storage, realtime and graphql_public schemas.
alter role supabase_admin with login superuser createrole createdb replication bypassrls password 'postgres';
alter role supabase_admin set search_path = "$user", public, auth, extensions;
alter role supabase_admin set log_statement = 'none';

-- The role migrations, the dashboard and clients use. Supabase's image makes it a superuser for its init scripts and
-- then demotes it; here it is made without.
create role postgres with login nosuperuser createrole createdb replication bypassrls password 'postgres';
alter database postgres owner to postgres;
-- Migrations run after `reset all`, so unqualified crypt() or uuid_generate_v4() depend on this role setting.
alter role postgres set search_path = "$user", public, extensions;

-- The three roles requests run as. INHERIT (since 2023) so that grants made to them through other roles apply.
create role anon with nologin inherit;
create role authenticated with nologin inherit;
create role service_role with nologin inherit bypassrls;
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

-- The login PostgREST, Storage and Realtime use before switching to a request role. NOINHERIT: it only gains the
-- privileges of the role it switches to.
create role authenticator with login noinherit password 'postgres';
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';
grant anon, authenticated, service_role to authenticator with inherit false, set true;

-- PostgreSQL 16+ needs membership to `set role`; Supabase grants it with admin option.
grant anon, authenticated, service_role, authenticator to postgres with admin option;
grant pg_monitor, pg_read_all_data, pg_signal_backend to postgres with admin option;
grant pg_create_subscription to postgres;

-- Service logins: each owns its schema's tables and functions.
create role supabase_auth_admin with login noinherit nocreaterole password 'postgres';
alter role supabase_auth_admin set search_path = auth;
alter role supabase_auth_admin set idle_in_transaction_session_timeout = 60000;
alter role supabase_auth_admin set log_statement = 'none';

create role supabase_storage_admin with login noinherit createrole password 'postgres';
alter role supabase_storage_admin set search_path = storage;
alter role supabase_storage_admin set log_statement = 'none';
grant authenticator to supabase_storage_admin with inherit false, set true;

create role supabase_realtime_admin with nologin noinherit;
alter role supabase_realtime_admin set search_path = public, extensions, realtime;
grant anon, authenticated, service_role to supabase_realtime_admin with inherit false, set true;

create role supabase_replication_admin with login replication password 'postgres';

create role supabase_read_only_user with login bypassrls password 'postgres';
alter role supabase_read_only_user set default_transaction_read_only = on;
grant pg_read_all_data to supabase_read_only_user;

create role supabase_etl_admin with login replication bypassrls password 'postgres';
grant pg_read_all_data to supabase_etl_admin;

create role dashboard_user with nologin createrole createdb replication;

create role pgbouncer with login password 'postgres';
