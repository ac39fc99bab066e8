-- move_learner_to_cohort, add_learners and the instructor's view of a learner's per-lesson progress: members of the
-- course's school only; cohorts of the same course only; adding by email invites every valid address alike (with an
-- account or not), and the learner is enrolled (source manual) or a removed one reinstated only when they accept.
-- 722-course-invitations covers the invitations themselves.
begin;
select plan(28);

select tests.create_enrollment_fixture();
insert into public.lesson_progress (user_id, lesson_id, course_id, status, position_s, watched_s, completed_at, completed_by)
values (tests.get_user_id('enrolled'), tests.lesson_id('Welcome'), tests.course_id('alpine-basics'), 'completed', 120, 120, now(), 'rule');

create function tests.enrollment_of(identifier text) returns uuid language sql stable security definer set search_path = ''
as $$ select id from public.enrollments where user_id = tests.get_user_id(identifier) and course_id = tests.course_id('alpine-basics') $$;
grant execute on function tests.enrollment_of(text) to anon, authenticated;

-- moving between cohorts ----------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select is(tests.error_of($$select public.move_learner_to_cohort(tests.enrollment_of('enrolled'), tests.cohort_id('Autumn'))$$), '{"code": "not_signed_in", "status": 401}', 'a visitor is asked to sign in');
select tests.authenticate_as('enrolled');
select is(tests.error_of($$select public.move_learner_to_cohort(tests.enrollment_of('enrolled'), tests.cohort_id('Autumn'))$$), '{"code": "forbidden", "status": 403}', 'a learner cannot move themselves');
select tests.authenticate_as('other_owner');
select is(tests.error_of($$select public.move_learner_to_cohort(tests.enrollment_of('enrolled'), tests.cohort_id('Beacon cohort'))$$), '{"code": "forbidden", "status": 403}', 'the owner of another school cannot move school A''s learner');
select tests.authenticate_as('instructor');
select is((public.move_learner_to_cohort(tests.enrollment_of('enrolled'), tests.cohort_id('Autumn'))) ->> 'cohort_id', tests.cohort_id('Autumn')::text, 'an instructor moves a learner to another cohort of the course');
select is(tests.error_of($$select public.move_learner_to_cohort(tests.enrollment_of('enrolled'), tests.cohort_id('Beacon cohort'))$$), '{"code": "validation_failed", "status": 422, "fields": {"cohort_id": "Choose a cohort of this course."}}', 'a cohort of another course is refused');
select is(tests.error_of($$select public.move_learner_to_cohort(tests.enrollment_of('enrolled'), gen_random_uuid())$$), '{"code": "validation_failed", "status": 422, "fields": {"cohort_id": "Choose a cohort of this course."}}', 'an unknown cohort is refused');
select ok((public.move_learner_to_cohort(tests.enrollment_of('enrolled'), null)) -> 'cohort_id' = 'null'::jsonb, 'null takes the learner out of any cohort');
select tests.clear_authentication();
select results_eq($$select cohort_id from public.enrollments where id = tests.enrollment_of('enrolled')$$, array[null::uuid], 'the enrollment has no cohort now');

-- the instructor reads a learner's progress per lesson (policies, no service key) ------------------------------
select tests.authenticate_as('instructor');
select results_eq($$select lesson_id from public.lesson_progress where user_id = tests.get_user_id('enrolled')$$, array[tests.lesson_id('Welcome')], 'an instructor of the school reads a learner''s per-lesson progress');
select tests.authenticate_as('other_owner');
select is_empty($$select * from public.lesson_progress where user_id = tests.get_user_id('enrolled')$$, 'the owner of another school does not');
select tests.authenticate_as('classmate');
select is_empty($$select * from public.lesson_progress where user_id = tests.get_user_id('enrolled')$$, 'a classmate does not');

-- adding by email -----------------------------------------------------------------------------------------------
select tests.create_user('newbie');
select tests.authenticate_as_anon();
select is(tests.error_of(format('select * from public.add_learners(%L, array[%L])', tests.course_id('alpine-basics'), 'newbie@test.summit.local')), '{"code": "not_signed_in", "status": 401}', 'a visitor cannot add learners');
select tests.authenticate_as('enrolled');
select is(tests.error_of(format('select * from public.add_learners(%L, array[%L])', tests.course_id('alpine-basics'), 'newbie@test.summit.local')), '{"code": "forbidden", "status": 403}', 'a learner cannot add learners');
select tests.authenticate_as('other_owner');
select is(tests.error_of(format('select * from public.add_learners(%L, array[%L])', tests.course_id('alpine-basics'), 'newbie@test.summit.local')), '{"code": "forbidden", "status": 403}', 'the owner of another school cannot add learners to school A''s course');
select tests.authenticate_as('instructor');
select is(tests.error_of(format('select * from public.add_learners(%L, array[]::text[])', tests.course_id('alpine-basics'))), '{"code": "validation_failed", "status": 422, "fields": {"emails": "Add from 1 to 100 email addresses at a time."}}', 'an empty list is refused');
select is(tests.error_of(format('select * from public.add_learners(%L, array(select ''x'' || i || ''@example.com'' from generate_series(1, 101) i))', tests.course_id('alpine-basics'))), '{"code": "validation_failed", "status": 422, "fields": {"emails": "Add from 1 to 100 email addresses at a time."}}', 'more than 100 addresses are refused');
select is(tests.error_of(format('select * from public.add_learners(%L, array[%L], %L)', tests.course_id('alpine-basics'), 'newbie@test.summit.local', tests.cohort_id('Beacon cohort'))), '{"code": "validation_failed", "status": 422, "fields": {"cohort_id": "Choose a cohort of this course."}}', 'a cohort of another course is refused');
select results_eq(
  $$select email, result from public.add_learners(
      tests.course_id('alpine-basics'),
      array[' Newbie@Test.Summit.Local ', 'enrolled@test.summit.local', 'nobody@example.com', 'not an email', 'newbie@test.summit.local'],
      tests.cohort_id('Spring')
    ) order by email$$,
  $$values ('enrolled@test.summit.local', 'already_enrolled'), ('newbie@test.summit.local', 'invited'), ('nobody@example.com', 'invited'), ('not an email', 'invalid')$$,
  'an instructor adds by email: an account and an unknown address are both invited once, existing learners left as they are, malformed addresses named'
);
select tests.clear_authentication();
select is_empty(
  $$select 1 from public.enrollments where user_id = tests.get_user_id('newbie')$$,
  'the added account is not enrolled before accepting'
);
select tests.authenticate_as('newbie');
select ok(public.accept_course_invitation((select id from public.course_invitations)) is not null, 'the invitee accepts');
select tests.clear_authentication();
select results_eq(
  $$select source::text, status::text, cohort_id from public.enrollments where user_id = tests.get_user_id('newbie')$$,
  $$values ('manual', 'active', tests.cohort_id('Spring'))$$,
  'then they are enrolled manually, active, in the chosen cohort'
);
select results_eq($$select count(*)::int from public.enrollments where user_id = tests.get_user_id('enrolled')$$, array[1], 'an existing learner is not enrolled twice');

-- a removed learner added back ----------------------------------------------------------------------------------
select tests.authenticate_as('owner', 'aal2');
select is((public.remove_learner(tests.enrollment_of('classmate'), 'Left the company')) ->> 'status', 'removed', 'the owner removes a learner');
select tests.authenticate_as('owner', 'aal1');
select results_eq($$select result from public.add_learners(tests.course_id('alpine-basics'), array['classmate@test.summit.local'])$$, array['invited'], 'adding them back by email invites them again');
select tests.clear_authentication();
select results_eq($$select status::text from public.enrollments where id = tests.enrollment_of('classmate')$$, array['removed'], 'they stay removed until they accept');
select tests.authenticate_as('classmate');
select ok(public.accept_course_invitation((select id from public.course_invitations)) is not null, 'the removed learner accepts');
select tests.clear_authentication();
select results_eq(
  $$select status::text, removal_reason, removed_at from public.enrollments where id = tests.enrollment_of('classmate')$$,
  $$values ('active', null::text, null::timestamptz)$$,
  'they are active again, with the removal cleared'
);
select tests.authenticate_as('classmate');
select results_eq($$select name from public.cohorts$$, array['Autumn'], 'and are a learner of the course again (they read their cohort, which only active learners do)');

select * from finish();
rollback;
