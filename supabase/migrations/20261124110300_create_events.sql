-- ============================================================================================================
-- Events (PRODUCT.md §3): live sessions and deadlines of a course, for the whole course or for one cohort. The
-- school's members plan them; enrolled learners read the course-wide ones and those of their own cohort (the
-- course page lists them; the calendar and its iCal feed come later).
-- ============================================================================================================

create type public.event_kind as enum ('live', 'deadline');
comment on type public.event_kind is 'live: a session with a start, an end and usually a join URL; deadline: a moment.';

create table public.events (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  cohort_id uuid,
  kind public.event_kind not null,
  title text not null,
  starts_at timestamptz not null,
  ends_at timestamptz,
  join_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint events_cohort_fkey foreign key (course_id, cohort_id)
    references public.cohorts (course_id, id) on delete cascade,
  constraint events_title_length check (title = btrim(title) and char_length(title) between 1 and 120),
  constraint events_live_has_end check (kind <> 'live' or ends_at is not null),
  constraint events_deadline_is_a_moment check (kind <> 'deadline' or (ends_at is null and join_url is null)),
  constraint events_ends_after_start check (ends_at is null or ends_at > starts_at),
  -- Only web links, so a join button cannot run javascript: or open a local file.
  constraint events_join_url_format check (
    join_url is null or (join_url ~ '^https?://[^\s/]+(/\S*)?$' and char_length(join_url) <= 2000)
  )
);

comment on table public.events is 'Live sessions and deadlines of a course, course-wide or for one cohort.';
comment on column public.events.cohort_id is 'The cohort the event is for; null: every learner of the course.';
comment on column public.events.ends_at is 'End of a live session (required); null for deadlines.';
comment on column public.events.join_url is 'Where a live session happens (http or https); none for deadlines.';

create index events_course_id_starts_at_idx on public.events (course_id, starts_at);
create index events_course_id_cohort_id_idx on public.events (course_id, cohort_id);

create trigger events_set_updated_at
  before update on public.events
  for each row execute function private.set_updated_at();

-- ------------------------------------------------------------------------------------------------------------
-- Grants and row-level security
-- ------------------------------------------------------------------------------------------------------------

alter table public.events enable row level security;

revoke all on public.events from anon, authenticated;
grant select, delete on public.events to authenticated;
grant insert (course_id, cohort_id, kind, title, starts_at, ends_at, join_url) on public.events to authenticated;
grant update (cohort_id, kind, title, starts_at, ends_at, join_url) on public.events to authenticated;

create policy events_select_authenticated on public.events
  for select to authenticated
  using (
    private.is_course_member(course_id)
    or (private.is_enrolled(course_id) and (cohort_id is null or private.is_cohort_learner(cohort_id)))
  );
comment on policy events_select_authenticated on public.events is
  'Members of the course''s school read its events; enrolled learners read the course-wide ones and their cohort''s.';

create policy events_insert_member on public.events
  for insert to authenticated
  with check (private.is_course_member(course_id));
comment on policy events_insert_member on public.events is 'Members of the course''s school plan its events.';

create policy events_update_member on public.events
  for update to authenticated
  using (private.is_course_member(course_id))
  with check (private.is_course_member(course_id));
comment on policy events_update_member on public.events is 'Members of the course''s school change its events.';

create policy events_delete_member on public.events
  for delete to authenticated
  using (private.is_course_member(course_id));
comment on policy events_delete_member on public.events is 'Members of the course''s school cancel its events.';
