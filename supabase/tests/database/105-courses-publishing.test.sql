-- Publishing stamps published_at once; unpublishing keeps it.
begin;
select plan(3);

select tests.create_course_fixture();
select tests.authenticate_as('instructor');

update public.courses set status = 'published' where slug = 'alpine-draft';
select is((select published_at from public.courses where slug = 'alpine-draft'), now(), 'publishing a draft stamps published_at');
update public.courses set status = 'draft' where slug = 'alpine-draft';
select is((select published_at from public.courses where slug = 'alpine-draft'), now(), 'back to draft keeps the first publication date');
-- Clients cannot create a course as published (it has no lessons yet, see 20261124120100); the service role can.
select tests.authenticate_as_service_role();
select lives_ok(
  $$insert into public.courses (school_id, slug, title, status) values (tests.school_id('alpine-academy'), 'alpine-new', 'Alpine New', 'published')$$,
  'a course created published gets published_at without the client sending it'
);

select * from finish();
rollback;
