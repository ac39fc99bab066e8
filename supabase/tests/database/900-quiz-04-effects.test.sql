-- What a graded quiz changes elsewhere: a pass completes the lesson the way every completion happens (daily
-- activity, the enrollment, the certificate with the scores in its snapshot, achievements), a quiz cannot be
-- ticked, the outline, stats, learners page and account export learn about attempts (the export never shows a
-- key before review allows it), and deleting an account takes its attempts.
begin;
select plan(33);

select tests.create_quiz_fixture();

-- a quiz is not ticked ----------------------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
select is(tests.quiz_error(format('select public.save_progress(%L, 0, 0, true)', tests.lesson_id('Quiz one'))),
  '{"code": "validation_failed", "fields": {"completed": "A quiz is completed by passing it, not by ticking it."}, "status": 422}',
  'ticking a quiz lesson is refused');
select is(public.save_progress(tests.lesson_id('Quiz one'), 0, 0) -> 'progress' ->> 'status', 'in_progress',
  'opening it is recorded');
select is(public.save_progress(tests.lesson_id('Quiz one'), 0, 0) ->> 'incomplete_reason', 'quiz', 'and says a quiz completes it');
select tests.clear_authentication();

-- failing, then passing ---------------------------------------------------------------------------------------
select tests.quiz_tick_as('enrolled', 'Quiz reading');
select tests.take_quiz_as('enrolled', '{"Pick b": {"option": "a"}}');
select is((select status::text from public.lesson_progress where lesson_id = tests.lesson_id('Quiz one') and user_id = tests.get_user_id('enrolled')),
  'in_progress', 'a failed attempt leaves the quiz incomplete');
select is((select status::text from public.enrollments where course_id = tests.course_id('alpine-quiz') and user_id = tests.get_user_id('enrolled')),
  'active', 'and the course with it');
select is_empty($$select id from public.certificates where user_id = tests.get_user_id('enrolled') and course_id = tests.course_id('alpine-quiz')$$, 'no certificate without the quiz passed');
select is((select coalesce(sum(lessons_completed), 0)::integer from public.daily_activity where user_id = tests.get_user_id('enrolled')), 1,
  'daily activity counts the one lesson read');

select tests.take_quiz_as('enrolled', tests.perfect_answers());
select is((select row(status::text, completed_by::text)::text from public.lesson_progress where lesson_id = tests.lesson_id('Quiz one') and user_id = tests.get_user_id('enrolled')),
  '(completed,rule)', 'a pass completes the quiz lesson, by the rule');
select is((select coalesce(sum(lessons_completed), 0)::integer from public.daily_activity where user_id = tests.get_user_id('enrolled')), 2,
  'daily activity counts it as a lesson completed');
select is((select status::text from public.enrollments where course_id = tests.course_id('alpine-quiz') and user_id = tests.get_user_id('enrolled')),
  'completed', 'the course completes with its last lesson, the quiz');
select is((select snapshot -> 'quizzes' from public.certificates where user_id = tests.get_user_id('enrolled') and course_id = tests.course_id('alpine-quiz')),
  jsonb_build_array(jsonb_build_object('lesson_id', tests.lesson_id('Quiz one'), 'title', 'Quiz one', 'required', true, 'percent', 100.00, 'passed', true)),
  'the certificate is issued, its snapshot recording the quiz score');
select is((select array_agg(code order by code) from public.user_achievements where user_id = tests.get_user_id('enrolled') and code in ('quiz_passed_first_try', 'perfect_score')),
  array['perfect_score'], 'a perfect score earns perfect_score; a pass on attempt 2 is not a first try');
select tests.take_quiz_as('enrolled', '{}');
select is((select status::text from public.lesson_progress where lesson_id = tests.lesson_id('Quiz one') and user_id = tests.get_user_id('enrolled')),
  'completed', 'a later failed attempt does not take the completion back');

-- first try, not perfect
select tests.take_quiz_as('classmate', '{"Pick b": {"option": "b"}, "Pick a and c": {"options": ["a", "c"]}, "Pi": {"value": 3.14}}');
select is((select array_agg(code order by code) from public.user_achievements where user_id = tests.get_user_id('classmate') and code in ('quiz_passed_first_try', 'perfect_score')),
  array['quiz_passed_first_try'], 'passing on the first attempt earns quiz_passed_first_try');
select is((select status::text from public.enrollments where course_id = tests.course_id('alpine-quiz') and user_id = tests.get_user_id('classmate')),
  'active', 'a passed quiz alone does not complete a course with an unread lesson');

-- a quiz that is not required
update public.quiz_settings set required = false where lesson_id = tests.lesson_id('Quiz one');
insert into public.enrollments (course_id, user_id, source) values (tests.course_id('alpine-quiz'), tests.get_user_id('learner'), 'open');
select tests.quiz_tick_as('learner', 'Quiz reading');
select is((select status::text from public.enrollments where course_id = tests.course_id('alpine-quiz') and user_id = tests.get_user_id('learner')),
  'completed', 'a practice quiz (not required) is not needed to complete the course');
update public.quiz_settings set required = true where lesson_id = tests.lesson_id('Quiz one');

-- outline and stats -------------------------------------------------------------------------------------------
select tests.authenticate_as('classmate');
select is(public.course_outline('alpine-quiz')::jsonb -> 'sections' -> 0 -> 'lessons' -> 1 -> 'quiz',
  '{"pass_mark": 60, "required": true, "best_percent": 71.43, "passed": true}', 'the outline''s quiz row shows the pass mark and the caller''s best score');
select is(public.course_outline('alpine-quiz')::jsonb -> 'sections' -> 0 -> 'lessons' -> 0 -> 'quiz', 'null'::jsonb, 'other lessons have no quiz');
select is((select sum((w ->> 'quizzes')::integer)::integer from jsonb_array_elements(public.learner_stats() -> 'quizzes_per_week') w), 1,
  'learner_stats counts the quiz passed this week');
select is(jsonb_array_length(public.learner_stats() -> 'quizzes_per_week'), 12, 'over 12 weeks');
select tests.authenticate_as_anon();
select is(public.course_outline('alpine-quiz')::jsonb -> 'sections' -> 0 -> 'lessons' -> 1 -> 'quiz',
  '{"pass_mark": 60, "required": true, "best_percent": null, "passed": false}', 'a visitor sees the pass mark only');

-- learners page -----------------------------------------------------------------------------------------------
select tests.authenticate_as('instructor');
select is(
  (select array_agg(row(attempts, best_percent, passed)::text order by best_percent) from public.course_quiz_scores(tests.course_id('alpine-quiz'))),
  array['(1,71.43,t)', '(3,100.00,t)'], 'staff read each learner''s attempts and best score per quiz');
update public.quiz_settings set grading = 'latest' where lesson_id = tests.lesson_id('Quiz one');
select is((select best_percent from public.course_quiz_scores(tests.course_id('alpine-quiz')) where user_id = tests.get_user_id('enrolled')),
  0.00, 'with grading latest the latest attempt counts');
select tests.authenticate_as('enrolled');
select is(tests.quiz_error(format('select public.course_quiz_scores(%L)', tests.course_id('alpine-quiz'))),
  '{"code": "forbidden", "status": 403}', 'learners cannot read the scores');
select tests.authenticate_as('other_owner');
select is(tests.quiz_error(format('select public.course_quiz_scores(%L)', tests.course_id('alpine-quiz'))),
  '{"code": "forbidden", "status": 403}', 'nor can another school''s owner');

-- account export ----------------------------------------------------------------------------------------------
select tests.clear_authentication();
update public.quiz_settings set review_when = 'after_last_attempt', attempts_allowed = null where lesson_id = tests.lesson_id('Quiz one');
select is((select count(*)::integer from jsonb_array_elements(public.account_export(tests.get_user_id('classmate')) -> 'quiz_attempts') a where a -> 'review' = 'null'::jsonb), 1,
  'the export carries the attempt, without its review while review is not open');
select unalike(public.account_export(tests.get_user_id('classmate'))::text, '%Mont Blanc%', 'and without any key');
select is(public.account_export(tests.get_user_id('classmate')) -> 'quiz_attempts' -> 0 -> 'answers' -> tests.quiz_question_id('Pi')::text,
  '{"value": 3.14}', 'with the learner''s own answers');
update public.quiz_settings set review_when = 'immediately' where lesson_id = tests.lesson_id('Quiz one');
select alike(public.account_export(tests.get_user_id('classmate'))::text, '%Mont Blanc%', 'once review allows it, the export has the full review');

-- account deletion --------------------------------------------------------------------------------------------
select tests.authenticate_as('instructor');
select lives_ok(format('select public.grant_quiz_attempt(%L, %L)', tests.lesson_id('Quiz one'), tests.get_user_id('classmate')), 'a grant to delete later');
select tests.clear_authentication();
create temporary table gone on commit drop as select tests.get_user_id('classmate') as id;
select lives_ok(format($$select * from public.delete_account(%L, '{"aal": "aal1"}')$$, tests.get_user_id('classmate')), 'the classmate deletes their account');
select is((select count(*)::integer from public.quiz_attempts where user_id = (select id from gone)), 0, 'their attempts are gone');
select is((select count(*)::integer from public.quiz_attempt_grants where lesson_id = tests.lesson_id('Quiz one')), 0, 'and their grants');

select * from finish();
rollback;
