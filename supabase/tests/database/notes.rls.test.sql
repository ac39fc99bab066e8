-- notes: private to their owner. An enrolled learner writes, reads, edits and deletes their own notes; nobody else
-- (another learner of the same course, a learner of no course, the course's instructor and owner, the owner of
-- another school, anon) reads or changes them. The course and owner come from the database; length and the hourly
-- limit answer validation_failed and rate_limited.
begin;
select plan(26);

select tests.create_course_fixture();
select tests.create_user('classmate', 'Cleo Classmate');
insert into public.enrollments (course_id, user_id, source)
values (tests.course_id('alpine-basics'), tests.get_user_id('classmate'), 'open');

-- writing as the owner --------------------------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
select lives_ok(
  $$insert into public.notes (lesson_id, at_s, body) values (tests.lesson_id('Welcome'), 72, 'Ropes **matter**')$$,
  'an enrolled learner writes a timestamped note'
);
select lives_ok(
  $$insert into public.notes (lesson_id, body) values (tests.lesson_id('First steps'), 'A note on the whole lesson')$$,
  'an enrolled learner writes a note without a moment'
);
select results_eq(
  $$select course_id, user_id from public.notes where at_s = 72$$,
  $$values (tests.course_id('alpine-basics'), tests.get_user_id('enrolled'))$$,
  'the course and the owner are set by the database'
);
select throws_ok(
  $$insert into public.notes (lesson_id, user_id, body) values (tests.lesson_id('Welcome'), tests.get_user_id('classmate'), 'forged')$$,
  '42501', null, 'the owner cannot be chosen by the client (no column grant)'
);
select throws_ok(
  $$insert into public.notes (lesson_id, course_id, body) values (tests.lesson_id('Welcome'), tests.course_id('beacon-basics'), 'x')$$,
  '42501', null, 'the course cannot be chosen by the client (no column grant)'
);
select throws_ok(
  $$insert into public.notes (lesson_id, body) values (tests.lesson_id('Beacon lesson'), 'Not my course')$$,
  '42501', null, 'a learner cannot write notes in a course they are not enrolled in'
);
select throws_like(
  $$insert into public.notes (lesson_id, body) values (tests.lesson_id('Welcome'), '   ')$$,
  '%validation_failed%A note cannot be empty.%', 'a blank note is refused with validation_failed'
);
select throws_like(
  $$insert into public.notes (lesson_id, body) values (tests.lesson_id('Welcome'), repeat('a', 10001))$$,
  '%validation_failed%at most 10,000 characters%', 'a note over 10,000 characters is refused with validation_failed'
);
select throws_ok(
  $$insert into public.notes (lesson_id, at_s, body) values (tests.lesson_id('Welcome'), -1, 'before the start')$$,
  '23514', null, 'a moment before the start of the video is refused'
);
select lives_ok($$update public.notes set body = 'Ropes matter a lot', at_s = 75 where at_s = 72$$, 'the owner edits a note');
select results_eq($$select body from public.notes where at_s = 75$$, array['Ropes matter a lot'], 'the edit is kept');

-- others ------------------------------------------------------------------------------------------------------------
select tests.authenticate_as('classmate');
select is_empty('select * from public.notes', 'another learner of the same course reads none of them');
select results_eq(
  $$with changed as (update public.notes set body = 'hijacked' returning 1) select count(*)::int from changed$$,
  array[0], 'another learner changes none of them'
);
select results_eq(
  $$with gone as (delete from public.notes returning 1) select count(*)::int from gone$$,
  array[0], 'another learner deletes none of them'
);
select tests.authenticate_as('learner');
select is_empty('select * from public.notes', 'a learner of no course reads none of them');
select tests.authenticate_as('instructor');
select is_empty('select * from public.notes', 'the course''s instructor reads none of them');
select results_eq(
  $$with gone as (delete from public.notes returning 1) select count(*)::int from gone$$,
  array[0], 'the course''s instructor deletes none of them'
);
select throws_ok(
  $$insert into public.notes (lesson_id, body) values (tests.lesson_id('Welcome'), 'staff note')$$,
  '42501', null, 'the course''s instructor (not enrolled) cannot write notes there'
);
select tests.authenticate_as('owner');
select is_empty('select * from public.notes', 'the owner of the course''s school reads none of them');
select tests.authenticate_as('other_owner');
select is_empty('select * from public.notes', 'the owner of another school reads none of them');
select tests.authenticate_as_anon();
select throws_ok('select * from public.notes', '42501', null, 'anon cannot read notes');
select throws_ok(
  $$insert into public.notes (lesson_id, body) values (tests.lesson_id('Welcome'), 'anon')$$, '42501', null,
  'anon cannot write notes'
);

-- back to the owner -----------------------------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
select results_eq('select count(*)::int from public.notes', array[2], 'the owner still reads both notes, unchanged by others');
select lives_ok($$delete from public.notes where at_s is null$$, 'the owner deletes a note');

-- the hourly limit ------------------------------------------------------------------------------------------------
select tests.clear_authentication();
insert into public.notes (user_id, lesson_id, body)
select tests.get_user_id('enrolled'), tests.lesson_id('Welcome'), 'note ' || i from generate_series(1, 119) as i;
select tests.authenticate_as('enrolled');
select throws_like(
  $$insert into public.notes (lesson_id, body) values (tests.lesson_id('Welcome'), 'one too many')$$,
  '%rate_limited%', 'the 121st note within an hour is refused with rate_limited'
);
select tests.authenticate_as('classmate');
select lives_ok(
  $$insert into public.notes (lesson_id, body) values (tests.lesson_id('Welcome'), 'my own first note')$$,
  'the limit is per user: another learner still writes'
);

select * from finish();
rollback;
