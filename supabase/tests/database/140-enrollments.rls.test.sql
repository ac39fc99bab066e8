-- enrollments: learners read their own; the school's members read and manage them (removal with aal2); never
-- inserted or deleted by clients.
begin;
select plan(14);

select tests.create_course_fixture();

-- reading -------------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok('select * from public.enrollments', '42501', null, 'anon cannot read enrollments');
select tests.authenticate_as('enrolled');
select results_eq('select user_id from public.enrollments', array[tests.get_user_id('enrolled')], 'an enrolled learner reads their own enrollment');
select tests.authenticate_as('learner');
select is_empty('select id from public.enrollments', 'a learner who is not enrolled sees no enrollment');
select tests.authenticate_as('instructor');
select results_eq('select user_id from public.enrollments', array[tests.get_user_id('enrolled')], 'an instructor reads their course''s enrollments');
select tests.authenticate_as('other_owner');
select is_empty('select id from public.enrollments', 'the owner of another school does not read school A''s enrollments');

-- inserting: never directly ---------------------------------------------------------------------------------------
select tests.authenticate_as('learner');
select throws_ok($$insert into public.enrollments (course_id, user_id) values (tests.course_id('alpine-basics'), tests.get_user_id('learner'))$$, '42501', null, 'a learner cannot enroll themselves directly');
select tests.authenticate_as('instructor');
select throws_ok($$insert into public.enrollments (course_id, user_id) values (tests.course_id('alpine-basics'), tests.get_user_id('learner'))$$, '42501', null, 'an instructor cannot insert an enrollment directly either');

-- updating ------------------------------------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
select results_eq($$with changed as (update public.enrollments set status = 'active' returning 1) select count(*)::int from changed$$, array[0], 'a learner cannot change their enrollment');
select throws_ok($$update public.enrollments set completed_at = now()$$, '42501', null, 'a learner cannot mark their enrollment completed');
select tests.authenticate_as('other_owner', 'aal2');
select results_eq($$with changed as (update public.enrollments set status = 'removed' returning 1) select count(*)::int from changed$$, array[0], 'the owner of another school cannot remove school A''s learners');
select tests.authenticate_as('instructor', 'aal1');
select throws_ok($$update public.enrollments set status = 'removed'$$, 'PGRST', '{"code": "aal2_required", "details": null, "message": "Removing a learner needs a session verified with a second factor."}', 'an instructor without a second factor cannot remove a learner (aal2_required)');
select tests.authenticate_as('instructor', 'aal2');
select results_eq($$with changed as (update public.enrollments set status = 'removed' returning 1) select count(*)::int from changed$$, array[1], 'an instructor with a second factor removes a learner');

-- deleting: never ---------------------------------------------------------------------------------------------------
select throws_ok($$delete from public.enrollments$$, '42501', null, 'an instructor cannot delete enrollments');
select tests.authenticate_as('enrolled');
select throws_ok($$delete from public.enrollments$$, '42501', null, 'a learner cannot delete their enrollment');

select * from finish();
rollback;
