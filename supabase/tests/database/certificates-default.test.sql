-- New courses issue certificates unless their creator turns them off (20261129160000): a course created the way the
-- studio creates one (title and slug only) has certificates on, its authors can switch them off and on again, and
-- courses that existed before keep their own setting.
begin;
select plan(6);

select tests.create_course_fixture();

select col_default_is('public', 'courses', 'certificate_enabled', 'true', 'certificate_enabled defaults to true');

-- As the studio's "New course" does: the instructor sends the school, title and slug only.
select tests.authenticate_as('instructor');
insert into public.courses (school_id, slug, title)
values (tests.school_id('alpine-academy'), 'alpine-fresh', 'Alpine Fresh');
select is(
  (select certificate_enabled from public.courses where slug = 'alpine-fresh'), true,
  'a course created with a title and slug issues certificates'
);

update public.courses set certificate_enabled = false where slug = 'alpine-fresh';
select is(
  (select certificate_enabled from public.courses where slug = 'alpine-fresh'), false,
  'its creator can turn certificates off'
);
update public.courses set certificate_enabled = true where slug = 'alpine-fresh';
select is(
  (select certificate_enabled from public.courses where slug = 'alpine-fresh'), true,
  'and on again'
);

-- Another school's owner cannot turn them off for it (RLS hides the row, so the update touches nothing).
select tests.authenticate_as('other_owner');
update public.courses set certificate_enabled = false where slug = 'alpine-fresh';
select tests.clear_authentication();
select is(
  (select certificate_enabled from public.courses where slug = 'alpine-fresh'), true,
  'an owner of another school cannot turn them off'
);

select is(
  (select certificate_enabled from public.courses where slug = 'beacon-basics'), false,
  'a course created with certificates off keeps them off'
);

select * from finish();
rollback;
