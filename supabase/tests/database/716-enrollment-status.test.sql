-- A member's direct update of an enrollment's status may only remove the learner (with a second factor) or take a
-- removed learner back to what their progress says; it cannot complete a learner by hand or reopen a completed
-- enrollment. The product's own paths (save_progress completing, remove_learner) are unaffected.
begin;
select plan(7);

select tests.create_enrollment_fixture();
update public.enrollments set status = 'completed', completed_at = now() - interval '1 day'
where user_id = tests.get_user_id('classmate');

select tests.authenticate_as('instructor', 'aal1');
select is(
  tests.error_of($$update public.enrollments set status = 'active' where user_id = tests.get_user_id('classmate')$$),
  '{"code": "validation_failed", "status": 422, "fields": {"status": "An enrollment completes by itself when every lesson is done; instructors can only remove a learner or take them back."}}',
  'a member cannot reopen a completed enrollment'
);
select is(
  tests.error_of($$update public.enrollments set status = 'completed' where user_id = tests.get_user_id('enrolled')$$),
  '{"code": "validation_failed", "status": 422, "fields": {"status": "An enrollment completes by itself when every lesson is done; instructors can only remove a learner or take them back."}}',
  'nor complete a learner by hand'
);
select is(
  tests.error_of($$update public.enrollments set status = 'removed' where user_id = tests.get_user_id('enrolled')$$),
  '{"code": "aal2_required", "status": 403}',
  'removing a learner without a second factor answers aal2_required, as remove_learner does'
);

select tests.authenticate_as('instructor', 'aal2');
select results_eq(
  $$with changed as (update public.enrollments set status = 'removed' where user_id = tests.get_user_id('classmate') returning status::text) select status from changed$$,
  array['removed'], 'with a second factor, a member removes a learner');
select is(
  tests.error_of($$update public.enrollments set status = 'active' where user_id = tests.get_user_id('classmate')$$),
  '{"code": "validation_failed", "status": 422, "fields": {"status": "An enrollment completes by itself when every lesson is done; instructors can only remove a learner or take them back."}}',
  'taking back a learner who had finished cannot make them active again'
);
select results_eq(
  $$with changed as (update public.enrollments set status = 'completed' where user_id = tests.get_user_id('classmate') returning status::text) select status from changed$$,
  array['completed'], 'they come back completed, as their progress says');
select tests.clear_authentication();
select results_eq(
  $$select status::text from public.enrollments where user_id = tests.get_user_id('classmate')$$,
  array['completed'], 'the enrollment is completed again'
);

select * from finish();
rollback;
