-- ============================================================================================================
-- Test helpers for account security (sessions, recovery codes, second factors, deletion), created once per test
-- run like 000-setup: a request with a chosen Auth session and sign-in methods (amr), a verified TOTP factor, and
-- an Auth session row as the Auth server writes it.
-- ============================================================================================================
begin;
select plan(1);

-- Act as a signed-in user whose JWT names session_id, aal and amr (e.g. '[{"method": "passkey"}]').
create or replace function tests.authenticate_with(
  identifier text,
  session_id uuid default gen_random_uuid(),
  aal text default 'aal1',
  amr jsonb default '[{"method": "password"}]'
)
returns void
language plpgsql
set search_path = ''
as $$
declare
  user_id uuid := tests.get_user_id(identifier);
begin
  if user_id is null then
    raise exception 'tests.authenticate_with: no test user %', identifier;
  end if;
  perform set_config('role', 'authenticated', true);
  perform set_config('request.jwt.claims', jsonb_build_object(
    'sub', user_id, 'role', 'authenticated', 'aud', 'authenticated',
    'email', identifier || '@test.summit.local', 'aal', aal, 'amr', amr,
    'session_id', session_id, 'is_anonymous', false
  )::text, true);
end;
$$;

-- Act as a user who signed in with a passkey: aal1, amr method passkey (as Auth issues a passkey sign-in).
create or replace function tests.authenticate_with_passkey(identifier text)
returns void
language sql
set search_path = ''
as $$
  select tests.authenticate_with(identifier, gen_random_uuid(), 'aal1', '[{"method": "passkey", "timestamp": 1}]');
$$;

-- A verified TOTP factor for the user, as Auth stores one after enrollment.
create or replace function tests.add_verified_factor(identifier text)
returns uuid
language sql
security definer
set search_path = ''
as $$
  insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
  values (gen_random_uuid(), tests.get_user_id(identifier), 'Phone ' || gen_random_uuid(), 'totp', 'verified',
          now(), now(), 'JBSWY3DPEHPK3PXP')
  returning id;
$$;

-- An Auth session of the user, as Auth writes one (refreshed_at is in UTC, without a time zone).
create or replace function tests.add_session(
  identifier text,
  created timestamptz default now(),
  refreshed timestamptz default null,
  ends timestamptz default null
)
returns uuid
language sql
security definer
set search_path = ''
as $$
  insert into auth.sessions (id, user_id, created_at, updated_at, refreshed_at, user_agent, ip, aal, not_after)
  values (gen_random_uuid(), tests.get_user_id(identifier), created, created,
          refreshed at time zone 'UTC', 'Mozilla/5.0 Test', '203.0.113.5', 'aal1', ends)
  returning id;
$$;

grant execute on all functions in schema tests to anon, authenticated, service_role;

select pass('account test helpers created');
select * from finish();
commit;
