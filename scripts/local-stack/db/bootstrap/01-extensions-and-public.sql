-- The `extensions` schema with the extensions every Supabase database has, and the grants and default privileges
-- that make a new table in `public` reachable through the Data API (subject to RLS).

create schema extensions authorization postgres;
grant usage on schema extensions to anon, authenticated, service_role;
grant all on schema extensions to dashboard_user;

create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;
-- Queryable because the cluster starts with shared_preload_libraries = 'pg_stat_statements'.
create extension if not exists pg_stat_statements with schema extensions;

-- Objects supabase_admin creates in `extensions` are usable by postgres (which may grant them on).
alter default privileges for role supabase_admin in schema extensions
  grant all on tables to postgres with grant option;
alter default privileges for role supabase_admin in schema extensions
  grant all on sequences to postgres with grant option;
alter default privileges for role supabase_admin in schema extensions
  grant all on functions to postgres with grant option;

grant usage on schema public to postgres, anon, authenticated, service_role;

-- Supabase keeps two sets of defaults in `public`: for objects created by postgres (migrations, the dashboard) and
-- by supabase_admin. ALTER DEFAULT PRIVILEGES only covers objects made by the role it names, so both are needed.
-- This is why RLS, not grants, is what protects a table in `public`.
alter default privileges for role postgres in schema public
  grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public
  grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public
  grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public
  grant all on functions to postgres, anon, authenticated, service_role;

-- graphql_public is one of the Data API schemas in config.toml. pg_graphql is not in stock PostgreSQL (and is off by
-- default on new projects), so this is the placeholder a project without the extension has: it answers with an
-- error object instead of failing, and makes generated types match a hosted project's.
create schema graphql_public authorization supabase_admin;
grant usage on schema graphql_public to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema graphql_public
  grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema graphql_public
  grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema graphql_public
  grant all on functions to postgres, anon, authenticated, service_role;

set role supabase_admin;
create function graphql_public.graphql(
  "operationName" text default null,
  query text default null,
  variables jsonb default null,
  extensions jsonb default null
) returns jsonb
language sql
set search_path = ''
as $$
  select jsonb_build_object(
    'errors', jsonb_build_array(jsonb_build_object('message', 'pg_graphql extension is not enabled.'))
  );
$$;
reset role;

-- Realtime streams changes of the tables migrations add to this publication (empty to begin with).
-- Supabase's image creates it in an init script run as `postgres`, so `postgres` owns it and migrations may add tables.
create publication supabase_realtime;
alter publication supabase_realtime owner to postgres;
