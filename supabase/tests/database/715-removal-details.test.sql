-- Why a learner was removed, and by whom, is the instructors' to read: the removed learner still reads their own
-- enrollment's status (it explains why access ended) but not the reason or the remover, neither through the Data
-- API nor through Realtime, whose check applies the same column privileges. Instructors read both through
-- course_learners; move_learner_to_cohort still answers the moved enrollment.
begin;
select plan(7);

select tests.create_enrollment_fixture();

create function tests.erins_enrollment_715() returns uuid language sql stable security definer set search_path = ''
as $$ select id from public.enrollments where user_id = tests.get_user_id('enrolled') $$;
grant execute on function tests.erins_enrollment_715() to anon, authenticated;

select tests.authenticate_as('instructor', 'aal2');
select lives_ok($$select public.remove_learner(tests.erins_enrollment_715(), 'Shared their account')$$, 'the instructor removes Erin with a reason');
select is(
  (select removal_reason from public.course_learners(tests.course_id('alpine-basics')) where user_id = tests.get_user_id('enrolled')),
  'Shared their account', 'instructors read the reason in the roster'
);

select tests.authenticate_as('enrolled');
select results_eq($$select status::text from public.enrollments$$, array['removed'], 'the removed learner reads that they were removed');
select throws_ok($$select removal_reason from public.enrollments$$, '42501', null, 'but not why');
select throws_ok($$select removed_by from public.enrollments$$, '42501', null, 'nor who removed them');
select throws_ok($$select * from public.enrollments$$, '42501', null, 'so select * is refused, as for schools');

select tests.authenticate_as('instructor');
select is(
  public.move_learner_to_cohort(
    (select id from public.enrollments where user_id = tests.get_user_id('classmate') and course_id = tests.course_id('alpine-basics')),
    tests.cohort_id('Autumn')
  ) ->> 'cohort_id',
  tests.cohort_id('Autumn')::text, 'moving a learner between cohorts still answers the moved enrollment'
);

select * from finish();
rollback;
