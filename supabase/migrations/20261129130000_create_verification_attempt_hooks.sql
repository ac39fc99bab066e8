-- ============================================================================================================
-- A per-account cap on password and second-factor guesses (issue 27), the Supabase way: Auth's password
-- verification attempt hook and MFA verification attempt hook, as Postgres functions that config.toml names in
-- [auth.hook.password_verification_attempt] and [auth.hook.mfa_verification_attempt] (read by `supabase start`,
-- `supabase config push` and the local stack alike).
--
-- Auth calls each hook after it has checked a password or a TOTP code, right or wrong, with the user and `valid`,
-- and refuses the attempt when the hook answers {"decision": "reject"}. The rule, for passwords and codes apart:
--   * 10 wrong ones on an account within 15 minutes of the first of them lock that account's checks of that kind
--     for 15 minutes: every attempt in that time is refused, the right password or code too (else guessing could
--     go on and a right guess would still get through). Wrong ones during the lock are not counted again, so the
--     lock ends 15 minutes after the 10th failure whatever an attacker keeps sending;
--   * a right password or code does not clear earlier failures (an owner signing in between guesses would
--     otherwise hand an attacker ten more); failures simply age out of their 15-minute window;
--   * only the account guessed at is affected: the counters are per user and nothing is keyed on an address.
-- A refused password answers exactly like a wrong one (400 invalid_credentials "Invalid login credentials"), so
-- the lock does not tell whether an address has an account. A refused code answers 403 mfa_verification_rejected
-- with a message saying when to try again; Auth also ends every session of the user then (GoTrue always does on
-- an MFA rejection), so a stolen password's session does not outlive the lock.
--
-- Auth runs a hook as supabase_auth_admin: that role alone may execute them (and reach `private` for that). They
-- are security definer so the counters need no grant to anyone, and row-level security keeps every client role
-- out of the table. Auth gives a hook 2 seconds (statement_timeout); a row lock per account and kind is all the
-- waiting these do.
-- ============================================================================================================

create table private.verification_attempt_limits (
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null,
  window_started_at timestamptz not null default now(),
  failures integer not null default 0,
  locked_until timestamptz,
  primary key (user_id, kind),
  constraint verification_attempt_limits_kind_check check (kind in ('password', 'mfa')),
  constraint verification_attempt_limits_failures_check check (failures between 0 and 10)
);

comment on table private.verification_attempt_limits is
  'Failed password and MFA verifications per account and kind, for the verification attempt hooks: 10 within 15 minutes lock that kind of check on the account for 15 minutes. A row appears at the first failure.';
comment on column private.verification_attempt_limits.kind is 'password (sign-in with a password) or mfa (a TOTP code).';
comment on column private.verification_attempt_limits.window_started_at is
  'Start of the 15-minute window the failures are counted in; a failure after it ends starts a new window.';
comment on column private.verification_attempt_limits.failures is 'Wrong passwords or codes in the current window.';
comment on column private.verification_attempt_limits.locked_until is
  'Until when every attempt of this kind on the account is refused (null: never locked).';

alter table private.verification_attempt_limits enable row level security;
revoke all on private.verification_attempt_limits from public, anon, authenticated, service_role;

-- ------------------------------------------------------------------------------------------------------------
-- The rule, shared by both hooks
-- ------------------------------------------------------------------------------------------------------------

create function private.count_verification_attempt(user_id uuid, kind text, valid boolean)
returns timestamptz
language plpgsql
volatile
set search_path = ''
as $$
declare
  failure_limit constant integer := 10;
  span constant interval := interval '15 minutes';
  counter private.verification_attempt_limits;
begin
  if not valid then
    insert into private.verification_attempt_limits as l (user_id, kind)
    values (count_verification_attempt.user_id, count_verification_attempt.kind)
    on conflict on constraint verification_attempt_limits_pkey do nothing;
  end if;
  -- The row lock makes concurrent attempts on one account count one after the other; other accounts never wait.
  select * into counter
  from private.verification_attempt_limits as l
  where l.user_id = count_verification_attempt.user_id and l.kind = count_verification_attempt.kind
  for update;
  if not found then
    return null;
  end if;
  if counter.locked_until > now() then
    return counter.locked_until;
  end if;
  if valid then
    return null;
  end if;
  if counter.failures = 0 or counter.window_started_at <= now() - span then
    counter.window_started_at := now();
    counter.failures := 0;
  end if;
  counter.failures := counter.failures + 1;
  if counter.failures >= failure_limit then
    -- The 10th failure is answered as a plain failure; the lock starts with it. Counting starts again after it.
    counter.locked_until := now() + span;
    counter.window_started_at := counter.locked_until;
    counter.failures := 0;
  end if;
  update private.verification_attempt_limits as l
  set window_started_at = counter.window_started_at, failures = counter.failures, locked_until = counter.locked_until
  where l.user_id = counter.user_id and l.kind = counter.kind;
  return null;
end;
$$;

comment on function private.count_verification_attempt(uuid, text, boolean) is
  'Counts one checked password or code of the user and answers until when attempts of that kind are refused (null: not refused). 10 failures within 15 minutes lock the kind for 15 minutes; a right one during the lock is refused too and clears nothing.';

revoke all on function private.count_verification_attempt(uuid, text, boolean) from public, anon, authenticated;

-- ------------------------------------------------------------------------------------------------------------
-- The hooks Auth calls
-- ------------------------------------------------------------------------------------------------------------

create function private.hook_password_verification_attempt(event jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if private.count_verification_attempt(
    (event ->> 'user_id')::uuid, 'password', coalesce((event ->> 'valid')::boolean, false)
  ) is not null then
    -- Worded as a wrong password, so that a locked account cannot be told from an address without one.
    return jsonb_build_object('decision', 'reject', 'message', 'Invalid login credentials', 'should_logout_user', false);
  end if;
  return jsonb_build_object('decision', 'continue');
end;
$$;

comment on function private.hook_password_verification_attempt(jsonb) is
  'Auth''s password verification attempt hook ([auth.hook.password_verification_attempt]): rejects every password attempt on an account for 15 minutes after 10 wrong passwords within 15 minutes. Security definer so the counters need no grant; executable by supabase_auth_admin only.';

create function private.hook_mfa_verification_attempt(event jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  locked_until timestamptz := private.count_verification_attempt(
    (event ->> 'user_id')::uuid, 'mfa', coalesce((event ->> 'valid')::boolean, false)
  );
  minutes integer;
begin
  if locked_until is null then
    return jsonb_build_object('decision', 'continue');
  end if;
  minutes := greatest(1, ceil(extract(epoch from locked_until - now()) / 60)::integer);
  return jsonb_build_object(
    'decision', 'reject',
    'message', format('Too many wrong codes. Try again in %s minute%s.', minutes, case when minutes = 1 then '' else 's' end)
  );
end;
$$;

comment on function private.hook_mfa_verification_attempt(jsonb) is
  'Auth''s MFA verification attempt hook ([auth.hook.mfa_verification_attempt]): rejects every code for an account for 15 minutes after 10 wrong codes within 15 minutes (Auth then ends the user''s sessions). Security definer so the counters need no grant; executable by supabase_auth_admin only.';

revoke all on function private.hook_password_verification_attempt(jsonb) from public, anon, authenticated, service_role;
revoke all on function private.hook_mfa_verification_attempt(jsonb) from public, anon, authenticated, service_role;
grant usage on schema private to supabase_auth_admin;
grant execute on function private.hook_password_verification_attempt(jsonb) to supabase_auth_admin;
grant execute on function private.hook_mfa_verification_attempt(jsonb) to supabase_auth_admin;
