-- ============================================================================================================
-- Recovery codes (issue 17: "lost your device?"): Auth has none, so the product keeps its own.
--   * create_recovery_codes() makes 10 one-time codes `xxxxx-xxxxx` from the unambiguous alphabet (no 0/o, 1/i/l),
--     in lower case, replacing any earlier set. It needs an aal2 session (or a passkey, see private.is_aal2) and a
--     verified factor: codes only make sense as a way back past a factor, and making them must itself be proven.
--     The codes are shown once; only SHA-256 of "<user_id>:<code>" is kept, in private.recovery_codes, which no
--     client role can reach;
--   * recovery_codes_left() says how many are unused (null: never made, or cleared by a recovery);
--   * redeem_recovery_code(user_id, code) is for the mfa-recovery edge function (service role) only. A right code
--     is spent, the user's MFA factors are removed (they set one up again) and the rest of their codes cleared, in
--     one transaction. It answers refusals as a value and commits, like redeem_access_code of 20261124110600, so a
--     wrong code is counted although it is refused: code_invalid (400, wrong and used codes alike) and
--     rate_limited (429) after 10 wrong codes per user in a rolling hour, in private.recovery_code_attempts
--     (the access codes' limit of PRODUCT.md §9, counted apart from them).
-- Constant time: the code is never compared with anything; its hash is looked up through the primary key.
-- ============================================================================================================

create table private.recovery_codes (
  user_id uuid not null references auth.users (id) on delete cascade,
  code_hash bytea not null,
  used_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (user_id, code_hash),
  constraint recovery_codes_code_hash_length check (octet_length(code_hash) = 32)
);

comment on table private.recovery_codes is
  'One-time MFA recovery codes, as SHA-256 of "<user_id>:<code>" (code in lower case, without the dash). Reached only through create_recovery_codes, recovery_codes_left and redeem_recovery_code.';
comment on column private.recovery_codes.used_at is 'When the code was spent; a spent code answers code_invalid like a wrong one.';

alter table private.recovery_codes enable row level security;
revoke all on private.recovery_codes from public, anon, authenticated;

create table private.recovery_code_attempts (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  attempted_at timestamptz not null default now()
);

comment on table private.recovery_code_attempts is
  'Wrong recovery codes of the last hour, per user: at most 10 per rolling hour (PRODUCT.md §9), kept in the database so the limit holds across function instances. Right codes are not recorded.';

create index recovery_code_attempts_user_id_attempted_at_idx on private.recovery_code_attempts (user_id, attempted_at);

alter table private.recovery_code_attempts enable row level security;
revoke all on private.recovery_code_attempts from public, anon, authenticated;

-- ------------------------------------------------------------------------------------------------------------
-- Hashing and making codes
-- ------------------------------------------------------------------------------------------------------------

create function private.recovery_code_hash(user_id uuid, code text)
returns bytea
language sql
immutable
set search_path = ''
as $$
  -- What people type is forgiven its case, spaces and dashes.
  select extensions.digest(
    convert_to(user_id::text || ':' || lower(regexp_replace(coalesce(code, ''), '[\s-]', '', 'g')), 'UTF8'),
    'sha256'
  );
$$;

comment on function private.recovery_code_hash(uuid, text) is
  'SHA-256 of "<user_id>:<code>", the code in lower case without spaces or dashes.';

revoke all on function private.recovery_code_hash(uuid, text) from public;

create function private.new_recovery_code()
returns text
language sql
volatile
set search_path = ''
as $$
  select lower(substr(c, 1, 5) || '-' || substr(c, 6, 5)) from private.unambiguous_code(10) as c;
$$;

comment on function private.new_recovery_code() is
  'A recovery code: 10 characters of the unambiguous alphabet in lower case, as xxxxx-xxxxx (49.5 bits).';

revoke all on function private.new_recovery_code() from public;

create function private.has_verified_factor(user_id uuid)
returns boolean
language sql
stable
-- Definer: auth.mfa_factors is readable by no client role.
security definer
set search_path = ''
as $$
  select exists (
    select 1 from auth.mfa_factors f where f.user_id = has_verified_factor.user_id and f.status = 'verified'
  );
$$;

comment on function private.has_verified_factor(uuid) is 'True when the user has a verified MFA factor (TOTP, phone or WebAuthn).';

revoke all on function private.has_verified_factor(uuid) from public, anon, authenticated;
grant execute on function private.has_verified_factor(uuid) to service_role;

-- ------------------------------------------------------------------------------------------------------------
-- The calls
-- ------------------------------------------------------------------------------------------------------------

create function public.create_recovery_codes()
returns text[]
language plpgsql
volatile
-- Definer: private.recovery_codes and auth.mfa_factors are reachable by no client role.
security definer
set search_path = ''
as $$
declare
  viewer uuid := (select auth.uid());
  codes text[] := '{}';
  code text;
begin
  if viewer is null then
    perform private.raise_api_error('not_signed_in', 'Sign in to make recovery codes.', 401);
  end if;
  if not private.is_aal2() or not private.has_verified_factor(viewer) then
    perform private.raise_api_error(
      'aal2_required', 'Making recovery codes needs a verified second factor and a session verified with it.', 403
    );
  end if;
  delete from private.recovery_codes r where r.user_id = viewer;
  while coalesce(array_length(codes, 1), 0) < 10 loop
    code := private.new_recovery_code();
    insert into private.recovery_codes (user_id, code_hash)
    values (viewer, private.recovery_code_hash(viewer, code))
    on conflict do nothing;
    if found then
      codes := codes || code;
    end if;
  end loop;
  return codes;
end;
$$;

comment on function public.create_recovery_codes() is
  'Makes 10 one-time recovery codes (xxxxx-xxxxx) for the caller, replacing any earlier set, and answers them once; only their hashes are kept. Needs an aal2 or passkey session and a verified factor. Errors: not_signed_in 401, aal2_required 403.';

create function public.recovery_codes_left()
returns integer
language plpgsql
stable
-- Definer: private.recovery_codes is reachable by no client role; only the caller's own codes are counted.
security definer
set search_path = ''
as $$
declare
  viewer uuid := (select auth.uid());
begin
  if viewer is null then
    perform private.raise_api_error('not_signed_in', 'Sign in to see your recovery codes.', 401);
  end if;
  return (
    select case when count(*) = 0 then null else (count(*) filter (where r.used_at is null))::integer end
    from private.recovery_codes r
    where r.user_id = viewer
  );
end;
$$;

comment on function public.recovery_codes_left() is
  'How many of the caller''s recovery codes are unused; null when none were made (or a recovery cleared them). Errors: not_signed_in 401.';

create function public.redeem_recovery_code(user_id uuid, code text)
returns jsonb
language plpgsql
volatile
-- Definer: reads the hashes, counts attempts and removes Auth factors, none of which any client role may; it acts
-- for the user id the mfa-recovery function passes after Auth vouched for it.
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  learner uuid := redeem_recovery_code.user_id;
  recent integer;
  oldest timestamptz;
  removed integer;
begin
  -- One attempt at a time per user, so ten parallel guesses cannot all pass the count below.
  perform pg_advisory_xact_lock(hashtextextended('recovery-code-attempts:' || learner::text, 0));
  delete from private.recovery_code_attempts a where a.user_id = learner and a.attempted_at <= now() - interval '1 hour';
  select count(*), min(a.attempted_at) into recent, oldest from private.recovery_code_attempts a where a.user_id = learner;
  if recent >= 10 then
    return private.redeem_error(
      'rate_limited', 'Too many wrong recovery codes. Try again in a while.', 429,
      jsonb_build_object('retry_after_s', greatest(1, ceil(extract(epoch from oldest + interval '1 hour' - now())))::integer)
    );
  end if;

  -- A wrong code, a spent one, an overlong one and one of a user without a factor left to remove answer alike.
  update private.recovery_codes r set used_at = now()
  where r.user_id = learner
    and r.code_hash = private.recovery_code_hash(learner, left(coalesce(redeem_recovery_code.code, ''), 64))
    and r.used_at is null
    and char_length(coalesce(redeem_recovery_code.code, '')) <= 64
    and private.has_verified_factor(learner);
  if not found then
    if exists (select 1 from auth.users u where u.id = learner) then
      insert into private.recovery_code_attempts (user_id) values (learner);
    end if;
    return private.redeem_error('code_invalid', 'That recovery code is not valid. Check it and try again.', 400);
  end if;

  delete from auth.mfa_factors f where f.user_id = learner;
  get diagnostics removed = row_count;
  -- The factors are gone, so are the codes that stood in for them; the next factor comes with a new set.
  delete from private.recovery_codes r where r.user_id = learner;
  return jsonb_build_object('factors_removed', removed);
end;
$$;

comment on function public.redeem_recovery_code(uuid, text) is
  'For the mfa-recovery function (service role) only: spends one of user_id''s recovery codes, removes all their MFA factors and clears their codes. Returns { factors_removed } or { error: { code, message, status } } with code_invalid 400 (wrong or used) or rate_limited 429 (10 wrong codes in the last hour, with retry_after_s).';

revoke all on function public.create_recovery_codes() from public, anon;
revoke all on function public.recovery_codes_left() from public, anon;
revoke all on function public.redeem_recovery_code(uuid, text) from public, anon, authenticated;
grant execute on function public.create_recovery_codes() to authenticated;
grant execute on function public.recovery_codes_left() to authenticated;
grant execute on function public.redeem_recovery_code(uuid, text) to service_role;
