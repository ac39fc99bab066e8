-- The quiz bench's data (scripts/bench/quiz.ts), on its throw-away database: "Quiz Volume Course" (published, free
-- order) in its own school, taught by the demo instructor, with :learners enrolled learners and two quiz lessons:
--   * "Submit quiz": 50 fixed questions, ten of each kind (single, multiple, true/false, short answer, numeric),
--     unlimited attempts, no cooldown, no time limit: the bench submits attempts of it;
--   * "Analysis quiz": 20 fixed single-choice and true/false questions with 5 graded attempts per learner
--     (:learners x 5 in all), answered by a simple ability model so the item analysis has real spread. They are
--     loaded set-based as graded rows; the item analysis is then rebuilt from them by the database's own
--     private.rebuild_quiz_item_analysis, so its numbers are what grading each attempt would have kept.
-- Deterministic (setseed).

select setseed(0.28);

insert into public.schools (id, slug, name)
values ('b0000000-0000-4000-8000-00000000f501', 'quiz-volume-academy', 'Quiz Volume Academy');
insert into public.school_members (school_id, user_id, role)
select 'b0000000-0000-4000-8000-00000000f501', id, 'owner' from public.profiles where id = 'a0000000-0000-4000-8000-000000000001';
insert into public.school_members (school_id, user_id, role)
select 'b0000000-0000-4000-8000-00000000f501', id, 'instructor' from public.profiles where id = 'a0000000-0000-4000-8000-000000000002';

insert into public.courses (id, school_id, slug, title, status, enrollment_mode, published_at)
values ('c0000000-0000-4000-8000-00000000f501', 'b0000000-0000-4000-8000-00000000f501', 'quiz-volume-course',
  'Quiz Volume Course', 'draft', 'open', now() - interval '60 days');
insert into public.course_sections (id, course_id, position, title)
values ('d0000000-0000-4000-8000-00000000f501', 'c0000000-0000-4000-8000-00000000f501', 1, 'Quizzes');
insert into public.lessons (id, course_id, section_id, position, title, kind, duration_s)
values
  ('e0000000-0000-4000-8000-00000000f501', 'c0000000-0000-4000-8000-00000000f501', 'd0000000-0000-4000-8000-00000000f501', 1, 'Submit quiz', 'quiz', 600),
  ('e0000000-0000-4000-8000-00000000f502', 'c0000000-0000-4000-8000-00000000f501', 'd0000000-0000-4000-8000-00000000f501', 2, 'Analysis quiz', 'quiz', 600);
insert into public.lesson_contents (lesson_id, course_id, body_md)
select id, course_id, 'A quiz.' from public.lessons where course_id = 'c0000000-0000-4000-8000-00000000f501';
update public.courses set status = 'published' where id = 'c0000000-0000-4000-8000-00000000f501';

-- The submit quiz's bank: question n (1..50) of kind ((n - 1) % 5).
insert into public.quiz_questions (id, course_id, kind, prompt_md, options, points, tags)
select ('e4000000-0000-4000-8000-0000000f' || lpad(n::text, 4, '0'))::uuid, 'c0000000-0000-4000-8000-00000000f501',
  k.kind, 'Submit question ' || n,
  case k.kind
    when 'single' then '[{"id":"a","text":"A"},{"id":"b","text":"B"},{"id":"c","text":"C"},{"id":"d","text":"D"}]'
    when 'multiple' then '[{"id":"a","text":"A"},{"id":"b","text":"B"},{"id":"c","text":"C"},{"id":"d","text":"D"}]'
    when 'true_false' then '[{"id":"true","text":"True"},{"id":"false","text":"False"}]'
    else '[]'
  end::jsonb, 1 + n % 2, '{submit}'
from generate_series(1, 50) n
cross join lateral (select (array['single', 'multiple', 'true_false', 'short_answer', 'numeric'])[(n - 1) % 5 + 1] as kind) k;

insert into public.quiz_question_keys (question_id, correct_options, accepted_answers, numeric_answer, tolerance)
select q.id,
  case q.kind when 'single' then '{a}' when 'multiple' then '{a,c}' when 'true_false' then '{true}' else '{}' end::text[],
  case q.kind when 'short_answer' then '{"Mont Blanc","Monte Bianco"}' else '{}' end::text[],
  case q.kind when 'numeric' then 3.14 end, case q.kind when 'numeric' then 0.01 else 0 end
from public.quiz_questions q where q.course_id = 'c0000000-0000-4000-8000-00000000f501';

update public.quiz_settings
set question_ids = array(select ('e4000000-0000-4000-8000-0000000f' || lpad(n::text, 4, '0'))::uuid from generate_series(1, 50) n order by n),
    pass_mark = 60
where lesson_id = 'e0000000-0000-4000-8000-00000000f501';

-- The analysis quiz's bank: 20 questions (odd: single choice a-d, right a; even: true/false, right true), with a
-- difficulty each.
insert into public.quiz_questions (id, course_id, kind, prompt_md, options, points, tags)
select ('e4000000-0000-4000-8000-0000000f' || lpad((100 + n)::text, 4, '0'))::uuid, 'c0000000-0000-4000-8000-00000000f501',
  case when n % 2 = 1 then 'single' else 'true_false' end, 'Analysis question ' || n,
  case when n % 2 = 1 then '[{"id":"a","text":"A"},{"id":"b","text":"B"},{"id":"c","text":"C"},{"id":"d","text":"D"}]'
       else '[{"id":"true","text":"True"},{"id":"false","text":"False"}]' end::jsonb, 1, '{analysis}'
from generate_series(1, 20) n;
insert into public.quiz_question_keys (question_id, correct_options)
select q.id, case q.kind when 'single' then '{a}' else '{true}' end::text[]
from public.quiz_questions q where q.course_id = 'c0000000-0000-4000-8000-00000000f501' and 'analysis' = any(q.tags);
update public.quiz_settings
set question_ids = array(select ('e4000000-0000-4000-8000-0000000f' || lpad((100 + n)::text, 4, '0'))::uuid from generate_series(1, 20) n order by n),
    pass_mark = 60
where lesson_id = 'e0000000-0000-4000-8000-00000000f502';

-- Learners, with one password (hashed once); profiles by the sign-up trigger.
create temporary table quiz_learners on commit drop as
select i, ('a1000000-0000-4000-8000-000000f' || lpad(i::text, 5, '0'))::uuid as id,
  'quiz-' || lpad(i::text, 5, '0') || '@quiz-volume.summit.local' as email, random() as ability
from generate_series(1, :learners) i;
create temporary table quiz_hash on commit drop as select extensions.crypt('summit-demo', extensions.gen_salt('bf', 6)) as hash;
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
select '00000000-0000-0000-0000-000000000000', l.id, 'authenticated', 'authenticated', l.email, h.hash, now(),
  '{"provider": "email", "providers": ["email"]}', jsonb_build_object('display_name', 'Quiz Learner ' || l.i),
  now() - interval '30 days', now() - interval '30 days', '', '', '', ''
from quiz_learners l cross join quiz_hash h;
-- Enrollments without their per-row triggers (as seed-volume does): each would add one to the same
-- courses.learner_count row, and thousands of updates of one row in one transaction walk an ever longer chain of
-- its versions. The count they would have kept is set below.
set local session_replication_role = replica;
insert into public.enrollments (course_id, user_id, source, status, enrolled_at)
select 'c0000000-0000-4000-8000-00000000f501', l.id, 'open', 'active', now() - interval '30 days' from quiz_learners l;
set local session_replication_role = origin;
update public.courses
set learner_count = (select count(*) from public.enrollments where course_id = 'c0000000-0000-4000-8000-00000000f501')
where id = 'c0000000-0000-4000-8000-00000000f501';

-- 5 graded attempts per learner at the analysis quiz: right with a chance that grows with the learner's ability
-- and falls with the question's difficulty; a wrong single choice picks b, c or d.
create temporary table quiz_answers on commit drop as
select l.id as user_id, a.number, q.id as question_id, q.kind,
  random() < 0.15 + 0.8 * l.ability * (1 - 0.6 * ((q.n - 1) % 10) / 9.0) as right_answer,
  (array['b', 'c', 'd'])[1 + floor(random() * 3)::int] as wrong_option
from quiz_learners l
cross join generate_series(1, 5) a(number)
cross join (
  select id, kind, row_number() over (order by id) as n from public.quiz_questions
  where course_id = 'c0000000-0000-4000-8000-00000000f501' and 'analysis' = any(tags)
) q;

insert into public.quiz_attempts (
  user_id, lesson_id, course_id, number, question_ids, option_orders, answers, started_at, submitted_at,
  score, max_score, percent, passed, pass_mark, results
)
select
  x.user_id, 'e0000000-0000-4000-8000-00000000f502', 'c0000000-0000-4000-8000-00000000f501', x.number,
  (select question_ids from public.quiz_settings where lesson_id = 'e0000000-0000-4000-8000-00000000f502'),
  '{}', x.answers, now() - make_interval(days => 10 - 2 * x.number, mins => 20), now() - make_interval(days => 10 - 2 * x.number),
  x.score, 20, round(100 * x.score / 20.0, 2), 100 * x.score / 20.0 >= 60, 60, x.results
from (
  select a.user_id, a.number,
    jsonb_object_agg(a.question_id, case
      when a.kind = 'single' then jsonb_build_object('option', case when a.right_answer then 'a' else a.wrong_option end)
      else jsonb_build_object('option', case when a.right_answer then 'true' else 'false' end) end) as answers,
    jsonb_object_agg(a.question_id, jsonb_build_object('points', a.right_answer::int, 'max', 1, 'correct', a.right_answer)) as results,
    sum(a.right_answer::int) as score
  from quiz_answers a
  group by a.user_id, a.number
) x;

select private.rebuild_quiz_item_analysis('e0000000-0000-4000-8000-00000000f502');
