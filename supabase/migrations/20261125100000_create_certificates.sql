-- ============================================================================================================
-- Certificates (PRODUCT.md §3, §4): one per learner and course, issued by the database when an enrollment
-- completes in a course with certificates on (see 20261125100100), revoked by the course's staff with a second
-- factor and a reason. The learner reads their own; everyone else verifies by code through verify_certificate.
-- ============================================================================================================

create table public.certificates (
  id uuid primary key default gen_random_uuid(),
  code text not null,
  user_id uuid not null references public.profiles (id) on delete cascade,
  course_id uuid not null references public.courses (id) on delete cascade,
  issued_at timestamptz not null default now(),
  revoked_at timestamptz,
  revoke_reason text,
  snapshot jsonb not null,
  pdf_path text,
  -- Issued exactly once: re-completing (untick and retick, removal and return) never makes a second one.
  constraint certificates_user_course_key unique (user_id, course_id),
  constraint certificates_code_key unique (code),
  -- 10 characters from the access codes' alphabet (no 0/O, 1/I/L): read from paper and typed by hand.
  constraint certificates_code_format check (code ~ '^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{10}$'),
  constraint certificates_revocation_complete check ((revoked_at is null) = (revoke_reason is null)),
  constraint certificates_revoke_reason_length check (
    revoke_reason is null or (revoke_reason = btrim(revoke_reason) and char_length(revoke_reason) between 3 and 500)
  ),
  constraint certificates_snapshot_object check (jsonb_typeof(snapshot) = 'object')
);

comment on table public.certificates is
  'A learner''s certificate for a completed course; issued by the database, never written by clients.';
comment on column public.certificates.code is 'The public verification code (/c/<code>), 10 characters, unambiguous alphabet.';
comment on column public.certificates.issued_at is 'When the enrollment completed (for backfilled certificates: its completed_at).';
comment on column public.certificates.revoked_at is 'When the course''s staff withdrew it; verification then shows it as revoked with this date.';
comment on column public.certificates.revoke_reason is 'Why it was revoked (3-500 characters); for the staff, never shown by verification or to the learner.';
comment on column public.certificates.snapshot is
  'What the certificate says, frozen at issue: learner_name, course_title, school_name, hours, completed_at.';
comment on column public.certificates.pdf_path is 'Object path of the rendered PDF in the private certificates bucket, once rendered.';

create index certificates_course_id_idx on public.certificates (course_id);

-- ------------------------------------------------------------------------------------------------------------
-- Grants and row-level security
-- ------------------------------------------------------------------------------------------------------------

alter table public.certificates enable row level security;

-- No client writes at all; the learner reads their own certificate but not the revocation's reason (as a removed
-- learner does not read why, 20261124135300). Visitors go through verify_certificate only: no listing.
revoke all on public.certificates from anon, authenticated;
grant select (id, code, user_id, course_id, issued_at, revoked_at, snapshot, pdf_path) on public.certificates to authenticated;

create policy certificates_select_owner on public.certificates
  for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy certificates_select_owner on public.certificates is 'Learners read their own certificates.';
