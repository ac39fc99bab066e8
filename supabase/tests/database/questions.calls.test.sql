-- Q&A beyond the policies: the hourly limits on questions and answers (rate_limited, per user), the studio's
-- open_questions() list (only the caller's schools' courses, only what waits for the staff), and
-- claim_answer_email() (service role only, once per answer, never for answering oneself).
begin;
select plan(13);

select tests.create_course_fixture();
select tests.create_user('classmate', 'Cleo Classmate');
insert into public.enrollments (course_id, user_id, source)
values (tests.course_id('alpine-basics'), tests.get_user_id('classmate'), 'open'),
       (tests.course_id('beacon-basics'), tests.get_user_id('classmate'), 'open');

-- limits ---------------------------------------------------------------------------------------------------------
select tests.clear_authentication();
insert into public.questions (author_id, lesson_id, body)
select tests.get_user_id('enrolled'), tests.lesson_id('Welcome'), 'Question number ' || i from generate_series(1, 20) as i;
select tests.authenticate_as('enrolled');
select throws_like(
  $$insert into public.questions (lesson_id, body) values (tests.lesson_id('Welcome'), 'The twenty-first')$$,
  '%rate_limited%20 questions in the last hour%', 'the 21st question within an hour is refused with rate_limited'
);
select tests.authenticate_as('classmate');
select lives_ok(
  $$insert into public.questions (lesson_id, body) values (tests.lesson_id('Welcome'), 'My first question')$$,
  'the question limit is per user'
);
select tests.clear_authentication();
insert into public.answers (author_id, question_id, body)
select tests.get_user_id('classmate'), q.id, 'Answer ' || i
from generate_series(1, 60) as i, lateral (select id from public.questions where body = 'Question number 1') as q;
select tests.authenticate_as('classmate');
select throws_like(
  $$insert into public.answers (question_id, body) select id, 'Answer 61' from public.questions where body = 'Question number 2'$$,
  '%rate_limited%60 answers in the last hour%', 'the 61st answer within an hour is refused with rate_limited'
);

-- open_questions ---------------------------------------------------------------------------------------------------
select tests.authenticate_as('instructor');
select results_eq(
  $$select count(*)::int from public.open_questions()$$, array[21],
  'the course''s instructor sees every unanswered, unresolved question of the school''s courses'
);
insert into public.answers (question_id, body) select id, 'Staff answer' from public.questions where body = 'Question number 1';
update public.questions set resolved = true where body = 'Question number 2';
select results_eq(
  $$select count(*)::int from public.open_questions()$$, array[19],
  'a staff answer or a resolution takes a question off the list (learners'' answers do not)'
);
select results_eq(
  $$select course_title, lesson_title, author_name from public.open_questions() where body = 'Question number 3'$$,
  $$values ('Alpine Basics'::text, 'Welcome'::text, 'Erin Enrolled'::text)$$,
  'each entry names its course, lesson and asker'
);
select tests.authenticate_as('classmate');
insert into public.questions (lesson_id, body) values (tests.lesson_id('Beacon lesson'), 'A question for Beacon');
select is_empty('select * from public.open_questions()', 'a learner (of both schools) sees no open questions: they teach nowhere');
select tests.authenticate_as('other_owner');
select results_eq(
  $$select course_title from public.open_questions()$$, array['Beacon Basics'::text],
  'the owner of another school sees only their own school''s questions'
);
select tests.authenticate_as_anon();
select throws_ok('select * from public.open_questions()', '42501', null, 'anon cannot call open_questions');

-- claim_answer_email -------------------------------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
select throws_ok(
  $$select public.claim_answer_email((select id from public.answers where body = 'Staff answer'))$$,
  '42501', null, 'learners cannot claim emails (they would read the asker''s address)'
);
select set_config('tests.answer', (select id::text from public.answers where body = 'Staff answer'), true);
select tests.authenticate_as_service_role();
select results_eq(
  $$select e->>'to', e->>'answerer_name', (e->>'is_instructor')::boolean, e->>'course_slug', e->>'lesson_title'
    from public.claim_answer_email(current_setting('tests.answer')::uuid) as e$$,
  $$values ('enrolled@test.summit.local'::text, 'Ivan Instructor'::text, true, 'alpine-basics'::text, 'Welcome'::text)$$,
  'the service role claims the email to the asker with what it should say'
);
select is(
  public.claim_answer_email(current_setting('tests.answer')::uuid), null,
  'an email is claimed once: a second claim gets nothing'
);
select tests.clear_authentication();
insert into public.answers (question_id, author_id, body)
select id, tests.get_user_id('enrolled'), 'Answering myself' from public.questions where body = 'Question number 3';
select is_empty(
  $$select 1 from private.answer_emails e join public.answers a on a.id = e.answer_id where a.body = 'Answering myself'$$,
  'answering one''s own question sends no email'
);

select * from finish();
rollback;
