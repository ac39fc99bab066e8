-- events: the school's members plan them; enrolled learners read the course-wide ones and their own cohort's;
-- other cohorts' events, other courses' events and visitors see nothing.
begin;
select plan(20);

select tests.create_enrollment_fixture();

-- reading -------------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok('select * from public.events', '42501', null, 'anon cannot read events');
select tests.authenticate_as('enrolled');
select results_eq('select title from public.events order by starts_at', array['Kickoff', 'Spring deadline'], 'a learner reads the course-wide events and their cohort''s');
select tests.authenticate_as('classmate');
select results_eq('select title from public.events order by starts_at', array['Kickoff', 'Autumn session'], 'another learner reads the course-wide events and their own cohort''s, not the first learner''s');
select tests.authenticate_as('learner');
select is_empty('select * from public.events', 'a learner enrolled nowhere reads no event');
select tests.authenticate_as('instructor');
select results_eq('select title from public.events order by starts_at', array['Kickoff', 'Spring deadline', 'Autumn session'], 'an instructor reads every event of their school''s courses');
select tests.authenticate_as('other_owner');
select results_eq('select title from public.events', array['Beacon session'], 'the owner of another school reads only their own course''s events');

-- a removed learner loses the events at once
select tests.clear_authentication();
update public.enrollments set status = 'removed' where user_id = tests.get_user_id('enrolled');
select tests.authenticate_as('enrolled');
select is_empty('select * from public.events', 'a removed learner reads no event');
select tests.clear_authentication();
update public.enrollments set status = 'active' where user_id = tests.get_user_id('enrolled');

-- inserting -----------------------------------------------------------------------------------------------------
select tests.authenticate_as('instructor');
select lives_ok($$insert into public.events (course_id, cohort_id, kind, title, starts_at, ends_at, join_url) values (tests.course_id('alpine-basics'), tests.cohort_id('Spring'), 'live', 'Office hours', now() + interval '1 day', now() + interval '1 day 30 minutes', 'https://meet.example.com/office')$$, 'an instructor plans a live session for a cohort');
select throws_ok($$insert into public.events (course_id, kind, title, starts_at, ends_at) values (tests.course_id('alpine-basics'), 'live', 'No end', now(), null)$$, '23514', null, 'a live session needs an end');
select throws_ok($$insert into public.events (course_id, kind, title, starts_at, ends_at) values (tests.course_id('alpine-basics'), 'live', 'Backwards', now(), now() - interval '1 hour')$$, '23514', null, 'a session cannot end before it starts');
select throws_ok($$insert into public.events (course_id, kind, title, starts_at, ends_at, join_url) values (tests.course_id('alpine-basics'), 'live', 'Script', now(), now() + interval '1 hour', 'javascript:alert(1)')$$, '23514', null, 'a join URL must be a web link');
select throws_ok($$insert into public.events (course_id, cohort_id, kind, title, starts_at) values (tests.course_id('alpine-basics'), tests.cohort_id('Beacon cohort'), 'deadline', 'Wrong cohort', now())$$, '23503', null, 'a cohort of another course is refused');
select tests.authenticate_as('enrolled');
select throws_ok($$insert into public.events (course_id, kind, title, starts_at) values (tests.course_id('alpine-basics'), 'deadline', 'Mine', now())$$, '42501', null, 'a learner cannot create events');
select tests.authenticate_as('other_owner');
select throws_ok($$insert into public.events (course_id, kind, title, starts_at) values (tests.course_id('alpine-basics'), 'deadline', 'Theirs', now())$$, '42501', null, 'the owner of another school cannot create events in school A''s course');

-- updating ------------------------------------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
select results_eq($$with changed as (update public.events set title = 'Moved' returning 1) select count(*)::int from changed$$, array[0], 'a learner cannot change events');
select tests.authenticate_as('other_owner');
select results_eq($$with changed as (update public.events set title = 'Moved' where course_id = tests.course_id('alpine-basics') returning 1) select count(*)::int from changed$$, array[0], 'the owner of another school cannot change school A''s events');
select tests.authenticate_as('owner');
select results_eq($$with changed as (update public.events set starts_at = starts_at + interval '1 hour', ends_at = ends_at + interval '1 hour' where title = 'Kickoff' returning 1) select count(*)::int from changed$$, array[1], 'the owner moves a session');

-- deleting ------------------------------------------------------------------------------------------------------
select tests.authenticate_as('classmate');
select results_eq($$with gone as (delete from public.events returning 1) select count(*)::int from gone$$, array[0], 'a learner cannot delete events');
select tests.authenticate_as('other_owner');
select results_eq($$with gone as (delete from public.events where course_id = tests.course_id('alpine-basics') returning 1) select count(*)::int from gone$$, array[0], 'the owner of another school cannot delete school A''s events');
select tests.authenticate_as('instructor');
select results_eq($$with gone as (delete from public.events where title = 'Autumn session' returning 1) select count(*)::int from gone$$, array[1], 'an instructor cancels an event');

select * from finish();
rollback;
