-- A course at real volume for the analytics bench and for trying the analytics page: "Volume Course" in its own
-- school (owned by the demo owner, taught by the demo instructor when they exist), :learners learners in four cohorts
-- and about :learners x 100 progress rows spread over 200 lessons. Set-based (generate_series), deterministic
-- (setseed), and idempotent: the previous volume school is dropped first. Progress and enrollment triggers are off
-- while the bulk rows go in; what they would have derived (enrollment state, learner count, certificates, daily
-- activity, analytics aggregates) is then computed set-based, so the result is what save_progress would have left.

select setseed(0.42);

delete from auth.users where email like 'volume-%@volume.summit.local';
delete from public.schools where slug = 'volume-academy';

insert into public.schools (id, slug, name)
values ('b0000000-0000-4000-8000-00000000f001', 'volume-academy', 'Volume Academy');

insert into public.school_members (school_id, user_id, role)
select 'b0000000-0000-4000-8000-00000000f001',
  coalesce((select id from public.profiles where id = 'a0000000-0000-4000-8000-000000000001'),
           (select id from public.profiles order by created_at limit 1)),
  'owner';

insert into public.school_members (school_id, user_id, role)
select 'b0000000-0000-4000-8000-00000000f001', id, 'instructor'
from public.profiles where id = 'a0000000-0000-4000-8000-000000000002'
on conflict do nothing;

insert into public.courses (id, school_id, slug, title, subtitle, status, visibility, enrollment_mode, certificate_enabled, published_at)
values ('c0000000-0000-4000-8000-00000000f001', 'b0000000-0000-4000-8000-00000000f001', 'volume-course',
  'Volume Course', 'A course with many learners, for measuring analytics', 'draft', 'unlisted', 'open', true,
  now() - interval '120 days');

insert into public.course_sections (id, course_id, position, title)
select ('d0000000-0000-4000-8000-0000000f' || lpad(s::text, 4, '0'))::uuid, 'c0000000-0000-4000-8000-00000000f001', s,
  'Section ' || s
from generate_series(1, 20) s;

-- 200 lessons, 10 per section, alternating video and text, 5 to 15 minutes each.
insert into public.lessons (id, course_id, section_id, position, title, kind, duration_s, completion_rule)
select ('e0000000-0000-4000-8000-0000000f' || lpad(n::text, 4, '0'))::uuid, 'c0000000-0000-4000-8000-00000000f001',
  ('d0000000-0000-4000-8000-0000000f' || lpad(((n - 1) / 10 + 1)::text, 4, '0'))::uuid, (n - 1) % 10 + 1,
  'Lesson ' || n, case when n % 2 = 0 then 'text' else 'video' end::public.lesson_kind, 300 + (n * 37) % 600,
  case when n % 2 = 0 then 'manual' else 'video' end::public.completion_rule
from generate_series(1, 200) n;

update public.courses set status = 'published' where id = 'c0000000-0000-4000-8000-00000000f001';

insert into public.cohorts (id, course_id, name, starts_at)
select ('c1000000-0000-4000-8000-0000000f' || lpad(k::text, 4, '0'))::uuid, 'c0000000-0000-4000-8000-00000000f001',
  'Wave ' || k, now() - make_interval(days => 120 - 30 * k)
from generate_series(1, 4) k;

-- Learners: volume-00001@volume.summit.local ... with one password (hashed once), profiles by the sign-up trigger.
create temporary table volume_learners on commit drop as
select i, ('a1000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid as id,
  'volume-' || lpad(i::text, 5, '0') || '@volume.summit.local' as email,
  -- Lessons reached: none for one in 25, otherwise 1..200 (about 100 on average); every fifth without a cohort.
  case when i % 25 = 0 then 0 else least(200, 1 + floor(random() * 205)::int) end as reached,
  case when i % 5 = 0 then null else ('c1000000-0000-4000-8000-0000000f' || lpad((i % 5)::text, 4, '0'))::uuid end as cohort_id,
  now() - make_interval(days => floor(random() * 110)::int, hours => floor(random() * 24)::int) as enrolled_at,
  -- Days since the last activity: a third idle for more than a week (at risk).
  floor(power(random(), 1.5) * 40)::int as idle_days
from generate_series(1, :learners) i;

-- Hashed once (a temporary table, so the planner cannot run the volatile hash per row).
create temporary table volume_password on commit drop as
select extensions.crypt('summit-demo', extensions.gen_salt('bf', 6)) as hash;

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
select '00000000-0000-0000-0000-000000000000', v.id, 'authenticated', 'authenticated', v.email, h.hash, now(),
  '{"provider": "email", "providers": ["email"]}', jsonb_build_object('display_name', 'Volume Learner ' || v.i),
  v.enrolled_at, v.enrolled_at, '', '', '', ''
from volume_learners v
cross join volume_password h;

-- Enrollments without their per-row triggers too: each would add one to the same courses.learner_count row and
-- announce a change on Realtime, and 20,000 updates of one row in one transaction walk an ever longer chain of its
-- versions (quadratic: the load never finished). The count and the certificates are set below, set-based.
set local session_replication_role = replica;
insert into public.enrollments (course_id, user_id, cohort_id, source, status, enrolled_at)
select 'c0000000-0000-4000-8000-00000000f001', v.id, v.cohort_id, 'open', 'active', v.enrolled_at
from volume_learners v;
set local session_replication_role = origin;

-- Lessons numbered through the course (1..200), for joining learners to the lessons they reached.
create temporary table volume_lessons on commit drop as
select le.id, le.course_id, le.duration_s, (le.position + 10 * (cs.position - 1)) as n
from public.lessons le join public.course_sections cs on cs.id = le.section_id
where le.course_id = 'c0000000-0000-4000-8000-00000000f001';

-- Temporary tables have no statistics until analysed: without them the joins below are planned as nested loops
-- over 20,000 x 20,000 rows.
analyze volume_learners;
analyze volume_lessons;

-- Progress: lessons 1..reached, every one completed but the last (unless it is lesson 200), spaced 20 minutes
-- apart and ending idle_days ago. Triggers off for this statement only (replica role: also the foreign-key checks,
-- which the generated ids satisfy by construction, and no table lock that would stall a running app); the derived
-- state is written set-based below.
set local session_replication_role = replica;
insert into public.lesson_progress (user_id, lesson_id, course_id, status, position_s, watched_s, completed_at, completed_by, updated_at)
select v.id, l.id, l.course_id,
  case when w.done then 'completed' else 'in_progress' end::public.progress_status,
  least(w.watched, l.duration_s), w.watched,
  case when w.done then w.at end,
  case when w.done then 'rule' end::public.completed_by,
  w.at
from volume_learners v
join volume_lessons l on l.n <= v.reached
cross join lateral (
  select l.n < v.reached or l.n = 200 as done,
    greatest(now() - make_interval(days => v.idle_days, mins => 20 * (v.reached - l.n)), v.enrolled_at) as at,
    case when l.n < v.reached or l.n = 200
      then floor(l.duration_s * (0.9 + random() * 0.4))::int
      else floor(l.duration_s * random() * 0.8)::int end as watched
) w;
set local session_replication_role = origin;

-- What the progress trigger would have derived: the resume point, the last activity, completion (the enrollments'
-- own triggers off, as for the insert above).
set local session_replication_role = replica;
update public.enrollments e
set last_lesson_id = l.id,
    last_activity_at = now() - make_interval(days => v.idle_days),
    status = case when v.reached = 200 then 'completed' else 'active' end::public.enrollment_status,
    completed_at = case when v.reached = 200 then now() - make_interval(days => v.idle_days) end
from volume_learners v
join volume_lessons l on l.n = v.reached
where e.user_id = v.id and e.course_id = 'c0000000-0000-4000-8000-00000000f001';
set local session_replication_role = origin;

-- What the enrollments' triggers would have derived: the catalog's learner count, and a certificate for every
-- completion (the course has certificates on).
update public.courses
set learner_count = (
  select count(*) from public.enrollments
  where course_id = 'c0000000-0000-4000-8000-00000000f001' and status in ('active', 'completed'))
where id = 'c0000000-0000-4000-8000-00000000f001';

select private.issue_certificate(e.user_id, e.course_id, e.completed_at)
from public.enrollments e
where e.course_id = 'c0000000-0000-4000-8000-00000000f001' and e.status = 'completed';

insert into public.daily_activity (user_id, day, seconds, lessons_completed)
select p.user_id, (p.updated_at at time zone 'UTC')::date, least(sum(p.watched_s), 86400)::int,
  (count(*) filter (where p.status = 'completed'))::int
from public.lesson_progress p
where p.course_id = 'c0000000-0000-4000-8000-00000000f001'
group by 1, 2
on conflict (user_id, day) do update
  set seconds = least(public.daily_activity.seconds + excluded.seconds, 86400),
      lessons_completed = public.daily_activity.lessons_completed + excluded.lessons_completed;

-- The analytics aggregates the progress trigger keeps, computed once for the bulk rows.
select private.rebuild_course_analytics('c0000000-0000-4000-8000-00000000f001');
