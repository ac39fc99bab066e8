-- ============================================================================================================
-- Access codes (PRODUCT.md §3, §5): 8 characters from an alphabet without 0/O/1/I/L, typed on a course page. Only
-- a SHA-256 of the course id and the code is stored (the course id in it means equal codes of two courses do not
-- share a hash), readable by no client role. Codes are created and revoked through the calls of 20261124110500
-- and redeemed by the enroll function, which counts attempts in private.code_attempts: at most 10 failed attempts
-- per user per hour (PRODUCT.md §9), whichever function instance answers.
-- ============================================================================================================

create table public.access_codes (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  cohort_id uuid,
  code_hash bytea not null,
  max_uses integer,
  uses integer not null default 0,
  expires_at timestamptz,
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  revoked_at timestamptz,
  created_at timestamptz not null default now(),
  constraint access_codes_course_id_code_hash_key unique (course_id, code_hash),
  constraint access_codes_code_hash_length check (octet_length(code_hash) = 32),
  constraint access_codes_cohort_fkey foreign key (course_id, cohort_id)
    references public.cohorts (course_id, id) on delete cascade,
  constraint access_codes_expires_after_creation check (expires_at is null or expires_at > created_at),
  constraint access_codes_max_uses_range check (max_uses is null or max_uses between 1 and 100000),
  constraint access_codes_uses_range check (uses >= 0 and (max_uses is null or uses <= max_uses))
);

comment on table public.access_codes is
  'Access codes of a course. The code is shown once when created; only a hash is kept, readable by no client role.';
comment on column public.access_codes.cohort_id is 'The cohort a redeemed code puts the learner in; null: none.';
comment on column public.access_codes.code_hash is
  'SHA-256 of "<course_id>:<CODE>" (the code in capitals). Never granted to clients.';
comment on column public.access_codes.max_uses is 'How many learners the code enrolls; null: no limit.';
comment on column public.access_codes.uses is 'Learners enrolled with the code, counted atomically by the enroll path.';
comment on column public.access_codes.expires_at is 'After this the code answers code_invalid like an unknown one; null: never.';
comment on column public.access_codes.revoked_at is 'Set by revoke_access_code; a revoked code answers code_invalid.';

create index access_codes_course_id_created_at_idx on public.access_codes (course_id, created_at desc);
create index access_codes_course_id_cohort_id_idx on public.access_codes (course_id, cohort_id);
create index access_codes_created_by_idx on public.access_codes (created_by);

alter table public.access_codes enable row level security;

-- As for invites: every column but the hash; created and revoked only through the calls, deleted by members.
revoke all on public.access_codes from anon, authenticated;
grant select (
  id, course_id, cohort_id, max_uses, uses, expires_at, created_by, revoked_at, created_at
) on public.access_codes to authenticated;
grant delete on public.access_codes to authenticated;

create policy access_codes_select_member on public.access_codes
  for select to authenticated
  using (private.is_course_member(course_id));
comment on policy access_codes_select_member on public.access_codes is
  'Members of the course''s school list its access codes (without their hashes: see the column grant).';

create policy access_codes_delete_member on public.access_codes
  for delete to authenticated
  using (private.is_course_member(course_id));
comment on policy access_codes_delete_member on public.access_codes is
  'Members of the course''s school delete an access code; learners it enrolled stay enrolled.';

-- ------------------------------------------------------------------------------------------------------------
-- Attempts, for the rate limit
-- ------------------------------------------------------------------------------------------------------------

create table private.code_attempts (
  id bigint generated always as identity primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  course_id uuid references public.courses (id) on delete set null,
  attempted_at timestamptz not null default now()
);

comment on table private.code_attempts is
  'Failed access-code attempts of the last hour, per user: the rate limit of PRODUCT.md §9 (10 per hour), kept in the database so it survives restarts and holds across function instances. Successful redemptions are not recorded.';

create index code_attempts_user_id_attempted_at_idx on private.code_attempts (user_id, attempted_at);
create index code_attempts_course_id_idx on private.code_attempts (course_id);

-- Not reachable through the Data API (private schema); only the redeem function (definer) touches it.
alter table private.code_attempts enable row level security;
revoke all on private.code_attempts from public, anon, authenticated;
