-- ============================================================================================================
-- Cohorts: named groups of a course's learners with a start date (PRODUCT.md §3). A learner in a cohort counts
-- drip offsets from the cohort's start (see 20261124110400); instructors move learners between cohorts by updating
-- enrollments.cohort_id, which a composite foreign key keeps inside the enrollment's own course.
-- ============================================================================================================

create table public.cohorts (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  name text not null,
  starts_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint cohorts_name_length check (name = btrim(name) and char_length(name) between 1 and 120),
  constraint cohorts_course_name_key unique (course_id, name),
  -- Target of the composite foreign keys of enrollments, invites, codes and events: a cohort of the same course.
  constraint cohorts_course_id_id_key unique (course_id, id)
);

comment on table public.cohorts is 'A named group of a course''s learners starting together; drip offsets count from its start.';
comment on column public.cohorts.name is 'Unique within the course, trimmed, 1-120 characters (e.g. "March 2027").';
comment on column public.cohorts.starts_at is 'Start of drip release (release_offset_days) for the cohort''s learners.';

create trigger cohorts_set_updated_at
  before update on public.cohorts
  for each row execute function private.set_updated_at();

-- ------------------------------------------------------------------------------------------------------------
-- Enrollments point at a cohort of their own course
-- ------------------------------------------------------------------------------------------------------------

-- MATCH SIMPLE: an enrollment without a cohort (cohort_id null) is not checked. Deleting a cohort keeps its
-- learners enrolled, without a cohort (only cohort_id is set to null, never course_id).
alter table public.enrollments
  add constraint enrollments_cohort_fkey foreign key (course_id, cohort_id)
  references public.cohorts (course_id, id) on delete set null (cohort_id);

create index enrollments_course_id_cohort_id_idx on public.enrollments (course_id, cohort_id);

comment on column public.enrollments.cohort_id is
  'The learner''s cohort, one of the course''s; drip offsets count from its start. Null: no cohort (offsets count from enrolled_at).';

-- Moving a learner between cohorts is an update of cohort_id under enrollments_update_member.
grant update (cohort_id) on public.enrollments to authenticated;

-- ------------------------------------------------------------------------------------------------------------
-- Helper for policies
-- ------------------------------------------------------------------------------------------------------------

create function private.is_cohort_learner(target_cohort uuid)
returns boolean
language sql
stable
-- Definer: the cohorts and events policies ask it whatever the enrollments policies show, in one indexed lookup.
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.enrollments
    where cohort_id = target_cohort and user_id = (select auth.uid()) and status in ('active', 'completed')
  );
$$;

comment on function private.is_cohort_learner(uuid) is 'True when the requesting user is an active or completed learner in the cohort.';

grant execute on function private.is_cohort_learner(uuid) to authenticated, service_role;

create index enrollments_cohort_id_user_id_idx on public.enrollments (cohort_id, user_id);

-- ------------------------------------------------------------------------------------------------------------
-- Grants and row-level security
-- ------------------------------------------------------------------------------------------------------------

alter table public.cohorts enable row level security;

revoke all on public.cohorts from anon, authenticated;
grant select, delete on public.cohorts to authenticated;
grant insert (course_id, name, starts_at) on public.cohorts to authenticated;
grant update (name, starts_at) on public.cohorts to authenticated;

create policy cohorts_select_authenticated on public.cohorts
  for select to authenticated
  using (private.is_course_member(course_id) or private.is_cohort_learner(id));
comment on policy cohorts_select_authenticated on public.cohorts is
  'Members of the course''s school read its cohorts; learners read the cohort they are in.';

create policy cohorts_insert_member on public.cohorts
  for insert to authenticated
  with check (private.is_course_member(course_id));
comment on policy cohorts_insert_member on public.cohorts is 'Members of the course''s school create its cohorts.';

create policy cohorts_update_member on public.cohorts
  for update to authenticated
  using (private.is_course_member(course_id))
  with check (private.is_course_member(course_id));
comment on policy cohorts_update_member on public.cohorts is 'Members of the course''s school rename a cohort or move its start.';

create policy cohorts_delete_member on public.cohorts
  for delete to authenticated
  using (private.is_course_member(course_id));
comment on policy cohorts_delete_member on public.cohorts is
  'Members of the course''s school delete a cohort; its learners stay enrolled without one.';
