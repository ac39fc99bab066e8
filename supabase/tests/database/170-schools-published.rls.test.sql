-- schools with a published course are readable by everyone (course pages show them); others stay members-only.
begin;
select plan(6);

select tests.create_course_fixture();
insert into public.schools (slug, name) values ('quiet-school', 'Quiet School');
insert into public.school_members (school_id, user_id, role) values (tests.school_id('quiet-school'), tests.get_user_id('other_owner'), 'owner');

select tests.authenticate_as_anon();
select results_eq('select slug from public.schools order by slug', array['alpine-academy', 'beacon-school'], 'anon reads schools with a published course');
select throws_ok('select updated_at from public.schools', '42501', null, 'anon reads only the id, slug and name');
select tests.authenticate_as('learner');
select results_eq('select slug from public.schools order by slug', array['alpine-academy', 'beacon-school'], 'a learner reads schools with a published course, not the others');
select tests.authenticate_as('enrolled');
select results_eq('select slug from public.schools order by slug', array['alpine-academy', 'beacon-school'], 'an enrolled learner reads the same');
select tests.authenticate_as('instructor');
select results_eq('select slug from public.schools order by slug', array['alpine-academy', 'beacon-school'], 'an instructor reads their school and public ones');
select tests.authenticate_as('other_owner');
select results_eq('select slug from public.schools order by slug', array['alpine-academy', 'beacon-school', 'quiet-school'], 'a member also reads their school without published courses');

select * from finish();
rollback;
