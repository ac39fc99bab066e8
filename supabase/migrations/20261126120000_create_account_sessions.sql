-- ============================================================================================================
-- Account security, part 1 (PRODUCT.md §1, §2 /account M4):
--   * a passkey counts as a second factor: private.is_aal2() now also accepts a session whose `amr` names the
--     method `passkey` (Auth signs passkey sign-ins in at aal1 with that method). The rule lives in one place,
--     private.claims_are_aal2(claims), which the account-delete function also asks about the claims it verified.
--     Every destructive act goes through private.is_aal2(): deleting a course (courses_guard_delete and the
--     courses delete policy), archiving a course (courses_guard_status), removing a learner (remove_learner and
--     the enrollments update policy), revoking a certificate (revoke_certificate), removing or demoting a school
--     member (school_members_guard_change and its delete policy) and deleting a school (schools delete policy);
--   * my_sessions() lists the caller's Auth sessions (auth.sessions, readable by no client role), the current one
--     (the JWT's session_id) first; end_session(session_id) ends one of the caller's other sessions. Deleting the
--     session row takes its refresh tokens and MFA claims with it (foreign keys on delete cascade), so that
--     session cannot refresh again and its access token runs out at its expiry.
-- Refusals answer PRODUCT.md §8 errors: not_signed_in (401), validation_failed (422, with a fields map).
-- ============================================================================================================

create function private.claims_are_aal2(claims jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(
    claims ->> 'aal' = 'aal2'
    -- amr is an array of {method, timestamp}; containment is false (not an error) for anything else.
    or coalesce(claims -> 'amr', '[]'::jsonb) @> '[{"method": "passkey"}]'::jsonb,
    false
  );
$$;

comment on function private.claims_are_aal2(jsonb) is
  'True when JWT claims show a second factor: aal2 (TOTP or WebAuthn verified), or a sign-in with a passkey (amr method passkey).';

revoke all on function private.claims_are_aal2(jsonb) from public;
grant execute on function private.claims_are_aal2(jsonb) to authenticated, service_role;

create or replace function private.is_aal2()
returns boolean
language sql
stable
set search_path = ''
as $$
  select private.claims_are_aal2((select auth.jwt()));
$$;

comment on function private.is_aal2() is
  'True when the session passed a second factor (TOTP or WebAuthn verified, aal2) or signed in with a passkey; destructive actions require it.';

-- ------------------------------------------------------------------------------------------------------------
-- Sessions
-- ------------------------------------------------------------------------------------------------------------

create function private.current_session_id()
returns uuid
language plpgsql
stable
set search_path = ''
as $$
begin
  return nullif((select auth.jwt()) ->> 'session_id', '')::uuid;
exception when invalid_text_representation then
  -- A token without a well-formed session id has no current session.
  return null;
end;
$$;

comment on function private.current_session_id() is 'The Auth session of the request (the JWT''s session_id), or null.';

revoke all on function private.current_session_id() from public;
grant execute on function private.current_session_id() to authenticated, service_role;

create function public.my_sessions()
returns table (
  id uuid,
  created_at timestamptz,
  last_active_at timestamptz,
  user_agent text,
  ip text,
  aal text,
  is_current boolean
)
language plpgsql
stable
-- Definer: auth.sessions is readable by no client role; the answer is limited to the caller's own rows.
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  viewer uuid := (select auth.uid());
  current_id uuid := private.current_session_id();
begin
  if viewer is null then
    perform private.raise_api_error('not_signed_in', 'Sign in to see your sessions.', 401);
  end if;
  return query
  select
    s.id,
    s.created_at,
    -- Auth writes refreshed_at without a time zone, in UTC.
    coalesce(s.refreshed_at at time zone 'UTC', s.updated_at, s.created_at) as last_active_at,
    nullif(s.user_agent, ''),
    host(s.ip),
    coalesce(s.aal::text, 'aal1'),
    s.id is not distinct from current_id
  from auth.sessions s
  where s.user_id = viewer
    and (s.not_after is null or s.not_after > now())
  order by
    s.id is not distinct from current_id desc,
    coalesce(s.refreshed_at at time zone 'UTC', s.updated_at, s.created_at) desc nulls last,
    s.id;
end;
$$;

comment on function public.my_sessions() is
  'The caller''s active Auth sessions: id, created_at, last_active_at (last refresh), user_agent, ip, aal and is_current (the session of this request), the current one first, then by last activity. Errors: not_signed_in 401.';

create function public.end_session(session_id uuid)
returns void
language plpgsql
volatile
-- Definer: auth.sessions is writable by no client role; only a row of the caller's own is deleted.
security definer
set search_path = ''
as $$
declare
  viewer uuid := (select auth.uid());
begin
  if viewer is null then
    perform private.raise_api_error('not_signed_in', 'Sign in to manage your sessions.', 401);
  end if;
  if end_session.session_id is null then
    perform private.raise_api_error(
      'validation_failed', 'Choose a session to sign out.', 422,
      jsonb_build_object('fields', jsonb_build_object('session_id', 'Choose a session to sign out.'))
    );
  end if;
  if end_session.session_id = private.current_session_id() then
    perform private.raise_api_error(
      'validation_failed', 'This is the session you are using: sign out instead.', 422,
      jsonb_build_object('fields', jsonb_build_object('session_id', 'This is the session you are using: sign out instead.'))
    );
  end if;
  -- Someone else's session and an unknown id alike touch nothing and say nothing.
  delete from auth.sessions s where s.id = end_session.session_id and s.user_id = viewer;
end;
$$;

comment on function public.end_session(uuid) is
  'Signs out one of the caller''s other sessions (its refresh tokens go with it). The current session: validation_failed 422 (fields.session_id); someone else''s or an unknown id: nothing happens. Errors: not_signed_in 401.';

revoke all on function public.my_sessions() from public, anon;
revoke all on function public.end_session(uuid) from public, anon;
grant execute on function public.my_sessions() to authenticated, service_role;
grant execute on function public.end_session(uuid) to authenticated, service_role;
