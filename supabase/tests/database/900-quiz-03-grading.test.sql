-- Grading of every kind of question, in the database at submit, and what the review shows under each policy.
-- Multiple choice earns points x max(0, (right picked - wrong picked) / right options), rounded to 2 decimals,
-- and is "correct" only for exactly the right set. 'Pick a and c' is worth 2 points with a and c right.
begin;
select plan(30);

select tests.create_quiz_fixture();

-- One question graded alone: the points a learner's answer earns, through a real attempt and submit.
create function tests.points_for(prompt text, answer jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  result jsonb;
  learner text := 'grader';
begin
  -- A fresh learner per grading, so attempt limits and cooldowns never interfere.
  if tests.get_user_id(learner) is null then
    perform tests.create_user(learner, 'Greta Grader');
  end if;
  delete from public.quiz_attempts a where a.user_id = tests.get_user_id(learner);
  insert into public.enrollments (course_id, user_id, source)
  values (tests.course_id('alpine-quiz'), tests.get_user_id(learner), 'open') on conflict do nothing;
  result := tests.take_quiz_as(learner, jsonb_build_object(prompt, answer));
  return (select r.value -> 'results' -> tests.quiz_question_id(prompt)::text
          from (select to_jsonb(a) as value from public.quiz_attempts a where a.id = (result ->> 'attempt_id')::uuid) r);
end;
$$;

select is(tests.points_for('Pick b', '{"option": "b"}'), '{"max": 1, "points": 1, "correct": true}', 'single: the right option earns its points');
select is(tests.points_for('Pick b', '{"option": "a"}'), '{"max": 1, "points": 0, "correct": false}', 'single: a wrong one earns nothing');
select is(tests.points_for('Sky is blue', '{"option": "true"}'), '{"max": 1, "points": 1, "correct": true}', 'true/false: right');
select is(tests.points_for('Sky is blue', '{"option": "false"}'), '{"max": 1, "points": 0, "correct": false}', 'true/false: wrong');
select is(tests.points_for('Pick a and c', '{"options": ["c", "a"]}'), '{"max": 2, "points": 2.00, "correct": true}', 'multiple: exactly the right set, in any order, earns all');
select is(tests.points_for('Pick a and c', '{"options": ["a"]}'), '{"max": 2, "points": 1.00, "correct": false}', 'multiple: one of two right earns half');
select is(tests.points_for('Pick a and c', '{"options": ["a", "b", "c"]}'), '{"max": 2, "points": 1.00, "correct": false}', 'multiple: a wrong pick takes a right one back');
select is(tests.points_for('Pick a and c', '{"options": ["a", "b", "c", "d"]}'), '{"max": 2, "points": 0.00, "correct": false}', 'multiple: picking everything earns nothing');
select is(tests.points_for('Pick a and c', '{"options": ["b", "d"]}'), '{"max": 2, "points": 0.00, "correct": false}', 'multiple: never below zero');
select is(tests.points_for('Pick a and c', '{"options": []}'), '{"max": 2, "points": 0.00, "correct": false}', 'multiple: nothing picked earns nothing');
select is(tests.points_for('Highest Alp', '{"text": "  MONT   blanc "}'), '{"max": 1, "points": 1, "correct": true}', 'short answer: case and whitespace are ignored');
select is(tests.points_for('Highest Alp', '{"text": "Mont-Blanc"}'), '{"max": 1, "points": 0, "correct": false}', 'short answer: other characters count');
select is(tests.points_for('Pi', '{"value": 3.149}'), '{"max": 2, "points": 2, "correct": true}', 'numeric: within the tolerance');
select is(tests.points_for('Pi', '{"value": 3.13}'), '{"max": 2, "points": 2, "correct": true}', 'numeric: the tolerance''s edge counts');
select is(tests.points_for('Pi', '{"value": 3.16}'), '{"max": 2, "points": 0, "correct": false}', 'numeric: outside it');
select is(tests.points_for('Pi', null), '{"max": 2, "points": 0, "correct": false}', 'an unanswered question earns nothing');

-- Unicode normalisation: an accepted answer written with a precomposed é matches a decomposed one.
update public.quiz_question_keys set accepted_answers = array['Mont Blanc', 'Montblanc é'] where question_id = tests.quiz_question_id('Highest Alp');
select is(tests.points_for('Highest Alp', jsonb_build_object('text', 'MONTBLANC e' || chr(769))), '{"max": 1, "points": 1, "correct": true}',
  'short answer: NFC normalisation (e + combining acute = é)');

-- Score, percent and pass
select is(tests.take_quiz_as('enrolled', '{"Pick b": {"option": "b"}, "Pick a and c": {"options": ["a"]}, "Sky is blue": {"option": "true"}}')
  - 'attempt_id' - 'submitted_at' - 'review' - 'next_attempt_at' - 'attempts_left',
  '{"score": 3.00, "max_score": 7, "percent": 42.86, "passed": false, "pass_mark": 60}',
  'score adds the points; percent = 100 x 3 / 7 rounded to 2 decimals; below the pass mark fails');
select is((tests.take_quiz_as('enrolled', '{"Pick b": {"option": "b"}, "Pick a and c": {"options": ["a", "c"]}, "Highest Alp": {"text": "mont blanc"}}') ->> 'passed')::boolean,
  false, '4 of 7 (57.14 %) still fails a 60 % pass mark');
select is(tests.take_quiz_as('enrolled', '{"Pick b": {"option": "b"}, "Pick a and c": {"options": ["a", "c"]}, "Pi": {"value": 3.14}}') ->> 'percent',
  '71.43', '5 of 7 is 71.43 %');
select is((tests.attempt_of('enrolled')).passed, true, 'which passes');

-- Review policies ---------------------------------------------------------------------------------------------
select ok(tests.take_quiz_as('classmate', '{"Pick b": {"option": "a"}}') -> 'review' -> 'questions' -> 0 ? 'correct_options',
  'policy full, immediately: the result''s review has the right answers');
update public.quiz_settings set review_policy = 'answers' where lesson_id = tests.lesson_id('Quiz one');
select tests.authenticate_as('classmate');
select is(
  (select array_agg(k order by k) from jsonb_object_keys(public.quiz_attempt_review((tests.attempt_of('classmate')).id) -> 'questions' -> 0) k),
  array['answer', 'correct', 'id', 'kind', 'options', 'points', 'points_awarded', 'prompt_md'],
  'policy answers: their answers and right or wrong, no key and no explanation');
select tests.clear_authentication();
update public.quiz_settings set review_policy = 'score' where lesson_id = tests.lesson_id('Quiz one');
select tests.authenticate_as('classmate');
select is(tests.quiz_error(format('select public.quiz_attempt_review(%L)', (tests.attempt_of('classmate')).id)),
  '{"code": "review_not_available", "status": 403}', 'policy score: no review');
select tests.clear_authentication();
select is(tests.take_quiz_as('classmate', '{}') -> 'review', 'null'::jsonb, 'and the result carries none');
update public.quiz_settings set review_policy = 'full', review_when = 'after_passing' where lesson_id = tests.lesson_id('Quiz one');
select tests.authenticate_as('classmate');
select is(tests.quiz_error(format('select public.quiz_attempt_review(%L)', (tests.attempt_of('classmate')).id)) ->> 'code',
  'review_not_available', 'after_passing: not before a pass');
select tests.clear_authentication();
select ok(tests.take_quiz_as('classmate', tests.perfect_answers()) -> 'review' -> 'questions' -> 0 ? 'explanation_md',
  'after_passing: the passing attempt''s result carries the full review');
update public.quiz_settings set review_when = 'after_last_attempt', attempts_allowed = 10 where lesson_id = tests.lesson_id('Quiz one');
select tests.authenticate_as('classmate');
select is(tests.quiz_error(format('select public.quiz_attempt_review(%L)', (tests.attempt_of('classmate')).id)) ->> 'code',
  'review_not_available', 'after_last_attempt: not while attempts are left');
select tests.clear_authentication();
update public.quiz_settings set attempts_allowed = 3 where lesson_id = tests.lesson_id('Quiz one');
select tests.authenticate_as('classmate');
select ok(public.quiz_attempt_review((tests.attempt_of('classmate')).id) -> 'questions' -> 0 ? 'correct_options',
  'after_last_attempt: once none is left');
-- Staff
select tests.authenticate_as('instructor');
select ok(public.quiz_attempt_review((tests.attempt_of('enrolled')).id) -> 'questions' -> 0 ? 'correct_options',
  'the course''s instructor reads any of its attempts in full');

select * from finish();
rollback;
