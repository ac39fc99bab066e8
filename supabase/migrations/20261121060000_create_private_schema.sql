-- ============================================================================================================
-- Foundations: the `private` schema and shared trigger functions.
--
-- `private` is not one of the Data API schemas (config.toml [api].schemas), so nothing in it can be called over
-- REST. It holds security-definer helpers that row-level security policies call, and trigger functions.
-- ============================================================================================================

create schema private;
comment on schema private is 'Helpers for policies and triggers. Not exposed through the Data API.';

-- Policies run with the privileges of the requesting role, so the roles that policies are evaluated for need to
-- reach the helpers they call. Which helpers they may execute is granted function by function.
revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;

-- Nothing we create is executable by default: PostgreSQL grants EXECUTE to PUBLIC on every new function, and the
-- Supabase defaults grant it to anon and authenticated in `public`. Every function a client may call is granted
-- explicitly in the migration that creates it.
-- A per-schema default cannot take away PUBLIC's global one, so the revoke is global, and `extensions` gets PUBLIC
-- back: functions of extensions (pgcrypto, pgTAP, ...) are meant to be callable by everyone, as usual.
alter default privileges for role postgres revoke execute on functions from public;
alter default privileges for role postgres in schema extensions grant execute on functions to public;
alter default privileges for role postgres in schema public revoke execute on functions from anon, authenticated;

-- ------------------------------------------------------------------------------------------------------------
-- updated_at maintenance
-- ------------------------------------------------------------------------------------------------------------

create function private.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

comment on function private.set_updated_at() is
  'Trigger: stamps updated_at on every update, so clients cannot set it and never forget to.';

-- ------------------------------------------------------------------------------------------------------------
-- Shared validation
-- ------------------------------------------------------------------------------------------------------------

create function private.is_valid_slug(value text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select value ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(value) between 3 and 60;
$$;

comment on function private.is_valid_slug(text) is
  'Slug rule of PRODUCT.md §5: lowercase letters and digits in hyphen-separated words, 3 to 60 characters.';

create function private.is_valid_timezone(value text)
returns boolean
language sql
-- Declared immutable so it can back a check constraint; the time zone database only changes with a PostgreSQL
-- upgrade, when a zone name is added, never silently removed.
immutable
set search_path = ''
as $$
  select exists (select 1 from pg_catalog.pg_timezone_names where name = value);
$$;

comment on function private.is_valid_timezone(text) is 'True for IANA time zone names PostgreSQL knows (e.g. Europe/Paris).';

grant execute on function private.is_valid_slug(text) to anon, authenticated, service_role;
grant execute on function private.is_valid_timezone(text) to anon, authenticated, service_role;
