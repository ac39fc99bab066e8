-- Drip from the cohort's start: a section's release_offset_days counts from the learner's cohort's start when they
-- are in a cohort, from their enrollment otherwise — in the outline, in save_progress and in the content policy,
-- which all ask private.lesson_availability.
begin;
select plan(9);

select tests.create_enrollment_fixture();

-- alpine-basics, free progression, no fixed date: section 2 opens 10 days after the drip start. 'enrolled' (Spring,
-- started yesterday) enrolled 30 days ago; 'classmate' (Autumn, starts in 60 days) enrolled 30 days ago too.
update public.courses set progression = 'free' where slug = 'alpine-basics';
update public.course_sections set release_at = null, release_offset_days = 10 where title = 'Going further';
update public.enrollments set enrolled_at = now() - interval '30 days' where course_id = tests.course_id('alpine-basics');

create function tests.lock_of(lesson_title text)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select a.lock from private.lesson_availability(tests.course_id('alpine-basics')) a where a.lesson_id = tests.lesson_id(lesson_title);
$$;
grant execute on function tests.lock_of(text) to authenticated;

select tests.authenticate_as('enrolled');
select is(tests.lock_of('Deep dive') ->> 'reason', 'release', 'a learner whose cohort started yesterday waits for the offset from the cohort start, not from enrolling 30 days ago');
select ok(
  abs(extract(epoch from (tests.lock_of('Deep dive') ->> 'opens_at')::timestamptz - (now() + interval '9 days'))) < 60,
  'the section opens 10 days after the cohort start'
);
select is_empty($$select * from public.lesson_contents where lesson_id = tests.lesson_id('Deep dive')$$, 'the content policy keeps the lesson closed');
select throws_like($$select public.save_progress(tests.lesson_id('Deep dive'), 0, 0)$$, '%lesson_locked%', 'save_progress refuses it as locked');

select tests.authenticate_as('classmate');
select ok(
  abs(extract(epoch from (tests.lock_of('Deep dive') ->> 'opens_at')::timestamptz - (now() + interval '70 days'))) < 60,
  'a learner in a cohort starting in 60 days sees it open 70 days from now'
);
select is(tests.lock_of('First steps') ->> 'reason', null, 'sections without an offset are open before the cohort starts');

-- Without a cohort, the offset counts from enrolling again.
select tests.clear_authentication();
update public.enrollments set cohort_id = null where user_id = tests.get_user_id('enrolled');
select tests.authenticate_as('enrolled');
select is(tests.lock_of('Deep dive'), null, 'a learner without a cohort who enrolled 30 days ago has the section open');
select isnt_empty($$select * from public.lesson_contents where lesson_id = tests.lesson_id('Deep dive')$$, 'and reads its content');

-- Moving the learner to a cohort that starts later closes it again at once.
select tests.clear_authentication();
update public.enrollments set cohort_id = tests.cohort_id('Autumn') where user_id = tests.get_user_id('enrolled');
select tests.authenticate_as('enrolled');
select is(tests.lock_of('Deep dive') ->> 'reason', 'release', 'moving the learner to a later cohort locks the section again');

select * from finish();
rollback;
