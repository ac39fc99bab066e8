-- The studio's bank calls (save with the key in one transaction, import all or nothing with fields per item,
-- duplicate, preview with the key) and in-video checks (the question without its key for whoever reads the
-- lesson's content, graded answers that never block).
begin;
select plan(27);

select tests.create_quiz_fixture();

-- save_quiz_question ------------------------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
select is(tests.quiz_error(format($$select public.save_quiz_question(%L, null, '{"kind": "numeric", "prompt_md": "2+2", "numeric_answer": 4}')$$, tests.course_id('alpine-quiz'))),
  '{"code": "forbidden", "status": 403}', 'a learner cannot write the bank');
select tests.authenticate_as_anon();
select is(tests.quiz_error(format($$select public.save_quiz_question(%L, null, '{}')$$, tests.course_id('alpine-quiz'))) ->> 'code',
  'not_signed_in', 'a visitor is asked to sign in');
select tests.authenticate_as('other_owner');
select is(tests.quiz_error(format($$select public.save_quiz_question(%L, null, '{"kind": "numeric", "prompt_md": "2+2", "numeric_answer": 4}')$$, tests.course_id('alpine-quiz'))) ->> 'code',
  'forbidden', 'nor can another school''s owner');
select tests.authenticate_as('instructor');
select isnt(public.save_quiz_question(tests.course_id('alpine-quiz'), null, '{"kind": "numeric", "prompt_md": "2+2", "numeric_answer": 4, "tolerance": 0, "tags": ["maths"]}'),
  null, 'the instructor creates a question with its key');
select is((select numeric_answer from public.quiz_question_keys where question_id = tests.quiz_question_id('2+2')), 4::numeric, 'the key is written with it');
select lives_ok(format($$select public.save_quiz_question(%L, %L, '{"kind": "single", "prompt_md": "2+2", "options": [{"id": "x", "text": "4"}, {"id": "y", "text": "5"}], "correct_options": ["x"]}')$$,
  tests.course_id('alpine-quiz'), tests.quiz_question_id('2+2')), 'and turns it into a single choice, key and all, in one call');
select is((select row(q.kind, k.correct_options, k.numeric_answer)::text from public.quiz_questions q join public.quiz_question_keys k on k.question_id = q.id where q.prompt_md = '2+2'),
  '(single,{x},)', 'question and key changed together');
select is(tests.quiz_error(format($$select public.save_quiz_question(%L, null, '{"kind": "multiple", "prompt_md": "", "options": [{"id": "a", "text": "A"}], "correct_options": []}')$$, tests.course_id('alpine-quiz'))),
  jsonb_build_object('code', 'validation_failed', 'status', 422, 'fields', jsonb_build_object(
    'prompt_md', 'Write a prompt of 1 to 5,000 characters.', 'options', 'Give 2 to 10 options.',
    'correct_options', 'Pick at least one right option (each once).')),
  'a bad question is refused with a message per field');
select is(tests.quiz_error(format($$select public.save_quiz_question(%L, null, '{"kind": "numeric", "prompt_md": "x", "points": "ten"}')$$, tests.course_id('alpine-quiz'))) -> 'fields',
  '{"question": "Points, tolerance and the right number are numbers; tags, options and answers are arrays."}', 'values of the wrong JSON type too');

-- import ------------------------------------------------------------------------------------------------------
select is(public.import_quiz_questions(tests.course_id('alpine-quiz'), '[
  {"kind": "true_false", "prompt_md": "Imported one", "options": [{"id": "true", "text": "True"}, {"id": "false", "text": "False"}], "correct_options": ["false"]},
  {"kind": "short_answer", "prompt_md": "Imported two", "accepted_answers": ["yes"], "explanation_md": "Because."}
]'), 2, 'an import answers how many it added');
select is((select count(*)::integer from public.quiz_question_keys where question_id in (tests.quiz_question_id('Imported one'), tests.quiz_question_id('Imported two'))), 2,
  'with their keys');
select is(tests.quiz_error(format($$select public.import_quiz_questions(%L, '[
  {"kind": "short_answer", "prompt_md": "Fine", "accepted_answers": ["ok"]},
  {"kind": "numeric", "prompt_md": "No number"},
  {"kind": "essay", "prompt_md": "Unknown kind"}]')$$, tests.course_id('alpine-quiz'))) -> 'fields',
  '{"1.numeric_answer": "Give the right number.", "2.kind": "Choose single, multiple, true_false, short_answer or numeric."}',
  'a bad item names its index and field');
select is((select count(*)::integer from public.quiz_questions where prompt_md = 'Fine'), 0, 'and nothing is imported');
select is(tests.quiz_error(format($$select public.import_quiz_questions(%L, '{}')$$, tests.course_id('alpine-quiz'))) -> 'fields',
  '{"p_questions": "Import 1 to 500 questions at a time."}', 'an import is a list of 1 to 500');

-- duplicate and preview ---------------------------------------------------------------------------------------
select isnt(public.duplicate_quiz_question(tests.quiz_question_id('Pick b')), tests.quiz_question_id('Pick b'), 'a question is duplicated');
select is((select count(*)::integer from public.quiz_questions q join public.quiz_question_keys k on k.question_id = q.id where q.prompt_md = 'Pick b'), 2,
  'key and all');
select is(public.quiz_preview(tests.lesson_id('Quiz one')) -> 'questions' -> 0 -> 'correct_options', '["b"]', 'the preview shows the key to the author');
select tests.authenticate_as('enrolled');
select is(tests.quiz_error(format('select public.quiz_preview(%L)', tests.lesson_id('Quiz one'))) ->> 'code', 'forbidden', 'but not to a learner');
select is(tests.quiz_error(format('select public.duplicate_quiz_question(%L)', tests.quiz_question_id('Pi'))) ->> 'code', 'forbidden', 'who cannot duplicate either');

-- in-video checks ---------------------------------------------------------------------------------------------
select tests.authenticate_as('instructor');
select throws_ok(format($$insert into public.video_checks (lesson_id, course_id, at_s, question_id) values (%L, %L, 30, %L)$$,
  tests.lesson_id('Welcome'), tests.course_id('alpine-basics'), tests.quiz_question_id('Pi')),
  '23503', null, 'a check pins a question of its own course''s bank');
select throws_ok(format($$insert into public.video_checks (lesson_id, course_id, at_s, question_id) values (%L, %L, 30, %L)$$,
  tests.lesson_id('Quiz reading'), tests.course_id('alpine-quiz'), tests.quiz_question_id('Pick b')),
  '23514', null, 'a check is pinned to a video lesson only');
select tests.clear_authentication();
insert into public.lessons (course_id, section_id, position, title, kind, duration_s, completion_rule)
values (tests.course_id('alpine-quiz'), tests.section_id('Quiz section'), 3, 'Quiz video', 'video', 120, 'video');
select tests.authenticate_as('instructor');
insert into public.video_checks (lesson_id, course_id, at_s, question_id)
values (tests.lesson_id('Quiz video'), tests.course_id('alpine-quiz'), 45, tests.quiz_question_id('Highest Alp'));
select tests.authenticate_as('enrolled');
select is(public.video_check_question((select id from public.video_checks where at_s = 45)) - 'id',
  jsonb_build_object('at_s', 45, 'question', jsonb_build_object('id', tests.quiz_question_id('Highest Alp'), 'kind', 'short_answer', 'prompt_md', 'Highest Alp', 'options', '[]'::jsonb)),
  'a learner gets the check''s question without its key');
select is(public.answer_video_check((select id from public.video_checks where at_s = 45), '{"text": "K2"}'),
  '{"correct": false, "explanation_md": "Mont Blanc, 4,806 m."}', 'a wrong answer is graded, with the explanation, and does not block');
select is(public.answer_video_check((select id from public.video_checks where at_s = 45), '{"text": "mont blanc"}') ->> 'correct',
  'true', 're-answering replaces the answer');
select is((select count(*)::integer from public.video_check_answers), 1, 'one answer per learner and check');
select is(tests.quiz_error(format($$select public.answer_video_check(%L, '{"option": "a"}')$$, (select id from public.video_checks where at_s = 45))) ->> 'code',
  'validation_failed', 'a malformed answer is refused');
select tests.authenticate_as('learner');
select is(tests.quiz_error(format($$select public.video_check_question(%L)$$, (select id from public.video_checks where at_s = 45))) ->> 'code',
  'forbidden', 'someone who cannot read the lesson gets nothing');

select * from finish();
rollback;
