-- Step 1 of `npm run seed:volume` (one transaction): removes a previous Volume Academy, then makes the school, Volume
-- Course (20 sections, 200 lessons), its four cohorts and its learners (users, profiles, enrollments). Learners come
-- from volume-plan.sql, run before this in the same session.

-- A previous load's rows, without their per-row triggers (replica role: also no cascades, so every table that
-- holds a volume learner's rows is emptied by hand first): deleting millions of progress rows one trigger call at
-- a time takes longer than loading them. What those triggers keep is the volume course's and learners' own.
set local session_replication_role = replica;
create temporary table volume_old_users as
select id from auth.users where email like 'volume-%@volume.summit.local';
delete from public.lesson_progress where course_id = 'c0000000-0000-4000-8000-00000000f001';
delete from private.course_learner_stats where course_id = 'c0000000-0000-4000-8000-00000000f001';
delete from private.lesson_time_histogram where course_id = 'c0000000-0000-4000-8000-00000000f001';
delete from private.course_week_activity where course_id = 'c0000000-0000-4000-8000-00000000f001';
delete from public.daily_activity where user_id in (select id from volume_old_users);
delete from public.enrollments where course_id = 'c0000000-0000-4000-8000-00000000f001';
set local session_replication_role = origin;
-- The rest (profiles, certificates, notifications, achievements, the course) cascades with its triggers: few rows.
delete from auth.users where id in (select id from volume_old_users);
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
  :anchor::timestamptz - interval '120 days');

insert into public.course_sections (id, course_id, position, title)
select ('d0000000-0000-4000-8000-0000000f' || lpad(s::text, 4, '0'))::uuid, 'c0000000-0000-4000-8000-00000000f001', s,
  'Section ' || s
from generate_series(1, 20) s;

-- 200 lessons, 10 per section, alternating video and text, 5 to 15 minutes each; ids sort in course order.
insert into public.lessons (id, course_id, section_id, position, title, kind, duration_s, completion_rule)
select ('e0000000-0000-4000-8000-0000000f' || lpad(n::text, 4, '0'))::uuid, 'c0000000-0000-4000-8000-00000000f001',
  ('d0000000-0000-4000-8000-0000000f' || lpad(((n - 1) / 10 + 1)::text, 4, '0'))::uuid, (n - 1) % 10 + 1,
  'Lesson ' || n, case when n % 2 = 0 then 'text' else 'video' end::public.lesson_kind, 300 + (n * 37) % 600,
  case when n % 2 = 0 then 'manual' else 'video' end::public.completion_rule
from generate_series(1, 200) n;

update public.courses set status = 'published' where id = 'c0000000-0000-4000-8000-00000000f001';

insert into public.cohorts (id, course_id, name, starts_at)
select ('c1000000-0000-4000-8000-0000000f' || lpad(k::text, 4, '0'))::uuid, 'c0000000-0000-4000-8000-00000000f001',
  'Wave ' || k, :anchor::timestamptz - make_interval(days => 120 - 30 * k)
from generate_series(1, 4) k;

-- Users with one password (hashed once, in a temporary table so the planner cannot run the volatile hash per
-- row). Without the sign-up trigger, whose timezone check costs about a millisecond a user: the profile it would
-- make (the display name from the metadata, UTC) is inserted set-based below.
create temporary table volume_password as
select extensions.crypt('summit-demo', extensions.gen_salt('bf', 6)) as hash;

set local session_replication_role = replica;
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
select '00000000-0000-0000-0000-000000000000', v.id, 'authenticated', 'authenticated', v.email, h.hash, v.enrolled_at,
  '{"provider": "email", "providers": ["email"]}', jsonb_build_object('display_name', 'Volume Learner ' || v.i),
  v.enrolled_at, v.enrolled_at, '', '', '', ''
from volume_learners v
cross join volume_password h
where not v.witness;

insert into public.profiles (id, display_name, timezone)
select v.id, 'Volume Learner ' || v.i, 'UTC'
from volume_learners v
where not v.witness;

-- Enrollments without their per-row triggers too: each would add one to the same courses.learner_count row, and
-- 100,000 updates of one row in one transaction walk an ever longer chain of its versions (quadratic). What they
-- would derive is set in volume-derive.sql.
insert into public.enrollments (course_id, user_id, cohort_id, source, status, enrolled_at)
select 'c0000000-0000-4000-8000-00000000f001', v.id, v.cohort_id, 'open', 'active', v.enrolled_at
from volume_learners v
where not v.witness;
set local session_replication_role = origin;

-- The witnesses sign up and enroll through every trigger.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
select '00000000-0000-0000-0000-000000000000', v.id, 'authenticated', 'authenticated', v.email, h.hash, v.enrolled_at,
  '{"provider": "email", "providers": ["email"]}', jsonb_build_object('display_name', 'Volume Learner ' || v.i),
  v.enrolled_at, v.enrolled_at, '', '', '', ''
from volume_learners v
cross join volume_password h
where v.witness;

insert into public.enrollments (course_id, user_id, cohort_id, source, status, enrolled_at)
select 'c0000000-0000-4000-8000-00000000f001', v.id, v.cohort_id, 'open', 'active', v.enrolled_at
from volume_learners v
where v.witness
order by v.i;
