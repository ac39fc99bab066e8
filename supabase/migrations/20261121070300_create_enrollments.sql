-- ============================================================================================================
-- Enrollments: who learns in which course. Created only by the `enroll` edge function (service role) or by
-- instructor actions through functions; never inserted by clients directly. Learners read their own; the course's
-- school members read them and manage their status.
-- ============================================================================================================

create type public.enrollment_source as enum ('open', 'invite', 'code', 'manual');
comment on type public.enrollment_source is 'The path the learner came in by; manual: added by an instructor.';

create type public.enrollment_status as enum ('active', 'completed', 'removed');
comment on type public.enrollment_status is 'active -> completed (every required lesson done) -> removed (by an instructor, with a second factor).';

create table public.enrollments (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  cohort_id uuid,
  source public.enrollment_source not null default 'open',
  status public.enrollment_status not null default 'active',
  enrolled_at timestamptz not null default now(),
  completed_at timestamptz,
  last_lesson_id uuid references public.lessons (id) on delete set null,
  last_activity_at timestamptz,
  -- Re-enrolling is a no-op that returns the existing row: one enrollment per learner and course.
  constraint enrollments_course_user_key unique (course_id, user_id),
  constraint enrollments_completed_at_set check (status <> 'completed' or completed_at is not null)
);

comment on table public.enrollments is 'A learner''s place in a course. Never inserted by clients: see the enroll function.';
comment on column public.enrollments.cohort_id is 'The cohort the learner joined (M2; the cohorts table adds the foreign key).';
comment on column public.enrollments.source is 'How the learner enrolled.';
comment on column public.enrollments.status is 'active and completed learners read the content; removed ones do not.';
comment on column public.enrollments.enrolled_at is 'Start of drip release (release_offset_days) when there is no cohort.';
comment on column public.enrollments.completed_at is 'When the last required lesson was completed.';
comment on column public.enrollments.last_lesson_id is 'The lesson to resume ("Continue learning").';
comment on column public.enrollments.last_activity_at is 'Last progress write; learners idle for 7 days are at risk.';

create index enrollments_user_id_idx on public.enrollments (user_id);
create index enrollments_last_lesson_id_idx on public.enrollments (last_lesson_id);

-- ------------------------------------------------------------------------------------------------------------
-- Helper for policies
-- ------------------------------------------------------------------------------------------------------------

create function private.is_enrolled(target_course uuid)
returns boolean
language sql
stable
-- Definer: policies of other tables (courses, lesson_contents, lesson_progress) ask this whatever the enrollments
-- policies would show, in one indexed lookup.
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.enrollments
    where course_id = target_course and user_id = (select auth.uid()) and status in ('active', 'completed')
  );
$$;

comment on function private.is_enrolled(uuid) is 'True when the requesting user is an active or completed learner of the course.';

grant execute on function private.is_enrolled(uuid) to authenticated, service_role;

-- ------------------------------------------------------------------------------------------------------------
-- Grants and row-level security
-- ------------------------------------------------------------------------------------------------------------

alter table public.enrollments enable row level security;

-- No insert or delete for clients at all; members change the status (remove, reinstate) and nothing else.
revoke all on public.enrollments from anon, authenticated;
grant select on public.enrollments to authenticated;
grant update (status) on public.enrollments to authenticated;

create policy enrollments_select_authenticated on public.enrollments
  for select to authenticated
  using (user_id = (select auth.uid()) or private.is_course_member(course_id));
comment on policy enrollments_select_authenticated on public.enrollments is
  'Learners read their own enrollments; members of the course''s school read its enrollments.';

create policy enrollments_update_member on public.enrollments
  for update to authenticated
  using (private.is_course_member(course_id))
  with check (private.is_course_member(course_id) and (status <> 'removed' or private.is_aal2()));
comment on policy enrollments_update_member on public.enrollments is
  'Members of the course''s school change an enrollment''s status; removing a learner needs a second factor.';

-- Archived courses stay readable to their enrolled learners (PRODUCT.md §4).
alter policy courses_select_authenticated on public.courses
  using (
    status = 'published'
    or private.is_school_member(school_id)
    or (status = 'archived' and private.is_enrolled(id))
  );
comment on policy courses_select_authenticated on public.courses is
  'Signed-in users read published courses; school members also drafts and archived ones; learners their archived ones.';
