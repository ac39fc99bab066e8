-- courses.learner_count follows enrollments and cannot be written by clients.
begin;
select plan(5);

select tests.create_course_fixture();

select is((select learner_count from public.courses where slug = 'alpine-basics'), 1, 'an enrollment counts');
select tests.create_user('second');
insert into public.enrollments (course_id, user_id) values (tests.course_id('alpine-basics'), tests.get_user_id('second'));
select is((select learner_count from public.courses where slug = 'alpine-basics'), 2, 'a new enrollment adds one');
update public.enrollments set status = 'removed' where user_id = tests.get_user_id('second');
select is((select learner_count from public.courses where slug = 'alpine-basics'), 1, 'a removed learner no longer counts');
select tests.authenticate_as_anon();
select is((select learner_count from public.courses where slug = 'alpine-basics'), 1, 'visitors read the count');
select tests.authenticate_as('owner');
select throws_ok($$update public.courses set learner_count = 1000 where slug = 'alpine-basics'$$, '42501', null, 'members cannot set the count');

select * from finish();
rollback;
