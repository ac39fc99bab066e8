-- ============================================================================================================
-- The instructor analytics page's three calls (/studio/courses/$courseId/analytics), each answering for the
-- learners a filter selects (a cohort, an enrollment date range [enrolled_from, enrolled_to)):
--   * course_analytics_funnel: enrolled -> started -> 25/50/75 % -> completed -> certified;
--   * course_analytics_lessons: per lesson, where learners are (still working, or idle for 7 days: stopped) and
--     the median time of those who completed it (the time histogram is kept per cohort, so the date range does
--     not narrow the median; the page says so);
--   * course_analytics_at_risk: active learners without activity for 7 days, with their last lesson.
-- Only the course's instructors (course_instructors) and the owners of its school get answers; everyone else
-- gets not_signed_in or forbidden, for any course id alike. Numbers are read live from enrollments, certificates
-- and the aggregates of 20261125110100, so nothing is ever stale.
-- ============================================================================================================

create function private.can_view_course_analytics(target_course uuid)
returns boolean
language sql
stable
-- Definer: asked by the analytics calls and by the Realtime policy of the course's analytics channel, whatever
-- the caller may read of course_instructors and school_members.
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.course_instructors i
    where i.course_id = target_course and i.user_id = (select auth.uid())
  ) or exists (
    select 1 from public.courses c
    join public.school_members m on m.school_id = c.school_id
    where c.id = target_course and m.user_id = (select auth.uid()) and m.role = 'owner'
  );
$$;

comment on function private.can_view_course_analytics(uuid) is
  'True when the requesting user teaches the course (course_instructors) or owns its school.';

revoke execute on function private.can_view_course_analytics(uuid) from public, anon;
grant execute on function private.can_view_course_analytics(uuid) to authenticated, service_role;

create function private.require_analytics_viewer(course uuid, cohort uuid, enrolled_from timestamptz, enrolled_to timestamptz)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    perform private.raise_api_error('not_signed_in', 'Sign in to see this course''s analytics.', 401);
  end if;
  if course is null or not private.can_view_course_analytics(course) then
    perform private.raise_api_error('forbidden', 'Only the course''s instructors and the school''s owners can see its analytics.', 403);
  end if;
  perform private.raise_unless_valid(jsonb_strip_nulls(jsonb_build_object(
    'cohort_id', case when cohort is not null and not exists (
        select 1 from public.cohorts c where c.id = cohort and c.course_id = course
      ) then 'Choose a cohort of this course.' end,
    'enrolled_to', case when enrolled_from >= enrolled_to then 'The end of the range must be after its start.' end
  )));
end;
$$;

comment on function private.require_analytics_viewer(uuid, uuid, timestamptz, timestamptz) is
  'Raises not_signed_in (401), forbidden (403) or validation_failed (422) unless the caller may see the course''s analytics with these filters.';

revoke execute on function private.require_analytics_viewer(uuid, uuid, timestamptz, timestamptz) from public, anon;
grant execute on function private.require_analytics_viewer(uuid, uuid, timestamptz, timestamptz) to authenticated;

-- At-risk lists and "stopped" counts read enrollments by course, status and last activity.
create index enrollments_course_id_status_last_activity_idx
  on public.enrollments (course_id, status, last_activity_at);

-- ------------------------------------------------------------------------------------------------------------
-- The funnel
-- ------------------------------------------------------------------------------------------------------------

create function public.course_analytics_funnel(
  course_id uuid,
  cohort_id uuid default null,
  enrolled_from timestamptz default null,
  enrolled_to timestamptz default null
)
returns table (
  lessons_total integer,
  enrolled integer,
  started integer,
  quarter integer,
  half integer,
  three_quarters integer,
  completed integer,
  certified integer
)
language plpgsql
stable
-- Definer: the aggregates are private and learners' certificates are their own; the check below limits the
-- answer to the course's instructors and the school's owners.
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  course uuid := course_analytics_funnel.course_id;
  cohort uuid := course_analytics_funnel.cohort_id;
  total integer;
begin
  perform private.require_analytics_viewer(course, cohort, enrolled_from, enrolled_to);
  select count(*) into total from public.lessons l where l.course_id = course;

  -- A completed enrollment stays in every step even if lessons were added after it finished.
  return query
  select
    total,
    count(*)::integer,
    (count(*) filter (where s.lessons_started > 0))::integer,
    (count(*) filter (where e.status = 'completed' or (total > 0 and 4 * s.lessons_completed >= total)))::integer,
    (count(*) filter (where e.status = 'completed' or (total > 0 and 2 * s.lessons_completed >= total)))::integer,
    (count(*) filter (where e.status = 'completed' or (total > 0 and 4 * s.lessons_completed >= 3 * total)))::integer,
    (count(*) filter (where e.status = 'completed'))::integer,
    (count(*) filter (where c.id is not null))::integer
  from public.enrollments e
  left join private.course_learner_stats s on s.course_id = e.course_id and s.user_id = e.user_id
  left join public.certificates c on c.course_id = e.course_id and c.user_id = e.user_id and c.revoked_at is null
  where e.course_id = course and e.status in ('active', 'completed')
    and (cohort is null or e.cohort_id = cohort)
    and (enrolled_from is null or e.enrolled_at >= enrolled_from)
    and (enrolled_to is null or e.enrolled_at < enrolled_to);
end;
$$;

comment on function public.course_analytics_funnel(uuid, uuid, timestamptz, timestamptz) is
  'Analytics funnel of the selected learners (active and completed enrollments): enrolled, started (any progress), at least 25/50/75 % of lessons completed, completed, certified (a certificate not revoked). Course instructors and school owners only; not_signed_in 401, forbidden 403, validation_failed 422.';

revoke execute on function public.course_analytics_funnel(uuid, uuid, timestamptz, timestamptz) from public, anon;
grant execute on function public.course_analytics_funnel(uuid, uuid, timestamptz, timestamptz) to authenticated;

-- ------------------------------------------------------------------------------------------------------------
-- Per lesson: where learners are and stop, median time
-- ------------------------------------------------------------------------------------------------------------

create function public.course_analytics_lessons(
  course_id uuid,
  cohort_id uuid default null,
  enrolled_from timestamptz default null,
  enrolled_to timestamptz default null
)
returns table (
  lesson_id uuid,
  lesson_number integer,
  lesson_title text,
  section_title text,
  working integer,
  stopped integer,
  completed_learners integer,
  median_seconds integer
)
language plpgsql
stable
-- Definer: as course_analytics_funnel.
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  course uuid := course_analytics_lessons.course_id;
  cohort uuid := course_analytics_lessons.cohort_id;
begin
  perform private.require_analytics_viewer(course, cohort, enrolled_from, enrolled_to);

  return query
  with here as (
    -- Learners who have not finished, at the lesson they last worked on: still working (active in the last 7
    -- days) or stopped there (idle for 7 days: at risk).
    select
      e.last_lesson_id as lesson_id,
      count(*) filter (where e.last_activity_at >= now() - interval '7 days') as working,
      count(*) filter (where e.last_activity_at < now() - interval '7 days') as stopped
    from public.enrollments e
    where e.course_id = course and e.status = 'active' and e.last_lesson_id is not null
      and (cohort is null or e.cohort_id = cohort)
      and (enrolled_from is null or e.enrolled_at >= enrolled_from)
      and (enrolled_to is null or e.enrolled_at < enrolled_to)
    group by 1
  ), buckets as (
    select h.lesson_id, h.bucket, sum(h.learners) as n
    from private.lesson_time_histogram h
    where h.course_id = course and (cohort is null or h.cohort_key = cohort) and h.learners > 0
    group by 1, 2
  ), running as (
    select b.lesson_id, b.bucket,
      sum(b.n) over (partition by b.lesson_id order by b.bucket) as below,
      sum(b.n) over (partition by b.lesson_id) as total
    from buckets b
  ), medians as (
    -- The lower median: the first bucket holding half of the learners.
    select distinct on (r.lesson_id) r.lesson_id, r.total, private.time_bucket_middle(r.bucket) as seconds
    from running r
    where 2 * r.below >= r.total
    order by r.lesson_id, r.bucket
  )
  select
    l.id,
    (row_number() over (order by s.position, l.position))::integer,
    l.title,
    s.title,
    coalesce(here.working, 0)::integer,
    coalesce(here.stopped, 0)::integer,
    coalesce(m.total, 0)::integer,
    m.seconds
  from public.lessons l
  join public.course_sections s on s.id = l.section_id
  left join here on here.lesson_id = l.id
  left join medians m on m.lesson_id = l.id
  where l.course_id = course
  order by s.position, l.position;
end;
$$;

comment on function public.course_analytics_lessons(uuid, uuid, timestamptz, timestamptz) is
  'Per lesson in course order: selected learners still working on it or stopped there (idle 7 days, not finished), learners who completed it and their median time in seconds (middle of a 10 s / 5 min bucket; by cohort only). Course instructors and school owners only.';

revoke execute on function public.course_analytics_lessons(uuid, uuid, timestamptz, timestamptz) from public, anon;
grant execute on function public.course_analytics_lessons(uuid, uuid, timestamptz, timestamptz) to authenticated;

-- ------------------------------------------------------------------------------------------------------------
-- At-risk learners
-- ------------------------------------------------------------------------------------------------------------

create function public.course_analytics_at_risk(
  course_id uuid,
  cohort_id uuid default null,
  enrolled_from timestamptz default null,
  enrolled_to timestamptz default null,
  page_size integer default 50
)
returns table (
  enrollment_id uuid,
  user_id uuid,
  display_name text,
  enrolled_at timestamptz,
  last_activity_at timestamptz,
  last_lesson_id uuid,
  last_lesson_title text,
  lessons_completed integer,
  lessons_total integer,
  total_count integer
)
language plpgsql
stable
-- Definer: learners' profiles are not readable by instructors who share no school with them; as the roster
-- (course_learners), the check below limits the answer to the course's staff.
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  course uuid := course_analytics_at_risk.course_id;
  cohort uuid := course_analytics_at_risk.cohort_id;
  total integer;
begin
  perform private.require_analytics_viewer(course, cohort, enrolled_from, enrolled_to);
  perform private.raise_unless_valid(jsonb_strip_nulls(jsonb_build_object(
    'page_size', case when page_size is null or page_size not between 1 and 500 then 'Ask for 1 to 500 rows.' end
  )));
  select count(*) into total from public.lessons l where l.course_id = course;

  -- At risk (PRODUCT.md §9): not finished and no progress for 7 days (or never any, enrolled 7 days ago).
  -- Most recently idle first: the learners a message is most likely to bring back.
  return query
  select e.id, e.user_id, p.display_name, e.enrolled_at, e.last_activity_at, e.last_lesson_id, l.title,
    coalesce(s.lessons_completed, 0), total, (count(*) over ())::integer
  from public.enrollments e
  join public.profiles p on p.id = e.user_id
  left join public.lessons l on l.id = e.last_lesson_id
  left join private.course_learner_stats s on s.course_id = e.course_id and s.user_id = e.user_id
  where e.course_id = course and e.status = 'active'
    and coalesce(e.last_activity_at, e.enrolled_at) < now() - interval '7 days'
    and (cohort is null or e.cohort_id = cohort)
    and (enrolled_from is null or e.enrolled_at >= enrolled_from)
    and (enrolled_to is null or e.enrolled_at < enrolled_to)
  order by coalesce(e.last_activity_at, e.enrolled_at) desc, e.id
  limit page_size;
end;
$$;

comment on function public.course_analytics_at_risk(uuid, uuid, timestamptz, timestamptz, integer) is
  'Selected learners who have not finished and have had no activity for 7 days (most recently idle first), with their last lesson and lessons completed; total_count on every row. Course instructors and school owners only.';

revoke execute on function public.course_analytics_at_risk(uuid, uuid, timestamptz, timestamptz, integer) from public, anon;
grant execute on function public.course_analytics_at_risk(uuid, uuid, timestamptz, timestamptz, integer) to authenticated;
