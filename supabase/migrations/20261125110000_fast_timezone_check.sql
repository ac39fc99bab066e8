-- ============================================================================================================
-- Every profile insert (sign-up, seeding, the analytics volume generator) checked its time zone twice against
-- pg_timezone_names, which reads the whole zoneinfo tree from disk: ~80 ms per check on a 2-core machine, so
-- creating 20,000 learners took most of an hour. The names are now looked up in a table filled from
-- pg_timezone_names; a name missing there (a zone added by a later PostgreSQL upgrade) still falls back to the
-- catalogue, so exactly the same names are valid as before.
-- ============================================================================================================

create table private.timezone_names (
  name text primary key
);

comment on table private.timezone_names is
  'IANA zone names PostgreSQL knew when this was filled: a fast path for private.is_valid_timezone, never the only source.';

insert into private.timezone_names (name) select distinct name from pg_catalog.pg_timezone_names;

-- Read by the profiles check constraint under the writer's role (the function below is invoker).
alter table private.timezone_names enable row level security;
revoke all on private.timezone_names from public, anon, authenticated;
grant select on private.timezone_names to anon, authenticated, service_role;

create policy timezone_names_select_anon on private.timezone_names
  for select to anon using (true);
comment on policy timezone_names_select_anon on private.timezone_names is 'Zone names are public knowledge.';

create policy timezone_names_select_authenticated on private.timezone_names
  for select to authenticated using (true);
comment on policy timezone_names_select_authenticated on private.timezone_names is 'Zone names are public knowledge.';

create or replace function private.is_valid_timezone(value text)
returns boolean
language sql
-- Immutable as before (it backs a check constraint): the set of names only grows, with a PostgreSQL upgrade.
immutable
set search_path = ''
as $$
  select case
    when value is null then false
    when exists (select 1 from private.timezone_names t where t.name = value) then true
    else exists (select 1 from pg_catalog.pg_timezone_names where name = value)
  end;
$$;

comment on function private.is_valid_timezone(text) is 'True for IANA time zone names PostgreSQL knows (e.g. Europe/Paris).';
