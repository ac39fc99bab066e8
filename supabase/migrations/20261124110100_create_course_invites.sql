-- ============================================================================================================
-- Invite links (PRODUCT.md §3, §5): /invite/<token> lets whoever holds the token into a course, optionally into a
-- cohort, until it expires, runs out of uses or is revoked, optionally only for some email domains. The token is
-- 32 random bytes (base64url) shown once to the instructor who creates it; only its SHA-256 is stored, and no
-- client role can read even that. Invites are created and revoked through the calls of 20261124110200 and
-- redeemed by the enroll function (20261124110500).
-- ============================================================================================================

create function private.are_email_domains(domains text[])
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(bool_and(
    d ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$' and char_length(d) <= 253
  ), true)
  from unnest(domains) as d;
$$;

comment on function private.are_email_domains(text[]) is
  'True when every element is a lowercase DNS domain name with at least two labels (example.com, mail.example.org).';

grant execute on function private.are_email_domains(text[]) to authenticated, service_role;

create table public.course_invites (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  cohort_id uuid,
  token_hash bytea not null,
  expires_at timestamptz not null default now() + interval '14 days',
  max_uses integer not null default 1,
  uses integer not null default 0,
  allowed_email_domains text[],
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  revoked_at timestamptz,
  created_at timestamptz not null default now(),
  constraint course_invites_token_hash_key unique (token_hash),
  constraint course_invites_token_hash_length check (octet_length(token_hash) = 32),
  constraint course_invites_cohort_fkey foreign key (course_id, cohort_id)
    references public.cohorts (course_id, id) on delete cascade,
  constraint course_invites_expires_after_creation check (expires_at > created_at),
  constraint course_invites_max_uses_range check (max_uses between 1 and 100000),
  constraint course_invites_uses_range check (uses between 0 and max_uses),
  constraint course_invites_domains_valid check (
    allowed_email_domains is null or (
      cardinality(allowed_email_domains) between 1 and 20
      and private.are_email_domains(allowed_email_domains)
    )
  )
);

comment on table public.course_invites is
  'Invite links of a course. The token is shown once when created; only its SHA-256 is kept, readable by no client role.';
comment on column public.course_invites.cohort_id is 'The cohort an accepted invite puts the learner in; null: none.';
comment on column public.course_invites.token_hash is 'SHA-256 of the token''s text (base64url of 32 random bytes). Never granted to clients.';
comment on column public.course_invites.expires_at is 'After this the link answers invite_expired (410). Default 14 days.';
comment on column public.course_invites.max_uses is 'How many learners the link enrolls (default 1); then invite_used_up (409).';
comment on column public.course_invites.uses is 'Learners enrolled through the link, counted atomically by the enroll path.';
comment on column public.course_invites.allowed_email_domains is
  'Lowercase domains the accepting user''s confirmed email must be at (exactly, no subdomains); null: anyone.';
comment on column public.course_invites.revoked_at is 'Set by revoke_course_invite; a revoked link answers invite_invalid (404).';

create index course_invites_course_id_idx on public.course_invites (course_id, created_at desc);
create index course_invites_course_id_cohort_id_idx on public.course_invites (course_id, cohort_id);
create index course_invites_created_by_idx on public.course_invites (created_by);

-- ------------------------------------------------------------------------------------------------------------
-- Grants and row-level security
-- ------------------------------------------------------------------------------------------------------------

alter table public.course_invites enable row level security;

-- Every column but token_hash, for the learners page. No insert or update: the token must come from the
-- database's random generator and be returned once (create_course_invite), and revoking stamps the database's
-- clock (revoke_course_invite). Clients therefore name columns when reading (`select=*` includes token_hash and
-- is refused).
revoke all on public.course_invites from anon, authenticated;
grant select (
  id, course_id, cohort_id, expires_at, max_uses, uses, allowed_email_domains, created_by, revoked_at, created_at
) on public.course_invites to authenticated;
grant delete on public.course_invites to authenticated;

create policy course_invites_select_member on public.course_invites
  for select to authenticated
  using (private.is_course_member(course_id));
comment on policy course_invites_select_member on public.course_invites is
  'Members of the course''s school list its invite links (without their hashes: see the column grant).';

create policy course_invites_delete_member on public.course_invites
  for delete to authenticated
  using (private.is_course_member(course_id));
comment on policy course_invites_delete_member on public.course_invites is
  'Members of the course''s school delete an invite link; learners it enrolled stay enrolled.';
