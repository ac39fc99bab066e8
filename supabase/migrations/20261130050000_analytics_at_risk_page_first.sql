-- ============================================================================================================
-- course_analytics_at_risk at 100,000 learners: the page is chosen from enrollments alone (the filter, the order
-- and the total), and only its rows (50 by default) are then joined to profiles, lessons and the learner stats.
-- Before, every idle learner of the selection (a third of a large course: about 33,000 rows) was joined to all
-- three before the limit. Same rows in the same order with the same total_count: every enrollment has its
-- learner's profile (enrollments.user_id references profiles), so the inner join never dropped a row.
-- ============================================================================================================

create or replace function public.course_analytics_at_risk(
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
  with page as (
    select e.id, e.user_id, e.enrolled_at, e.last_activity_at, e.last_lesson_id,
      coalesce(e.last_activity_at, e.enrolled_at) as idle_since, (count(*) over ())::integer as selected
    from public.enrollments e
    where e.course_id = course and e.status = 'active'
      and coalesce(e.last_activity_at, e.enrolled_at) < now() - interval '7 days'
      and (cohort is null or e.cohort_id = cohort)
      and (enrolled_from is null or e.enrolled_at >= enrolled_from)
      and (enrolled_to is null or e.enrolled_at < enrolled_to)
    order by idle_since desc, e.id
    limit page_size
  )
  select pg.id, pg.user_id, p.display_name, pg.enrolled_at, pg.last_activity_at, pg.last_lesson_id, l.title,
    coalesce(s.lessons_completed, 0), total, pg.selected
  from page pg
  join public.profiles p on p.id = pg.user_id
  left join public.lessons l on l.id = pg.last_lesson_id
  left join private.course_learner_stats s on s.course_id = course and s.user_id = pg.user_id
  order by pg.idle_since desc, pg.id;
end;
$$;

comment on function public.course_analytics_at_risk(uuid, uuid, timestamptz, timestamptz, integer) is
  'Selected learners who have not finished and have had no activity for 7 days (most recently idle first), with their last lesson and lessons completed; total_count on every row. Course instructors and school owners only.';
