-- cohorts: the school's members manage them; a learner reads only the cohort they are in; visitors nothing.
-- Moving a learner between cohorts is an update of enrollments.cohort_id, kept inside the course.
begin;
select plan(24);

select tests.create_enrollment_fixture();

-- reading -------------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok('select * from public.cohorts', '42501', null, 'anon cannot read cohorts');
select tests.authenticate_as('enrolled');
select results_eq('select name from public.cohorts', array['Spring'], 'a learner reads their own cohort only');
select tests.authenticate_as('classmate');
select results_eq('select name from public.cohorts', array['Autumn'], 'another learner reads their own cohort, not the first learner''s');
select tests.authenticate_as('learner');
select is_empty('select * from public.cohorts', 'a learner enrolled nowhere reads no cohort');
select tests.authenticate_as('instructor');
select results_eq('select name from public.cohorts order by name', array['Autumn', 'Spring'], 'an instructor reads the cohorts of their school''s courses');
select tests.authenticate_as('owner');
select results_eq('select name from public.cohorts order by name', array['Autumn', 'Spring'], 'the owner reads them too');
select tests.authenticate_as('other_owner');
select results_eq('select name from public.cohorts', array['Beacon cohort'], 'the owner of another school reads only their own school''s cohorts');

-- inserting -----------------------------------------------------------------------------------------------------
select tests.authenticate_as('instructor');
select lives_ok($$insert into public.cohorts (course_id, name, starts_at) values (tests.course_id('alpine-basics'), 'Winter', now())$$, 'an instructor creates a cohort');
select throws_ok($$insert into public.cohorts (course_id, name, starts_at) values (tests.course_id('alpine-basics'), '  ', now())$$, '23514', null, 'a blank cohort name is refused');
select throws_ok($$insert into public.cohorts (course_id, name, starts_at) values (tests.course_id('alpine-basics'), 'Spring', now())$$, '23505', null, 'cohort names are unique within a course');
select tests.authenticate_as('enrolled');
select throws_ok($$insert into public.cohorts (course_id, name, starts_at) values (tests.course_id('alpine-basics'), 'Mine', now())$$, '42501', null, 'a learner cannot create a cohort');
select tests.authenticate_as('other_owner');
select throws_ok($$insert into public.cohorts (course_id, name, starts_at) values (tests.course_id('alpine-basics'), 'Theirs', now())$$, '42501', null, 'the owner of another school cannot create a cohort in school A''s course');

-- updating ------------------------------------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
select results_eq($$with changed as (update public.cohorts set name = 'Renamed' returning 1) select count(*)::int from changed$$, array[0], 'a learner cannot rename their cohort');
select tests.authenticate_as('other_owner');
select results_eq($$with changed as (update public.cohorts set name = 'Renamed' where course_id = tests.course_id('alpine-basics') returning 1) select count(*)::int from changed$$, array[0], 'the owner of another school cannot rename school A''s cohorts');
select tests.authenticate_as('owner');
select results_eq($$with changed as (update public.cohorts set starts_at = now() + interval '1 day' where name = 'Autumn' returning 1) select count(*)::int from changed$$, array[1], 'the owner moves a cohort''s start');

-- moving a learner between cohorts -----------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
select results_eq('select user_id from public.enrollments', array[tests.get_user_id('enrolled')], 'a learner reads their own enrollment, not their classmate''s');
select tests.authenticate_as('classmate');
select results_eq('select cohort_id from public.enrollments', array[tests.cohort_id('Autumn')], 'the classmate reads only theirs, with its cohort');
select tests.authenticate_as('instructor');
select results_eq($$with changed as (update public.enrollments set cohort_id = tests.cohort_id('Autumn') where user_id = tests.get_user_id('enrolled') returning 1) select count(*)::int from changed$$, array[1], 'an instructor moves a learner to another cohort');
select throws_ok($$update public.enrollments set cohort_id = tests.cohort_id('Beacon cohort') where user_id = tests.get_user_id('enrolled')$$, '23503', null, 'a cohort of another course is refused');
select tests.authenticate_as('enrolled');
select results_eq($$with changed as (update public.enrollments set cohort_id = tests.cohort_id('Spring') returning 1) select count(*)::int from changed$$, array[0], 'a learner cannot move themselves between cohorts');

-- deleting ------------------------------------------------------------------------------------------------------
select results_eq($$with gone as (delete from public.cohorts returning 1) select count(*)::int from gone$$, array[0], 'a learner cannot delete their cohort');
select tests.authenticate_as('other_owner');
select results_eq($$with gone as (delete from public.cohorts where course_id = tests.course_id('alpine-basics') returning 1) select count(*)::int from gone$$, array[0], 'the owner of another school cannot delete school A''s cohorts');
select tests.authenticate_as('instructor');
select results_eq($$with gone as (delete from public.cohorts where name = 'Autumn' returning 1) select count(*)::int from gone$$, array[1], 'an instructor deletes a cohort');
select tests.clear_authentication();
select results_eq($$select count(*)::int from public.enrollments where course_id = tests.course_id('alpine-basics') and cohort_id is null$$, array[2], 'its learners stay enrolled, without a cohort');

select * from finish();
rollback;
