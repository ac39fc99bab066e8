-- The question bank, its keys, quiz settings, attempts and grants under row-level security, per role: visitors,
-- an enrolled learner, the owner of another school, and the course's instructor. The key (right options,
-- accepted answers, numeric answer, explanation) reaches nobody but the course's staff: not through the tables,
-- not through Realtime's publication, not through course_outline.
begin;
select plan(46);

select tests.create_quiz_fixture();
select tests.take_quiz_as('enrolled', '{"Pick b": {"option": "a"}}');

-- visitors --------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select is(tests.quiz_error('select id from public.quiz_questions'), '{"sqlstate": "42501"}', 'visitors cannot read the bank');
select is(tests.quiz_error('select question_id from public.quiz_question_keys'), '{"sqlstate": "42501"}', 'visitors cannot read keys');
select is(tests.quiz_error('select id from public.quiz_attempts'), '{"sqlstate": "42501"}', 'visitors cannot read attempts');
select is(tests.quiz_error('select extra from public.quiz_attempt_grants'), '{"sqlstate": "42501"}', 'visitors cannot read grants');
select results_eq($$select pass_mark from public.quiz_settings where lesson_id = tests.lesson_id('Quiz one')$$,
  array[60], 'visitors read the settings of a published course''s quiz');
select is((select count(*)::integer from public.quiz_settings where course_id = tests.course_id('alpine-draft')), 0,
  'but nothing of a draft''s');
select unalike(public.course_outline('alpine-quiz')::jsonb::text, '%Mont Blanc%', 'the outline a visitor reads holds no key');

-- an enrolled learner -----------------------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
select is_empty('select id from public.quiz_questions', 'an enrolled learner reads no bank question');
select is_empty('select question_id from public.quiz_question_keys', 'nor any key');
select throws_ok($$insert into public.quiz_questions (course_id, kind, prompt_md, options) values (tests.course_id('alpine-quiz'), 'short_answer', 'Mine', '[]')$$,
  '42501', null, 'a learner cannot add a question');
select throws_ok($$insert into public.quiz_question_keys (question_id, accepted_answers) values (tests.quiz_question_id('Highest Alp'), '{x}')$$,
  '42501', null, 'nor a key');
select is_empty($$update public.quiz_question_keys set accepted_answers = '{x}' returning question_id$$, 'nor change a key');
select is_empty($$update public.quiz_questions set points = 100 returning id$$, 'nor change a question');
select is_empty($$delete from public.quiz_questions returning id$$, 'nor delete one');
select is_empty($$update public.quiz_settings set pass_mark = 0 returning lesson_id$$, 'nor change a quiz''s settings');
select results_eq('select user_id from public.quiz_attempts', array[tests.get_user_id('enrolled')], 'a learner reads their own attempt');
select is(tests.quiz_error('select results from public.quiz_attempts'), '{"sqlstate": "42501"}',
  'but not its results (which answers were right) through the Data API');
select lives_ok('select id, answers, score, percent, passed from public.quiz_attempts', 'the other columns are theirs to read');
select throws_ok($$insert into public.quiz_attempts (user_id, lesson_id, course_id, number, question_ids, max_score)
    values (auth.uid(), tests.lesson_id('Quiz one'), tests.course_id('alpine-quiz'), 9, array[tests.quiz_question_id('Pick b')], 1)$$,
  '42501', null, 'a learner cannot write an attempt');
select throws_ok($$update public.quiz_attempts set score = 7$$, '42501', null, 'nor grade one');
select throws_ok($$delete from public.quiz_attempts$$, '42501', null, 'nor delete one');
select throws_ok($$insert into public.quiz_attempt_grants (lesson_id, course_id, user_id, extra) values (tests.lesson_id('Quiz one'), tests.course_id('alpine-quiz'), auth.uid(), 5)$$,
  '42501', null, 'nor grant themselves attempts');
select unalike(public.course_outline('alpine-quiz', tests.lesson_id('Quiz one'))::jsonb::text, '%Mont Blanc%',
  'the outline and the quiz lesson the learner reads hold no key');
select unalike(public.start_quiz_attempt(tests.lesson_id('Quiz one'))::text, '%B is right%',
  'nor does the attempt they start');
select tests.authenticate_as('classmate');
select is_empty('select id from public.quiz_attempts', 'a classmate reads no one else''s attempt');

-- the owner of another school ---------------------------------------------------------------------------------
select tests.authenticate_as('other_owner');
select is_empty('select id from public.quiz_questions', 'another school''s owner reads no bank question');
select is_empty('select question_id from public.quiz_question_keys', 'nor any key');
select is_empty('select id from public.quiz_attempts', 'nor any attempt');
select throws_ok($$insert into public.quiz_questions (course_id, kind, prompt_md, options) values (tests.course_id('alpine-quiz'), 'short_answer', 'Theirs', '[]')$$,
  '42501', null, 'nor adds a question to it');
select is_empty($$update public.quiz_settings set pass_mark = 0 returning lesson_id$$, 'nor changes its settings');

-- the course's instructor -------------------------------------------------------------------------------------
select tests.authenticate_as('instructor');
select is((select count(*)::integer from public.quiz_questions), 5, 'the course''s instructor reads the bank');
select is((select count(*)::integer from public.quiz_question_keys), 5, 'and every key');
select is((select count(*)::integer from public.quiz_attempts), 2, 'and every learner''s attempt');
select is(tests.quiz_error('select results from public.quiz_attempts'), '{"sqlstate": "42501"}',
  'results come through quiz_attempt_review, for staff too');
select lives_ok($$insert into public.quiz_questions (course_id, kind, prompt_md, options, tags) values (tests.course_id('alpine-quiz'), 'short_answer', 'Capital of Switzerland', '[]', '{facts}')$$,
  'the instructor adds a question');
select lives_ok($$insert into public.quiz_question_keys (question_id, accepted_answers) values (tests.quiz_question_id('Capital of Switzerland'), '{Bern,Berne}')$$,
  'and its key');
select lives_ok($$update public.quiz_settings set pass_mark = 80, attempts_allowed = 3 where lesson_id = tests.lesson_id('Quiz one')$$,
  'and edits the quiz''s settings');
select throws_ok($$delete from public.quiz_questions where id = tests.quiz_question_id('Pick b')$$, '23503', null,
  'a question an attempt uses cannot be deleted');
select results_eq($$delete from public.quiz_questions where id = tests.quiz_question_id('Capital of Switzerland') returning prompt_md$$,
  array['Capital of Switzerland'], 'an unused one can (its key goes with it)');
select throws_ok($$update public.quiz_settings set question_ids = array[tests.quiz_question_id('Pick b'), tests.quiz_question_id('Pick b')] where lesson_id = tests.lesson_id('Quiz one')$$,
  '23514', null, 'a quiz''s fixed questions are each listed once');

-- shapes ------------------------------------------------------------------------------------------------------
select throws_ok($$insert into public.quiz_questions (course_id, kind, prompt_md, options) values (tests.course_id('alpine-quiz'), 'single', 'One option', '[{"id":"a","text":"A"}]')$$,
  '23514', null, 'a single-choice question needs 2 to 10 options');
select throws_ok($$insert into public.quiz_questions (course_id, kind, prompt_md, options) values (tests.course_id('alpine-quiz'), 'true_false', 'Yes or no', '[{"id":"y","text":"Yes"},{"id":"n","text":"No"}]')$$,
  '23514', null, 'a true/false question has the options True and False');
insert into public.quiz_questions (course_id, kind, prompt_md, options)
values (tests.course_id('alpine-quiz'), 'single', 'Two right', '[{"id":"a","text":"A"},{"id":"b","text":"B"}]');
select throws_ok($$
  insert into public.quiz_question_keys (question_id, correct_options) values (tests.quiz_question_id('Two right'), '{a,b}');
  set constraints all immediate$$,
  '23514', null, 'a single-choice key has exactly one right option (checked at commit)');
select throws_ok($$update public.lessons set completion_rule = 'video' where id = tests.lesson_id('Quiz one')$$,
  '23514', null, 'a quiz lesson''s rule stays manual: it completes by passing');

-- Realtime ----------------------------------------------------------------------------------------------------
select tests.clear_authentication();
select is_empty($$select tablename from pg_publication_tables where pubname = 'supabase_realtime'
    and tablename in ('quiz_questions', 'quiz_question_keys', 'quiz_attempts', 'video_checks', 'video_check_answers')$$,
  'no quiz table (bank, keys, attempts with their results) is published on Realtime');
select is((select count(*)::integer from public.quiz_settings where lesson_id = tests.lesson_id('Quiz one')), 1,
  'a quiz lesson got its settings row when it was added');

select * from finish();
rollback;
