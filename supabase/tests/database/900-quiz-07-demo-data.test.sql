-- The demo quizzes of seeds/quizzes.sql: a quiz lesson in each published course with a bank of every kind, and
-- attempts passed, failed and in progress, so a newcomer sees the player's history, review and item analysis.
begin;
select plan(6);

select is_empty(
  $$select c.slug from public.courses c where c.status = 'published'
    and not exists (select 1 from public.lessons l where l.course_id = c.id and l.kind = 'quiz')$$,
  'every published course has a quiz lesson');
select is_empty(
  $$select c.slug, k.kind from public.courses c
    cross join (values ('single'), ('multiple'), ('true_false'), ('short_answer'), ('numeric')) as k(kind)
    where c.status = 'published' and not exists (
      select 1 from public.quiz_questions q join public.quiz_question_keys x on x.question_id = q.id
      where q.course_id = c.id and q.kind = k.kind)$$,
  'each bank holds every kind of question, with its key');
select ok((select count(*) from public.quiz_attempts where passed) >= 1
  and (select count(*) from public.quiz_attempts where not passed) >= 1
  and (select count(*) from public.quiz_attempts where submitted_at is null) >= 1,
  'demo learners have passed, failed and open attempts');
select is_empty(
  $$select e.id from public.enrollments e
    join public.lessons l on l.course_id = e.course_id and l.kind = 'quiz'
    where e.status = 'completed' and not exists (
      select 1 from public.lesson_progress p where p.user_id = e.user_id and p.lesson_id = l.id and p.status = 'completed')$$,
  'whoever finished a course passed its quiz');

-- The demo instructor sees the item analysis move.
do $$
begin
  perform set_config('request.jwt.claims', jsonb_build_object(
    'sub', (select id from auth.users where email = 'instructor@example.com'), 'role', 'authenticated', 'aal', 'aal1'
  )::text, true);
  perform set_config('role', 'authenticated', true);
end;
$$;
select is((public.quiz_item_analysis('e0000000-0000-4000-8000-000000003011') ->> 'attempts')::integer, 3,
  'the SQL quiz''s analysis counts its three graded attempts');
select is(jsonb_array_length(public.quiz_item_analysis('e0000000-0000-4000-8000-000000003011') -> 'questions'), 5,
  'with each of its five questions');

select * from finish();
rollback;
