-- ============================================================================================================
-- private.client_address(): the one client address the platform vouches for, and the only thing a limit keyed on an
-- address may read. Until now verify_certificate's miss limit read cf-connecting-ip, else the FIRST x-forwarded-for
-- entry, else x-real-ip, as the client sent them: rotating a header dodged the limit, naming someone else's address
-- locked them out. Which header the platform vouches for depends on what stands in front of PostgREST:
--
-- * Hosted Supabase: Cloudflare sets CF-Connecting-IP from the connection, replacing whatever the client sent. A
--   hosted project says so once: `alter database postgres set app.client_address_header = 'cf-connecting-ip'`.
-- * `supabase start` (Kong 2.8 without trusted_ips) and the local stack's gateway: nothing sets CF-Connecting-IP (a
--   client's value passes through, so it is never read here); X-Forwarded-For is the client's own list with the
--   connection's address appended, so its LAST entry is the gateway's word. This is the default.
--
-- An edge function calling the API for a visitor opens a connection of its own, so its own address would be the one
-- vouched for. Calling as service_role, it passes on the visitor's headers as x-client-forwarded-for and
-- x-client-cf-connecting-ip, and the same rule reads those instead; from any other role they are ignored.
--
-- Null when the header is absent (a call that bypassed the gateway): callers decide what that shares.
-- ============================================================================================================

create function private.client_address()
returns text
language sql
stable
set search_path = ''
as $$
  select nullif(btrim(
    case
      when current_setting('app.client_address_header', true) = 'cf-connecting-ip' then vouched.cf_connecting_ip
      -- split_part with -1: the last entry, the one the gateway appended from the connection.
      else split_part(vouched.forwarded_for, ',', -1)
    end
  ), '')
  from (select coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb as h) headers,
  lateral (
    select
      case when via_function then h ->> 'x-client-forwarded-for' else h ->> 'x-forwarded-for' end as forwarded_for,
      case when via_function then h ->> 'x-client-cf-connecting-ip' else h ->> 'cf-connecting-ip' end
        as cf_connecting_ip
    from (
      select (select auth.jwt() ->> 'role') = 'service_role'
        and (h ? 'x-client-forwarded-for' or h ? 'x-client-cf-connecting-ip') as via_function
    ) caller
  ) vouched;
$$;

comment on function private.client_address() is
  'The client address the platform vouches for in request.headers: cf-connecting-ip when app.client_address_header says so (hosted), else the last x-forwarded-for entry (the gateway''s); an edge function''s visitor when service_role passes x-client-* headers. Null when absent.';

revoke all on function private.client_address() from public;

-- verify_certificate's key: the vouched address, hashed; calls without one (the gateway always sets it) share a key.
create or replace function private.request_client_key()
returns bytea
language sql
stable
set search_path = ''
as $$
  select pg_catalog.sha256(pg_catalog.convert_to(coalesce(private.client_address(), 'unknown'), 'UTF8'));
$$;

comment on function private.request_client_key() is
  'SHA-256 of private.client_address() (one shared key when absent): the key of per-address limits.';

revoke all on function private.request_client_key() from public;
