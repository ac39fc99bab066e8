-- Volume Course's learners :from..:to and the progress rows each would have written, as temporary objects of the
-- session that runs it (setup, each progress worker and the derivation all read the same plan). Deterministic
-- without a shared random seed: every draw hashes the learner's number (and the lesson's) with a stream of its own,
-- so two sessions drawing the same learner get the same values. :anchor is the load's "now", fixed for all sessions.

create temporary table volume_learners as
select i, ('a1000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid as id,
  'volume-' || lpad(i::text, 6, '0') || '@volume.summit.local' as email,
  -- Lessons reached: none for one in 25, otherwise 1..200 (about 100 on average; all for the finishing witnesses
  -- below); every fifth without a cohort.
  case when i % 25 = 0 then 0 when i % 5000 = 7 then 200 else least(200, 1 + floor(u1 * 205)::int) end as reached,
  case when i % 5 = 0 then null else ('c1000000-0000-4000-8000-0000000f' || lpad((i % 5)::text, 4, '0'))::uuid end as cohort_id,
  :anchor::timestamptz - make_interval(days => floor(u2 * 110)::int, hours => floor(u3 * 24)::int) as enrolled_at,
  -- Days since the last activity: a third idle for more than a week (at risk).
  floor(power(u4, 1.5) * 40)::int as idle_days
from generate_series(:from, :to) i
cross join lateral (
  select (hashint8extended(i, 1) & 4503599627370495)::float8 / 4503599627370496 as u1,
    (hashint8extended(i, 2) & 4503599627370495)::float8 / 4503599627370496 as u2,
    (hashint8extended(i, 3) & 4503599627370495)::float8 / 4503599627370496 as u3,
    (hashint8extended(i, 4) & 4503599627370495)::float8 / 4503599627370496 as u4
) u;

-- Witnesses, one in 1,250: learners of every kind (in a cohort partway, without one, never started, finished the
-- course) whose rows go in through the tables' triggers; volume-check.sql compares what the triggers made for them
-- with what the set-based derivation computes.
alter table volume_learners add column witness boolean;
update volume_learners set witness = i % 5000 in (1, 5, 7, 25);
analyze volume_learners;

-- The course's lessons in order (their ids sort in course order), as arrays indexed 1..200.
create temporary table volume_lesson_list as
select array_agg(l.id order by l.id) as ids, array_agg(l.duration_s order by l.id) as durations
from public.lessons l
where l.course_id = 'c0000000-0000-4000-8000-00000000f001';

-- Progress: lessons 1..reached, every one completed but the last (unless it is lesson 200), spaced 20 minutes
-- apart and ending idle_days ago (not before the enrollment). In learner then lesson order, the primary key's.
create temporary view volume_progress_rows as
select v.id as user_id, l.ids[n] as lesson_id, 'c0000000-0000-4000-8000-00000000f001'::uuid as course_id,
  case when w.done then 'completed' else 'in_progress' end::public.progress_status as status,
  least(w.watched, l.durations[n]) as position_s, w.watched as watched_s,
  case when w.done then w.at end as completed_at,
  case when w.done then 'rule' end::public.completed_by as completed_by,
  w.at as updated_at,
  v.witness
from volume_learners v
cross join volume_lesson_list l
cross join lateral generate_series(1, v.reached) n
cross join lateral (
  select n < v.reached or n = 200 as done,
    greatest(:anchor::timestamptz - make_interval(days => v.idle_days, mins => 20 * (v.reached - n)), v.enrolled_at) as at,
    floor(l.durations[n] * case when n < v.reached or n = 200 then 0.9 + d.r * 0.4 else d.r * 0.8 end)::int as watched
  from (select (hashint8extended(v.i * 256 + n, 5) & 4503599627370495)::float8 / 4503599627370496 as r) d
) w;
