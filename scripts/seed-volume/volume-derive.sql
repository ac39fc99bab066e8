-- Step 3 of `npm run seed:volume` (one transaction, after the progress workers and an ANALYZE): the witnesses'
-- progress through every trigger, then what the triggers would have derived for everyone else, computed once from
-- the rows in set operations. The learner plan (volume-plan.sql) runs before this in the same session.

-- The aggregations below group 10 million rows into millions of groups: in memory rather than spilled to disk.
set local work_mem = '256MB';

-- The witnesses write their progress as save_progress would: one statement per row (after-row triggers run at the
-- end of their statement, so one statement for all the rows would show the first row's triggers the last row),
-- in the order it happened.
do $$
declare
  r record;
begin
  for r in select * from volume_progress_rows where witness order by user_id, updated_at, lesson_id loop
    insert into public.lesson_progress (user_id, lesson_id, course_id, status, position_s, watched_s, completed_at, completed_by, updated_at)
    values (r.user_id, r.lesson_id, r.course_id, r.status, r.position_s, r.watched_s, r.completed_at, r.completed_by, r.updated_at);
  end loop;
end;
$$;

-- From here on, each derived figure is read off the rows (every learner's, the witnesses' included: volume-check.sql
-- compares them with what the triggers made). Lessons required for completion: all but quizzes marked practice.
create temporary table volume_lessons as
select l.id, not exists (select 1 from public.quiz_settings qs where qs.lesson_id = l.id and not qs.required) as required,
  (select count(*) from public.lessons a where a.course_id = l.course_id
     and not exists (select 1 from public.quiz_settings qs where qs.lesson_id = a.id and not qs.required)) as required_total
from public.lessons l
where l.course_id = 'c0000000-0000-4000-8000-00000000f001';

-- Per learner (lesson_progress_apply_write, lesson_progress_analytics): lessons started and completed, the last
-- write (the resume point and last activity), and when the last required lesson was completed, if all were.
create temporary table volume_derived_learners as
select p.user_id,
  count(*)::integer as started,
  (count(*) filter (where p.status = 'completed'))::integer as completed,
  max(p.updated_at) as last_activity_at,
  case when count(*) filter (where p.status = 'completed' and l.required) = min(l.required_total)
    then max(p.updated_at) filter (where p.status = 'completed' and l.required) end as completed_at
from public.lesson_progress p
join volume_lessons l on l.id = p.lesson_id
where p.course_id = 'c0000000-0000-4000-8000-00000000f001'
group by p.user_id;

alter table volume_derived_learners add column last_lesson_id uuid;
-- The last write's lesson: of the rows written last, the one later in the course (the order rows are written in).
update volume_derived_learners d
set last_lesson_id = w.lesson_id
from (
  select p.user_id, (array_agg(p.lesson_id order by p.lesson_id desc))[1] as lesson_id
  from public.lesson_progress p
  join volume_derived_learners d on d.user_id = p.user_id and d.last_activity_at = p.updated_at
  where p.course_id = 'c0000000-0000-4000-8000-00000000f001'
  group by p.user_id
) w
where w.user_id = d.user_id;
analyze volume_derived_learners;

-- Per learner and day in their zone (lesson_progress_apply_write): seconds and lessons completed, from the writes
-- that added either.
create temporary table volume_derived_days as
select p.user_id, (p.updated_at at time zone coalesce(pr.timezone, 'UTC'))::date as day,
  least(sum(p.watched_s), 86400)::integer as seconds,
  (count(*) filter (where p.status = 'completed'))::integer as lessons_completed
from public.lesson_progress p
join public.profiles pr on pr.id = p.user_id
where p.course_id = 'c0000000-0000-4000-8000-00000000f001' and (p.watched_s > 0 or p.status = 'completed')
group by 1, 2;

-- Per learner and week (Monday, in their zone) of the course (lesson_progress_credit_course_week).
create temporary table volume_derived_weeks as
select p.user_id, date_trunc('week', p.updated_at at time zone coalesce(pr.timezone, 'UTC'))::date as week_start,
  least(sum(least(p.watched_s, 604800)), 604800)::integer as seconds
from public.lesson_progress p
join public.profiles pr on pr.id = p.user_id
where p.course_id = 'c0000000-0000-4000-8000-00000000f001' and p.watched_s > 0
group by 1, 2;

-- Per lesson, cohort and time bucket, learners who completed it (lesson_progress_analytics), witnesses apart.
-- Counted by the seconds themselves first, so the bucket functions (not inlined: they set a search_path) run once
-- per distinct time rather than once per row.
create temporary table volume_derived_histogram as
select t.lesson_id, private.cohort_key(t.cohort_id) as cohort_key, private.time_bucket(t.watched_s) as bucket,
  t.witness, sum(t.learners)::integer as learners
from (
  select p.lesson_id, e.cohort_id, p.watched_s, coalesce(v.witness, false) as witness, count(*) as learners
  from public.lesson_progress p
  left join public.enrollments e on e.course_id = p.course_id and e.user_id = p.user_id
  left join volume_learners v on v.id = p.user_id
  where p.course_id = 'c0000000-0000-4000-8000-00000000f001' and p.status = 'completed'
  group by 1, 2, 3, 4
) t
group by 1, 2, 3, 4;

-- Written for everyone but the witnesses, whose triggers wrote theirs. Enrollments without their own triggers
-- (replica role): completing one issues a certificate, done below as that trigger does it.
set local session_replication_role = replica;
update public.enrollments e
set last_lesson_id = d.last_lesson_id,
    last_activity_at = d.last_activity_at,
    status = case when d.completed_at is not null then 'completed' else 'active' end::public.enrollment_status,
    completed_at = d.completed_at
from volume_derived_learners d
join volume_learners v on v.id = d.user_id
where not v.witness and e.course_id = 'c0000000-0000-4000-8000-00000000f001' and e.user_id = d.user_id;

insert into private.course_learner_stats (course_id, user_id, lessons_started, lessons_completed)
select 'c0000000-0000-4000-8000-00000000f001', d.user_id, d.started, d.completed
from volume_derived_learners d
join volume_learners v on v.id = d.user_id
where not v.witness;

-- Daily activity without its achievements trigger, which reads each learner's days one row at a time.
insert into public.daily_activity (user_id, day, seconds, lessons_completed)
select d.user_id, d.day, d.seconds, d.lessons_completed
from volume_derived_days d
join volume_learners v on v.id = d.user_id
where not v.witness;

insert into private.course_week_activity (course_id, user_id, week_start, seconds)
select 'c0000000-0000-4000-8000-00000000f001', d.user_id, d.week_start, d.seconds
from volume_derived_weeks d
join volume_learners v on v.id = d.user_id
where not v.witness;
set local session_replication_role = origin;

insert into private.lesson_time_histogram as h (course_id, lesson_id, cohort_key, bucket, learners)
select 'c0000000-0000-4000-8000-00000000f001', d.lesson_id, d.cohort_key, d.bucket, d.learners
from volume_derived_histogram d
where not d.witness
on conflict (course_id, lesson_id, cohort_key, bucket) do update set learners = h.learners + excluded.learners;

-- enrollments_count_course_learners: one for each enrollment added (all active or completed).
update public.courses
set learner_count = learner_count + (select count(*) from volume_learners where not witness)
where id = 'c0000000-0000-4000-8000-00000000f001';

-- enrollments_issue_certificate: a certificate for each completion (the course has certificates on).
select private.issue_certificate(e.user_id, e.course_id, e.completed_at)
from public.enrollments e
join volume_learners v on v.id = e.user_id and not v.witness
where e.course_id = 'c0000000-0000-4000-8000-00000000f001' and e.status = 'completed';
