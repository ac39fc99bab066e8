-- Study sessions are laid out by the plan only: a learner cannot insert sessions, for themselves or anyone, while
-- saving and replanning a plan still lay them out; a learner still reads and deletes their own.
begin;
select plan(6);

select tests.create_enrollment_fixture();

select tests.authenticate_as('enrolled');
select ok(
  (public.save_study_plan(tests.course_id('alpine-basics'), '{1,3,5}', '07:00', 10) ->> 'sessions_ahead')::integer > 0,
  'saving a plan lays out its sessions'
);
select is(
  tests.error_of($$insert into public.study_sessions (course_id, starts_at, ends_at) values (tests.course_id('alpine-basics'), now() + interval '1 day', now() + interval '1 day 10 minutes')$$) ->> 'sqlstate',
  '42501',
  'a learner cannot add a session of their own'
);
select is(
  tests.error_of(format(
    $$insert into public.study_sessions (user_id, course_id, starts_at, ends_at) values (%L, tests.course_id('alpine-basics'), now() + interval '1 day', now() + interval '1 day 10 minutes')$$,
    tests.get_user_id('classmate'))) ->> 'sqlstate',
  '42501',
  'nor one for someone else'
);
select ok(
  (public.replan_study_plan(tests.course_id('alpine-basics')) ->> 'sessions_ahead')::integer > 0,
  'replanning lays the sessions out again'
);
select lives_ok(
  $$delete from public.study_sessions where starts_at > now() + interval '3 days'$$,
  'a learner deletes their own sessions'
);
select ok(
  (select count(*) from public.study_sessions) > 0,
  'and reads the ones left'
);
select tests.clear_authentication();

select * from finish();
rollback;
