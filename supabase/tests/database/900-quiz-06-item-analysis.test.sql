-- Item analysis kept by the database as attempts are graded, checked against numbers computed by hand.
-- 'Quiz one' is cut to three fixed questions: 'Pick b' (1 point), 'Sky is blue' (1), 'Pi' (2); 4 points, pass 60 %.
--   learner     Pick b  Sky  Pi   score  percent
--   enrolled    1       1    2    4      100
--   classmate   1       0    0    1      25
--   learner     0 (a)   1    2    3      75
--   grader      -       -    -    0      0
-- facility (share right) is 0.5 for each. Discrimination is the correlation of the item score x (points / the
-- question's points) with the rest r ((score - points) / (4 - the question's points)):
--   Pick b: x 1,1,0,0; r 1,0,1,0                      -> 0
--   Sky:    x 1,0,1,0; r 1,1/3,2/3,0                  -> 0.1667 / sqrt(0.25 x 0.1389) = 0.8944
--   Pi:     x 1,0,1,0; r 1,1/2,1/2,0                  -> 0.125 / sqrt(0.25 x 0.125) = 0.7071
-- Cronbach's alpha: item variances 0.25 + 0.25 + 1 = 1.5, score variance 2.5: 3/2 x (1 - 1.5 / 2.5) = 0.6.
begin;
select plan(20);

select tests.create_quiz_fixture();
select tests.create_user('grader', 'Greta Grader');
insert into public.enrollments (course_id, user_id, source)
values (tests.course_id('alpine-quiz'), tests.get_user_id('learner'), 'open'), (tests.course_id('alpine-quiz'), tests.get_user_id('grader'), 'open');
update public.quiz_settings
set question_ids = array[tests.quiz_question_id('Pick b'), tests.quiz_question_id('Sky is blue'), tests.quiz_question_id('Pi')]
where lesson_id = tests.lesson_id('Quiz one');

select tests.take_quiz_as('enrolled', '{"Pick b": {"option": "b"}, "Sky is blue": {"option": "true"}, "Pi": {"value": 3.14}}');
select tests.take_quiz_as('classmate', '{"Pick b": {"option": "b"}, "Sky is blue": {"option": "false"}, "Pi": {"value": 9}}');
select tests.take_quiz_as('learner', '{"Pick b": {"option": "a"}, "Sky is blue": {"option": "true"}, "Pi": {"value": 3.14}}');
select tests.take_quiz_as('grader', '{}');

select tests.authenticate_as('instructor');
select set_config('realtime.topic', 'course-analytics:' || tests.course_id('alpine-quiz'), true);
select ok(exists (select 1 from realtime.messages where topic = 'course-analytics:' || tests.course_id('alpine-quiz') and event = 'changed'),
  'a graded attempt is announced on the course''s analytics channel');
create temporary table analysis on commit drop as select public.quiz_item_analysis(tests.lesson_id('Quiz one')) as a;
select is((select a - 'questions' - 'score_distribution' - 'video_checks' - 'lesson_id' from analysis),
  '{"attempts": 4, "learners": 4, "pass_rate": 0.5000, "alpha": 0.6000}', 'attempts, learners, pass rate and alpha');
select is((select array_agg((b ->> 'count')::integer order by i) from analysis, jsonb_array_elements(a -> 'score_distribution') with ordinality as x(b, i)),
  array[1, 0, 1, 0, 0, 0, 0, 1, 0, 1], 'the score distribution: 0-9, 20-29, 70-79 and 90-100 once each');
select is((select a -> 'score_distribution' -> 9 ->> 'bucket' from analysis), '90-100', 'the last bucket holds 100 %');
select is((select array_agg(q ->> 'prompt_md' order by i) from analysis, jsonb_array_elements(a -> 'questions') with ordinality as x(q, i)),
  array['Pick b', 'Sky is blue', 'Pi'], 'questions in the quiz''s order');
select is((select array_agg((q ->> 'facility')::numeric order by i) from analysis, jsonb_array_elements(a -> 'questions') with ordinality as x(q, i)),
  array[0.5, 0.5, 0.5], 'facility: half got each right');
select is((select array_agg((q ->> 'discrimination')::numeric order by i) from analysis, jsonb_array_elements(a -> 'questions') with ordinality as x(q, i)),
  array[0, 0.8944, 0.7071], 'discrimination: the item-rest correlations');
select is((select a -> 'questions' -> 0 -> 'options' from analysis),
  '[{"id": "a", "text": "A", "picks": 1}, {"id": "b", "text": "B", "picks": 2}, {"id": "c", "text": "C", "picks": 0}]', 'picks per option');
select is((select a -> 'questions' -> 1 -> 'options' from analysis),
  '[{"id": "true", "text": "True", "picks": 2}, {"id": "false", "text": "False", "picks": 1}]', 'true/false picks');
select is((select bool_or((q ->> 'flagged')::boolean) from analysis, jsonb_array_elements(a -> 'questions') q), false,
  'no flag before 30 attempts, not even for a discrimination of 0');

-- who may read
select tests.authenticate_as('enrolled');
select is(tests.quiz_error(format('select public.quiz_item_analysis(%L)', tests.lesson_id('Quiz one'))), '{"code": "forbidden", "status": 403}', 'learners may not read it');
select tests.authenticate_as('other_owner');
select is(tests.quiz_error(format('select public.quiz_item_analysis(%L)', tests.lesson_id('Quiz one'))), '{"code": "forbidden", "status": 403}', 'nor another school''s owner');
select tests.authenticate_as_anon();
select is(tests.quiz_error(format('select public.quiz_item_analysis(%L)', tests.lesson_id('Quiz one'))), '{"code": "not_signed_in", "status": 401}', 'visitors are asked to sign in');

-- a second attempt counts as an attempt, not a learner; a deleted account takes its attempts back
select tests.clear_authentication();
select tests.take_quiz_as('classmate', '{"Pick b": {"option": "b"}, "Sky is blue": {"option": "true"}, "Pi": {"value": 3.14}}');
select tests.authenticate_as('instructor');
select is(public.quiz_item_analysis(tests.lesson_id('Quiz one')) - 'questions' - 'score_distribution' - 'video_checks' - 'lesson_id' - 'alpha',
  '{"attempts": 5, "learners": 4, "pass_rate": 0.6000}', 'a retake adds an attempt and a pass, not a learner');
select tests.clear_authentication();
select lives_ok(format($$select * from public.delete_account(%L, '{"aal": "aal1"}')$$, tests.get_user_id('grader')), 'a learner deletes their account');
select tests.authenticate_as('instructor');
select is(public.quiz_item_analysis(tests.lesson_id('Quiz one')) -> 'score_distribution' -> 0 -> 'count', '0', 'their attempt leaves the distribution');
select is(public.quiz_item_analysis(tests.lesson_id('Quiz one')) ->> 'learners', '3', 'and the learners');

-- an expired attempt is graded by the analysis read
select tests.clear_authentication();
update public.quiz_settings set time_limit_minutes = 5 where lesson_id = tests.lesson_id('Quiz one');
select tests.start_quiz_as('learner');
update public.quiz_attempts set deadline = now() - interval '1 minute' where submitted_at is null;
select tests.authenticate_as('instructor');
select is(public.quiz_item_analysis(tests.lesson_id('Quiz one')) ->> 'attempts', '5', 'an attempt left open past its deadline is graded when the analysis is read');

-- flags once a question has 30 attempts
select tests.clear_authentication();
update public.quiz_settings set time_limit_minutes = null where lesson_id = tests.lesson_id('Quiz one');
select tests.take_quiz_as('enrolled', '{"Pick b": {"option": "b"}, "Sky is blue": {"option": "true"}, "Pi": {"value": 3.14}}') from generate_series(1, 40);
select tests.authenticate_as('instructor');
select is((select array_agg(q ->> 'flag_reason' order by i) from jsonb_array_elements(public.quiz_item_analysis(tests.lesson_id('Quiz one')) -> 'questions') with ordinality as x(q, i)),
  array['too_easy', 'too_easy', 'too_easy'], 'with 45 attempts, questions nearly everyone gets right are flagged too easy');
create temporary table kept on commit drop as select public.quiz_item_analysis(tests.lesson_id('Quiz one')) as a;
select tests.clear_authentication();
select private.rebuild_quiz_item_analysis(tests.lesson_id('Quiz one'));
select tests.authenticate_as('instructor');
select is(public.quiz_item_analysis(tests.lesson_id('Quiz one')), (select a from kept),
  'a rebuild from the attempts gives the same numbers as the triggers kept (45 attempts)');

select * from finish();
rollback;
