-- Attempts through the calls: who may start one, the server's draw (resumed on reload, never re-rolled), limits,
-- cooldown, grants, deadlines, saving answers (last write wins, only the attempt's questions, well-formed answers
-- of every kind) and the idempotent submit. Refusals carry PRODUCT.md §8 codes and statuses.
begin;
select plan(50);

select tests.create_quiz_fixture();

-- who may start -----------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select is(tests.quiz_error(format('select public.start_quiz_attempt(%L)', tests.lesson_id('Quiz one'))),
  '{"code": "not_signed_in", "status": 401}', 'a visitor is asked to sign in');
select tests.authenticate_as('learner');
select is(tests.quiz_error(format('select public.start_quiz_attempt(%L)', tests.lesson_id('Quiz one'))),
  '{"code": "forbidden", "status": 403}', 'a learner not enrolled is refused');
select is(tests.quiz_error(format('select public.start_quiz_attempt(%L)', tests.lesson_id('Quiz reading'))),
  '{"code": "course_not_found", "status": 404}', 'a lesson that is not a quiz is not one to start');
select tests.authenticate_as('instructor');
select is(tests.quiz_error(format('select public.start_quiz_attempt(%L)', tests.lesson_id('Quiz one'))),
  '{"code": "forbidden", "status": 403}', 'staff preview instead of taking attempts');

-- a locked quiz
select tests.clear_authentication();
update public.courses set progression = 'sequential' where slug = 'alpine-quiz';
select tests.authenticate_as('enrolled');
select is(tests.quiz_error(format('select public.start_quiz_attempt(%L)', tests.lesson_id('Quiz one'))),
  '{"code": "lesson_locked", "status": 403}', 'a quiz after an unfinished lesson in a sequential course is locked');
select is(tests.quiz_error_body(format('select public.start_quiz_attempt(%L)', tests.lesson_id('Quiz one'))) ->> 'message',
  'Finish "Quiz reading" first.', 'and says what to finish first');
select tests.clear_authentication();
update public.courses set progression = 'free' where slug = 'alpine-quiz';

-- the draw ----------------------------------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
create temporary table first_start on commit drop as select public.start_quiz_attempt(tests.lesson_id('Quiz one')) as answer;
select is((select jsonb_array_length(answer -> 'questions') from first_start), 5, 'the attempt has the quiz''s five questions');
select is(
  (select array_agg(q ->> 'prompt_md' order by i) from first_start, jsonb_array_elements(answer -> 'questions') with ordinality as x(q, i)),
  array['Pick b', 'Pick a and c', 'Sky is blue', 'Highest Alp', 'Pi'], 'fixed questions come in the quiz''s order');
select is((select answer -> 'deadline' from first_start), 'null'::jsonb, 'no time limit, no deadline');
select is(public.start_quiz_attempt(tests.lesson_id('Quiz one')) ->> 'attempt_id', (select answer ->> 'attempt_id' from first_start),
  'starting again resumes the same attempt');
select tests.clear_authentication();
select is((select count(*)::integer from public.quiz_attempts), 1, 'one attempt exists');
select is((select status::text from public.lesson_progress where lesson_id = tests.lesson_id('Quiz one')), 'in_progress',
  'starting a quiz marks the lesson in progress');

-- saving answers
select tests.authenticate_as('enrolled');
select lives_ok(format($$select public.save_quiz_answer(%L, %L, '{"option": "a"}')$$, (select answer ->> 'attempt_id' from first_start), tests.quiz_question_id('Pick b')),
  'a learner saves an answer');
select lives_ok(format($$select public.save_quiz_answer(%L, %L, '{"option": "b"}')$$, (select answer ->> 'attempt_id' from first_start), tests.quiz_question_id('Pick b')),
  'and changes it');
select is((select answers -> tests.quiz_question_id('Pick b')::text from public.quiz_attempts), '{"option": "b"}'::jsonb,
  'the last write wins');
select is(public.start_quiz_attempt(tests.lesson_id('Quiz one')) -> 'answers' -> tests.quiz_question_id('Pick b')::text, '{"option": "b"}'::jsonb,
  'a reload resumes with the saved answers');
select lives_ok(format($$select public.save_quiz_answer(%L, %L, null)$$, (select answer ->> 'attempt_id' from first_start), tests.quiz_question_id('Pick b')),
  'null takes an answer back');
select is((select answers ? tests.quiz_question_id('Pick b')::text from public.quiz_attempts), false, 'and it is gone');

-- malformed answers, every kind
create temporary table bad_answers (prompt text, answer jsonb, why text) on commit drop;
insert into bad_answers values
  ('Pick b', '"b"', 'a bare string'),
  ('Pick b', '{"option": 1}', 'a number for an option id'),
  ('Pick b', '{"option": "z"}', 'an option the question does not have'),
  ('Pick b', '{"options": ["b"]}', 'the multiple-choice shape'),
  ('Pick b', '{"option": "b", "extra": true}', 'an extra key'),
  ('Pick a and c', '{"options": "a"}', 'a string instead of a list'),
  ('Pick a and c', '{"options": ["a", "a"]}', 'the same option twice'),
  ('Pick a and c', '{"options": ["a", "z"]}', 'an unknown option'),
  ('Pick a and c', '{"options": [1]}', 'a number in the list'),
  ('Sky is blue', '{"option": "yes"}', 'neither true nor false'),
  ('Highest Alp', '{"text": 5}', 'a number for a short answer'),
  ('Highest Alp', jsonb_build_object('text', repeat('x', 501)), 'more than 500 characters'),
  ('Pi', '{"value": "3.14"}', 'a numeric answer as a string'),
  ('Pi', '{"value": 1e16}', 'a number too large'),
  ('Pi', '[3.14]', 'an array');
select is(
  (select array_agg(b.why order by b.why) from bad_answers b
   where tests.quiz_error(format('select public.save_quiz_answer(%L, %L, %L)', (select answer ->> 'attempt_id' from first_start),
     tests.quiz_question_id(b.prompt), b.answer)) ->> 'code' = 'validation_failed'
     and tests.quiz_error(format('select public.save_quiz_answer(%L, %L, %L)', (select answer ->> 'attempt_id' from first_start),
     tests.quiz_question_id(b.prompt), b.answer)) -> 'fields' ? 'answer'),
  (select array_agg(why order by why) from bad_answers),
  'every malformed answer is validation_failed on fields.answer');
select is(tests.quiz_error(format($$select public.save_quiz_answer(%L, %L, '{"value": 3}')$$, (select answer ->> 'attempt_id' from first_start), gen_random_uuid())),
  '{"code": "validation_failed", "fields": {"question_id": "This question is not part of this attempt."}, "status": 422}',
  'an answer to a question not in the attempt is refused');
select tests.clear_authentication();
insert into public.quiz_questions (course_id, kind, prompt_md, options) values (tests.course_id('alpine-quiz'), 'numeric', 'Not drawn', '[]');
select tests.authenticate_as('enrolled');
select is(tests.quiz_error(format($$select public.save_quiz_answer(%L, %L, '{"value": 3}')$$, (select answer ->> 'attempt_id' from first_start), tests.quiz_question_id('Not drawn'))) ->> 'code',
  'validation_failed', 'even to a question of the same bank');
select unalike(tests.quiz_error_body(format($$select public.save_quiz_answer(%L, %L, '{"option": "z"}')$$, (select answer ->> 'attempt_id' from first_start), tests.quiz_question_id('Pick b')))::text,
  '%"b"%', 'a refusal never names the right option');

-- someone else's attempt
select tests.authenticate_as('classmate');
select is(tests.quiz_error(format($$select public.save_quiz_answer(%L, %L, '{"option": "b"}')$$, (select answer ->> 'attempt_id' from first_start), tests.quiz_question_id('Pick b'))),
  '{"code": "forbidden", "status": 403}', 'a classmate cannot answer in another''s attempt');
select is(tests.quiz_error(format('select public.save_quiz_attempt(%L)', (select answer ->> 'attempt_id' from first_start))),
  '{"code": "forbidden", "status": 403}', 'nor submit it');
select is(tests.quiz_error(format('select public.quiz_attempt_review(%L)', (select answer ->> 'attempt_id' from first_start))),
  '{"code": "forbidden", "status": 403}', 'nor review it');

-- submitting --------------------------------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
create temporary table first_result on commit drop as select public.save_quiz_attempt((select (answer ->> 'attempt_id')::uuid from first_start)) as answer;
select is((select answer ->> 'percent' from first_result), '0.00', 'an attempt with nothing answered scores 0');
select is(public.save_quiz_attempt((select (answer ->> 'attempt_id')::uuid from first_start)), (select answer from first_result),
  'submitting again answers the same result');
select is(tests.quiz_error(format($$select public.save_quiz_answer(%L, %L, '{"option": "b"}')$$, (select answer ->> 'attempt_id' from first_start), tests.quiz_question_id('Pick b'))),
  '{"code": "attempt_closed", "status": 409}', 'a submitted attempt takes no more answers');
select isnt(public.start_quiz_attempt(tests.lesson_id('Quiz one')) ->> 'attempt_id', (select answer ->> 'attempt_id' from first_start),
  'with attempts left, starting again makes a new attempt');
select is((select max(number) from public.quiz_attempts), 2, 'numbered 2');

-- limits and grants -------------------------------------------------------------------------------------------
select tests.clear_authentication();
update public.quiz_settings set attempts_allowed = 2 where lesson_id = tests.lesson_id('Quiz one');
select tests.authenticate_as('enrolled');
select is(public.save_quiz_attempt((tests.attempt_of('enrolled')).id) ->> 'attempts_left', '0', 'the last allowed attempt leaves none');
select is(tests.quiz_error(format('select public.start_quiz_attempt(%L)', tests.lesson_id('Quiz one'))),
  '{"code": "attempts_exhausted", "status": 409}', 'a third attempt is refused');
select is(tests.quiz_error_body(format('select public.start_quiz_attempt(%L)', tests.lesson_id('Quiz one'))) -> 'details' -> 'next_attempt_at',
  'null'::jsonb, 'with no date for a next one');
select is(tests.quiz_error(format('select public.grant_quiz_attempt(%L, auth.uid())', tests.lesson_id('Quiz one'))),
  '{"code": "forbidden", "status": 403}', 'a learner cannot grant themselves an attempt');
select tests.authenticate_as('other_owner');
select is(tests.quiz_error(format('select public.grant_quiz_attempt(%L, %L)', tests.lesson_id('Quiz one'), tests.get_user_id('enrolled'))),
  '{"code": "forbidden", "status": 403}', 'nor can another school''s owner');
select tests.authenticate_as('instructor', 'aal1');
select is(tests.quiz_error(format('select public.grant_quiz_attempt(%L, %L, 0)', tests.lesson_id('Quiz one'), tests.get_user_id('enrolled'))),
  '{"code": "validation_failed", "fields": {"p_extra": "Grant 1 to 100 attempts."}, "status": 422}', 'a grant is of 1 to 100 attempts');
select is(tests.quiz_error(format('select public.grant_quiz_attempt(%L, %L)', tests.lesson_id('Quiz one'), tests.get_user_id('learner'))) ->> 'code',
  'validation_failed', 'to a learner of the course');
select lives_ok(format('select public.grant_quiz_attempt(%L, %L)', tests.lesson_id('Quiz one'), tests.get_user_id('enrolled')),
  'the course''s instructor grants an extra attempt with a password session (aal1)');
select is((select extra from public.quiz_attempt_grants), 1, 'and reads the grant');
select tests.authenticate_as('enrolled');
select is(public.start_quiz_attempt(tests.lesson_id('Quiz one')) ->> 'number', '3', 'the learner gets a third attempt');

-- cooldown ----------------------------------------------------------------------------------------------------
select tests.clear_authentication();
update public.quiz_settings set attempts_allowed = null, cooldown_minutes = 60 where lesson_id = tests.lesson_id('Quiz one');
select tests.authenticate_as('enrolled');
select isnt(public.save_quiz_attempt((tests.attempt_of('enrolled')).id) ->> 'next_attempt_at', null,
  'with a cooldown the result says when the next attempt opens');
select is(tests.quiz_error(format('select public.start_quiz_attempt(%L)', tests.lesson_id('Quiz one'))),
  '{"code": "attempts_exhausted", "status": 409}', 'starting during the cooldown is refused');
select ok((tests.quiz_error_body(format('select public.start_quiz_attempt(%L)', tests.lesson_id('Quiz one'))) -> 'details' ->> 'next_attempt_at')::timestamptz
  between now() + interval '59 minutes' and now() + interval '61 minutes', 'naming when the next attempt opens');
select tests.clear_authentication();
update public.quiz_attempts set submitted_at = submitted_at - interval '61 minutes' where user_id = tests.get_user_id('enrolled');
select tests.authenticate_as('enrolled');
select is(public.start_quiz_attempt(tests.lesson_id('Quiz one')) ->> 'number', '4', 'after the cooldown a new attempt starts');

-- deadlines ---------------------------------------------------------------------------------------------------
select tests.clear_authentication();
update public.quiz_settings set time_limit_minutes = 10, cooldown_minutes = 0 where lesson_id = tests.lesson_id('Quiz one');
select tests.authenticate_as('classmate');
create temporary table timed on commit drop as select public.start_quiz_attempt(tests.lesson_id('Quiz one')) as answer;
select ok((select (answer ->> 'deadline')::timestamptz = now() + interval '10 minutes' from timed), 'the deadline is stamped at start plus the limit');
select lives_ok(format($$select public.save_quiz_answer(%L, %L, '{"option": "b"}')$$, (select answer ->> 'attempt_id' from timed), tests.quiz_question_id('Pick b')),
  'before the deadline answers are saved');
select tests.clear_authentication();
update public.quiz_attempts set started_at = started_at - interval '20 minutes', deadline = deadline - interval '20 minutes'
where id = (select (answer ->> 'attempt_id')::uuid from timed);
select tests.authenticate_as('classmate');
select is(tests.quiz_error(format($$select public.save_quiz_answer(%L, %L, '{"option": "a"}')$$, (select answer ->> 'attempt_id' from timed), tests.quiz_question_id('Pick b'))),
  '{"code": "attempt_closed", "status": 409}', 'after the deadline an answer is refused');
select is(public.quiz_state(tests.lesson_id('Quiz one')) -> 'attempts' -> 0 ->> 'percent', '14.29',
  'the first read grades the expired attempt as it stood (Pick b right: 1 of 7 points)');
select tests.clear_authentication();
select is((select submitted_at = deadline from public.quiz_attempts where id = (select (answer ->> 'attempt_id')::uuid from timed)), true,
  'submitted at its deadline');
select tests.authenticate_as('classmate');
select isnt(public.start_quiz_attempt(tests.lesson_id('Quiz one')) ->> 'attempt_id', (select answer ->> 'attempt_id' from timed),
  'and the next start begins a new attempt instead of resuming it');

select * from finish();
rollback;
