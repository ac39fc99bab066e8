-- questions and answers: the course's enrolled learners (active or completed) and its school's members read, ask and
-- answer; a learner of no course, the owner of another school and anon do none of it. is_instructor, the course and
-- the names are the database's; the asker or the staff mark a question resolved, nobody else.
begin;
select plan(36);

select tests.create_course_fixture();
select tests.create_user('classmate', 'Cleo Classmate');
select tests.create_user('graduate', 'Gus Graduate');
select tests.create_user('removed', 'Remy Removed');
insert into public.enrollments (course_id, user_id, source, status, completed_at)
values (tests.course_id('alpine-basics'), tests.get_user_id('classmate'), 'open', 'active', null),
       (tests.course_id('alpine-basics'), tests.get_user_id('graduate'), 'open', 'completed', now()),
       (tests.course_id('alpine-basics'), tests.get_user_id('removed'), 'open', 'removed', null);

-- asking -------------------------------------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
select lives_ok(
  $$insert into public.questions (lesson_id, body) values (tests.lesson_id('Welcome'), 'Which knot for the harness?')$$,
  'an enrolled learner asks a question'
);
select results_eq(
  $$select course_id, author_id, author_name, resolved, answer_count from public.questions$$,
  $$values (tests.course_id('alpine-basics'), tests.get_user_id('enrolled'), 'Erin Enrolled'::text, false, 0)$$,
  'the course, asker, name and counters are set by the database'
);
select throws_ok(
  $$insert into public.questions (lesson_id, body, resolved) values (tests.lesson_id('Welcome'), 'Born resolved?', true)$$,
  '42501', null, 'a question cannot be created resolved (no column grant)'
);
select throws_ok(
  $$insert into public.questions (lesson_id, body) values (tests.lesson_id('Beacon lesson'), 'Not my course?')$$,
  '42501', null, 'a learner cannot ask in a course they are not enrolled in'
);
select throws_like(
  $$insert into public.questions (lesson_id, body) values (tests.lesson_id('Welcome'), 'ok')$$,
  '%validation_failed%at least 3 characters%', 'a question under 3 characters is refused with validation_failed'
);
select throws_like(
  $$insert into public.questions (lesson_id, body) values (tests.lesson_id('Welcome'), repeat('?', 4001))$$,
  '%validation_failed%at most 4,000 characters%', 'a question over 4,000 characters is refused with validation_failed'
);
select tests.authenticate_as('graduate');
select lives_ok(
  $$insert into public.questions (lesson_id, body) values (tests.lesson_id('First steps'), 'Still curious after finishing')$$,
  'a learner who completed the course still asks'
);
select tests.authenticate_as('removed');
select throws_ok(
  $$insert into public.questions (lesson_id, body) values (tests.lesson_id('Welcome'), 'Am I still here?')$$,
  '42501', null, 'a removed learner cannot ask'
);
select is_empty('select * from public.questions', 'a removed learner reads no questions');
select tests.authenticate_as('learner');
select throws_ok(
  $$insert into public.questions (lesson_id, body) values (tests.lesson_id('Welcome'), 'Can I ask?')$$,
  '42501', null, 'a learner of no course cannot ask'
);
select is_empty('select * from public.questions', 'a learner of no course reads no questions');
select tests.authenticate_as('other_owner');
select throws_ok(
  $$insert into public.questions (lesson_id, body) values (tests.lesson_id('Welcome'), 'Spying?')$$,
  '42501', null, 'the owner of another school cannot ask'
);
select is_empty('select * from public.questions', 'the owner of another school reads no questions');
select tests.authenticate_as_anon();
select throws_ok('select * from public.questions', '42501', null, 'anon cannot read questions');
select throws_ok('select * from public.answers', '42501', null, 'anon cannot read answers');

-- reading ------------------------------------------------------------------------------------------------------
select tests.authenticate_as('classmate');
select results_eq('select count(*)::int from public.questions', array[2], 'another enrolled learner reads the course''s questions');
select tests.authenticate_as('instructor');
select results_eq('select count(*)::int from public.questions', array[2], 'the course''s instructor reads them');

-- answering ----------------------------------------------------------------------------------------------------
select tests.authenticate_as('classmate');
select lives_ok(
  $$insert into public.answers (question_id, body) select id, 'A figure eight, I think' from public.questions where lesson_id = tests.lesson_id('Welcome')$$,
  'another enrolled learner answers'
);
select throws_ok(
  $$insert into public.answers (question_id, body, is_instructor) select id, 'Trust me, I teach', true from public.questions limit 1$$,
  '42501', null, 'is_instructor cannot be sent by a client (no column grant)'
);
select tests.authenticate_as('instructor');
select lives_ok(
  $$insert into public.answers (question_id, body) select id, 'A **figure eight** follow-through.' from public.questions where lesson_id = tests.lesson_id('Welcome')$$,
  'the course''s instructor answers'
);
select tests.clear_authentication();
insert into public.answers (question_id, author_id, body, is_instructor)
select id, tests.get_user_id('classmate'), 'Inserted by a trusted writer claiming staff', true
from public.questions where lesson_id = tests.lesson_id('Welcome');
select results_eq(
  $$select author_name, is_instructor, lesson_id, course_id from public.answers order by body$$,
  $$values ('Ivan Instructor'::text, true, tests.lesson_id('Welcome'), tests.course_id('alpine-basics')),
           ('Cleo Classmate'::text, false, tests.lesson_id('Welcome'), tests.course_id('alpine-basics')),
           ('Cleo Classmate'::text, false, tests.lesson_id('Welcome'), tests.course_id('alpine-basics'))$$,
  'is_instructor is true exactly for the school''s members, whatever the writer sends; lesson and course follow the question'
);
select results_eq(
  $$select answer_count, instructor_answered_at is not null from public.questions where lesson_id = tests.lesson_id('Welcome')$$,
  $$values (3, true)$$,
  'answers move the question''s counters'
);
select results_eq(
  $$select count(*)::int from private.answer_emails where recipient_id = tests.get_user_id('enrolled')$$,
  array[3], 'each answer by someone else queues an email to the asker'
);
select set_config('tests.question', (select id::text from public.questions where lesson_id = tests.lesson_id('Welcome')), true);
select tests.authenticate_as('other_owner');
select throws_ok(
  $$insert into public.answers (question_id, body) values (current_setting('tests.question')::uuid, 'Outsider')$$,
  '42501', null, 'the owner of another school cannot answer, even knowing the question''s id'
);
select tests.authenticate_as('learner');
select throws_ok(
  $$insert into public.answers (question_id, body) values (current_setting('tests.question')::uuid, 'Outsider')$$,
  '42501', null, 'a learner of no course cannot answer, even knowing the question''s id'
);
select is_empty('select * from public.answers', 'the owner of another school reads no answers');
select tests.authenticate_as('learner');
select is_empty('select * from public.answers', 'a learner of no course reads no answers');
select tests.authenticate_as('enrolled');
select results_eq('select count(*)::int from public.answers', array[3], 'the asker reads the answers');

-- resolving ----------------------------------------------------------------------------------------------------
select tests.authenticate_as('classmate');
select results_eq(
  $$with changed as (update public.questions set resolved = true returning 1) select count(*)::int from changed$$,
  array[0], 'another learner cannot mark someone else''s question resolved'
);
select throws_ok(
  $$update public.questions set answer_count = 0$$, '42501', null, 'the counters cannot be changed by clients'
);
select tests.authenticate_as('enrolled');
select results_eq(
  $$with changed as (update public.questions set resolved = true where author_id = tests.get_user_id('enrolled') returning 1) select count(*)::int from changed$$,
  array[1], 'the asker marks their question resolved'
);
select tests.authenticate_as('owner');
select results_eq(
  $$with changed as (update public.questions set resolved = true where lesson_id = tests.lesson_id('First steps') returning 1) select count(*)::int from changed$$,
  array[1], 'the owner of the course''s school marks a question resolved'
);
select tests.authenticate_as('other_owner');
select results_eq(
  $$with changed as (update public.questions set resolved = false returning 1) select count(*)::int from changed$$,
  array[0], 'the owner of another school cannot reopen them'
);
select tests.authenticate_as('enrolled');
select throws_ok('delete from public.questions', '42501', null, 'clients do not delete questions');
select throws_ok('delete from public.answers', '42501', null, 'clients do not delete answers');

select tests.clear_authentication();
select ok(
  (select count(*) = 2 from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public'
     and tablename in ('questions', 'answers')),
  'questions and answers changes are published to Realtime (delivered under their select policies)'
);

select * from finish();
rollback;
