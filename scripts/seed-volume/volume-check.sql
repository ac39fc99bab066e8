-- After `npm run seed:volume`'s steps: every figure the triggers keep, as found in the tables, against the same
-- figure read off the progress rows (volume-derive.sql's temporary tables, same session). For the witnesses the
-- tables hold what the triggers made, so a derivation that stops matching the triggers shows up here. One row of
-- mismatch counts (all zero when consistent).
select
  (select count(*) from volume_learners v
   join public.enrollments e on e.course_id = 'c0000000-0000-4000-8000-00000000f001' and e.user_id = v.id
   left join volume_derived_learners d on d.user_id = v.id
   where (e.last_lesson_id, e.last_activity_at, e.completed_at)
           is distinct from (d.last_lesson_id, d.last_activity_at, d.completed_at)
      or e.status <> case when d.completed_at is not null then 'completed' else 'active' end::public.enrollment_status
  )::integer as enrollments,
  (select count(*) from (
     select user_id, lessons_started, lessons_completed from private.course_learner_stats
     where course_id = 'c0000000-0000-4000-8000-00000000f001'
     except all
     select user_id, started, completed from volume_derived_learners) x
  )::integer + (select count(*) from (
     select user_id, started, completed from volume_derived_learners
     except all
     select user_id, lessons_started, lessons_completed from private.course_learner_stats
     where course_id = 'c0000000-0000-4000-8000-00000000f001') x
  )::integer as learner_stats,
  (select count(*) from (
     select h.lesson_id, h.cohort_key, h.bucket, h.learners from private.lesson_time_histogram h
     where h.course_id = 'c0000000-0000-4000-8000-00000000f001' and h.learners > 0
     except all
     select lesson_id, cohort_key, bucket, sum(learners)::integer from volume_derived_histogram group by 1, 2, 3) x
  )::integer + (select count(*) from (
     select lesson_id, cohort_key, bucket, sum(learners)::integer from volume_derived_histogram group by 1, 2, 3
     except all
     select h.lesson_id, h.cohort_key, h.bucket, h.learners from private.lesson_time_histogram h
     where h.course_id = 'c0000000-0000-4000-8000-00000000f001' and h.learners > 0) x
  )::integer as time_histogram,
  (select count(*) from (
     select a.user_id, a.day, a.seconds, a.lessons_completed from public.daily_activity a
     join volume_learners v on v.id = a.user_id
     except all
     select user_id, day, seconds, lessons_completed from volume_derived_days) x
  )::integer + (select count(*) from (
     select user_id, day, seconds, lessons_completed from volume_derived_days
     except all
     select a.user_id, a.day, a.seconds, a.lessons_completed from public.daily_activity a
     join volume_learners v on v.id = a.user_id) x
  )::integer as daily_activity,
  (select count(*) from (
     select user_id, week_start, seconds from private.course_week_activity
     where course_id = 'c0000000-0000-4000-8000-00000000f001'
     except all
     select user_id, week_start, seconds from volume_derived_weeks) x
  )::integer + (select count(*) from (
     select user_id, week_start, seconds from volume_derived_weeks
     except all
     select user_id, week_start, seconds from private.course_week_activity
     where course_id = 'c0000000-0000-4000-8000-00000000f001') x
  )::integer as course_weeks,
  (select count(*) from public.enrollments e
   where e.course_id = 'c0000000-0000-4000-8000-00000000f001'
     and (e.status = 'completed') <> exists (
       select 1 from public.certificates c where c.course_id = e.course_id and c.user_id = e.user_id)
  )::integer as certificates,
  (select abs(c.learner_count - (
     select count(*) from public.enrollments e
     where e.course_id = c.id and e.status in ('active', 'completed')))
   from public.courses c where c.id = 'c0000000-0000-4000-8000-00000000f001'
  )::integer as learner_count,
  (select count(*) from volume_learners where witness)::integer as witnesses;
