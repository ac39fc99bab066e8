-- A note may carry an id drawn by the learner's device (a note written offline is sent with it, maybe twice): the
-- first insert writes it, a second with the same id is refused by the primary key and changes nothing, and the
-- owner still comes from the database.
begin;
select plan(6);

select tests.create_course_fixture();
select tests.create_user('classmate', 'Cleo Classmate');
insert into public.enrollments (course_id, user_id, source)
values (tests.course_id('alpine-basics'), tests.get_user_id('classmate'), 'open');

select tests.authenticate_as('enrolled');
select lives_ok(
  $$insert into public.notes (id, lesson_id, body) values ('a0a0a0a0-0000-4000-8000-00000000000a', tests.lesson_id('Welcome'), 'Written offline')$$,
  'an enrolled learner writes a note with an id drawn on their device'
);
select results_eq(
  $$select user_id, course_id, body from public.notes where id = 'a0a0a0a0-0000-4000-8000-00000000000a'$$,
  $$values (tests.get_user_id('enrolled'), tests.course_id('alpine-basics'), 'Written offline')$$,
  'the note is theirs, in the lesson''s course'
);
select throws_ok(
  $$insert into public.notes (id, lesson_id, body) values ('a0a0a0a0-0000-4000-8000-00000000000a', tests.lesson_id('Welcome'), 'Sent again')$$,
  '23505', null, 'the same note sent again meets the primary key'
);
select results_eq(
  $$select count(*)::integer, min(body) from public.notes where id = 'a0a0a0a0-0000-4000-8000-00000000000a'$$,
  $$values (1, 'Written offline')$$,
  'and nothing was written twice or changed'
);

select tests.authenticate_as('classmate');
select throws_ok(
  $$insert into public.notes (id, lesson_id, body) values ('a0a0a0a0-0000-4000-8000-00000000000a', tests.lesson_id('Welcome'), 'Taken over')$$,
  '23505', null, 'another learner cannot take the note over by its id'
);
select is_empty(
  $$select 1 from public.notes where id = 'a0a0a0a0-0000-4000-8000-00000000000a'$$,
  'nor read it'
);
select tests.clear_authentication();

select * from finish();
rollback;
