-- ============================================================================================================
-- Test helpers for quizzes, created once per test run like 000-setup (whose course fixture they extend):
-- alpine-quiz (school A, published, free order, certificates on) with the text lesson 'Quiz reading' and the quiz
-- lesson 'Quiz one'; 'enrolled' and 'classmate' are active learners of it. Its bank holds one question of each
-- kind, all fixed in 'Quiz one' in this order (7 points):
--   'Pick b'      single        options a, b, c          right b            1 point
--   'Pick a and c' multiple     options a, b, c, d       right a, c         2 points
--   'Sky is blue' true_false                             right true         1 point
--   'Highest Alp' short_answer                           'Mont Blanc'       1 point
--   'Pi'          numeric                                3.14 +- 0.01       2 points
-- Pass mark 60 %.
-- ============================================================================================================
begin;
select plan(1);

create or replace function tests.create_quiz_fixture()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  course uuid;
  section uuid;
  quiz uuid;
begin
  perform tests.create_course_fixture();
  perform tests.create_user('classmate', 'Carl Classmate');
  insert into public.courses (school_id, slug, title, status, published_at, certificate_enabled)
  values (tests.school_id('alpine-academy'), 'alpine-quiz', 'Alpine Quiz', 'published', now(), true)
  returning id into course;
  insert into public.course_sections (course_id, position, title) values (course, 1, 'Quiz section')
  returning id into section;
  insert into public.lessons (course_id, section_id, position, title, kind, duration_s)
  values (course, section, 1, 'Quiz reading', 'text', 60);
  insert into public.lessons (course_id, section_id, position, title, kind, duration_s)
  values (course, section, 2, 'Quiz one', 'quiz', 300)
  returning id into quiz;
  insert into public.lesson_contents (lesson_id, course_id, body_md)
  select id, course_id, 'Content of ' || title from public.lessons where course_id = course;

  insert into public.quiz_questions (course_id, kind, prompt_md, options, points, tags) values
    (course, 'single', 'Pick b', '[{"id":"a","text":"A"},{"id":"b","text":"B"},{"id":"c","text":"C"}]', 1, '{basics}'),
    (course, 'multiple', 'Pick a and c', '[{"id":"a","text":"A"},{"id":"b","text":"B"},{"id":"c","text":"C"},{"id":"d","text":"D"}]', 2, '{basics}'),
    (course, 'true_false', 'Sky is blue', '[{"id":"true","text":"True"},{"id":"false","text":"False"}]', 1, '{facts}'),
    (course, 'short_answer', 'Highest Alp', '[]', 1, '{facts}'),
    (course, 'numeric', 'Pi', '[]', 2, '{maths}');
  insert into public.quiz_question_keys (question_id, correct_options, accepted_answers, numeric_answer, tolerance, explanation_md)
  values
    (tests.quiz_question_id('Pick b'), '{b}', '{}', null, 0, 'B is right.'),
    (tests.quiz_question_id('Pick a and c'), '{a,c}', '{}', null, 0, 'A and C.'),
    (tests.quiz_question_id('Sky is blue'), '{true}', '{}', null, 0, 'It is.'),
    (tests.quiz_question_id('Highest Alp'), '{}', '{"Mont Blanc"}', null, 0, 'Mont Blanc, 4,806 m.'),
    (tests.quiz_question_id('Pi'), '{}', '{}', 3.14, 0.01, 'About 3.14159.');
  update public.quiz_settings
  set question_ids = array[
        tests.quiz_question_id('Pick b'), tests.quiz_question_id('Pick a and c'), tests.quiz_question_id('Sky is blue'),
        tests.quiz_question_id('Highest Alp'), tests.quiz_question_id('Pi')
      ],
      pass_mark = 60
  where lesson_id = quiz;
  insert into public.enrollments (course_id, user_id, source)
  values (course, tests.get_user_id('enrolled'), 'open'), (course, tests.get_user_id('classmate'), 'open');
end;
$$;

create or replace function tests.quiz_question_id(question_prompt text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select id from public.quiz_questions where prompt_md = question_prompt;
$$;

-- Starts (or resumes) an attempt as a learner; back to the superuser afterwards. Invoker: switches roles.
create or replace function tests.start_quiz_as(identifier text, lesson_title text default 'Quiz one')
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  answer jsonb;
begin
  perform tests.authenticate_as(identifier);
  answer := public.start_quiz_attempt(tests.lesson_id(lesson_title));
  perform tests.clear_authentication();
  return answer;
end;
$$;

-- Saves the given answers ({prompt: answer}) and submits, as the learner; answers the submit's result.
create or replace function tests.take_quiz_as(identifier text, answers jsonb, lesson_title text default 'Quiz one')
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  attempt uuid;
  item record;
  result jsonb;
begin
  attempt := (tests.start_quiz_as(identifier, lesson_title) ->> 'attempt_id')::uuid;
  perform tests.authenticate_as(identifier);
  for item in select key, value from jsonb_each(answers) loop
    perform public.save_quiz_answer(attempt, tests.quiz_question_id(item.key), item.value);
  end loop;
  result := public.save_quiz_attempt(attempt);
  perform tests.clear_authentication();
  return result;
end;
$$;

-- Ticks a lesson as the learner does, through save_progress; back to the superuser afterwards.
create or replace function tests.quiz_tick_as(identifier text, lesson_title text)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  answer jsonb;
begin
  perform tests.authenticate_as(identifier);
  answer := public.save_progress(tests.lesson_id(lesson_title), 0, 0, true);
  perform tests.clear_authentication();
  return answer;
end;
$$;

-- Every answer right.
create or replace function tests.perfect_answers()
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select '{"Pick b": {"option": "b"}, "Pick a and c": {"options": ["a", "c"]}, "Sky is blue": {"option": "true"},
           "Highest Alp": {"text": "mont blanc"}, "Pi": {"value": 3.14}}'::jsonb;
$$;

-- The error a statement raises: {code, status, fields} for an API error, {sqlstate} for others; null on success.
create or replace function tests.quiz_error(statement text)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  state text;
  message text;
  detail text;
begin
  execute statement;
  return null;
exception when others then
  get stacked diagnostics state = returned_sqlstate, message = message_text, detail = pg_exception_detail;
  if state <> 'PGRST' then
    return jsonb_build_object('sqlstate', state);
  end if;
  return jsonb_strip_nulls(jsonb_build_object(
    'code', (message::jsonb) ->> 'code',
    'status', ((detail::jsonb) ->> 'status')::integer,
    'fields', (message::jsonb) #> '{details,fields}'
  ));
end;
$$;

-- The whole API error body ({code, message, details}) a statement raises, or null.
create or replace function tests.quiz_error_body(statement text)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  message text;
begin
  execute statement;
  return null;
exception when sqlstate 'PGRST' then
  get stacked diagnostics message = message_text;
  return message::jsonb;
end;
$$;

-- The 'Quiz one' attempt of a learner (the latest), whatever the caller may read.
create or replace function tests.attempt_of(identifier text)
returns public.quiz_attempts
language sql
stable
security definer
set search_path = ''
as $$
  select a.* from public.quiz_attempts a
  where a.user_id = tests.get_user_id(identifier) and a.lesson_id = tests.lesson_id('Quiz one')
  order by a.number desc limit 1;
$$;

grant execute on all functions in schema tests to anon, authenticated, service_role;

select has_function('tests', 'create_quiz_fixture', array[]::text[], 'quiz test helpers are installed');

select * from finish();
commit;
