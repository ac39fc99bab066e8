-- course_instructors: a course starts taught by its creator; the school's owners and instructors assign and
-- unassign members of the school only; course pages ("Taught by") name the course's instructors, not the school's.
begin;
select plan(22);

select tests.create_course_fixture();

create function tests.taught_by(course_slug text)
returns jsonb
language sql
as $$
  select coalesce(jsonb_agg(i ->> 'display_name' order by i ->> 'display_name'), '[]')
  from jsonb_array_elements(public.course_outline(course_slug)::jsonb #> '{course,instructors}') as i;
$$;
grant execute on function tests.taught_by(text) to anon, authenticated;

-- defaults ------------------------------------------------------------------------------------------------------
select tests.authenticate_as('instructor');
insert into public.courses (school_id, slug, title) values (tests.school_id('alpine-academy'), 'ivan-course', 'Ivan''s Course');
select is(tests.taught_by('ivan-course'), '["Ivan Instructor"]', 'a new course is taught by its creator only');
select tests.authenticate_as_anon();
select is(
  tests.taught_by('alpine-basics'), '["Ivan Instructor", "Olga Owner"]',
  'a course created without a user (demo data) is taught by every member of its school'
);

-- reading -------------------------------------------------------------------------------------------------------
select throws_ok('select * from public.course_instructors', '42501', null, 'visitors cannot read assignments');
select tests.authenticate_as('enrolled');
select is_empty('select * from public.course_instructors', 'an enrolled learner reads no assignments');
select tests.authenticate_as('other_owner');
select results_eq(
  'select course_id from public.course_instructors', $$values (tests.course_id('beacon-basics'))$$,
  'the owner of another school reads only their own school''s'
);
select tests.authenticate_as('owner');
select results_eq(
  $$select user_id from public.course_instructors where course_id = tests.course_id('alpine-basics') order by user_id$$,
  $$select tests.user_ids('owner', 'instructor')$$,
  'an owner reads who teaches their school''s courses'
);

-- assigning -----------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok(
  $$insert into public.course_instructors (course_id, user_id) values (tests.course_id('ivan-course'), tests.get_user_id('owner'))$$,
  '42501', null, 'visitors cannot assign'
);
select tests.authenticate_as('enrolled');
select throws_ok(
  $$insert into public.course_instructors (course_id, user_id) values (tests.course_id('alpine-basics'), tests.get_user_id('enrolled'))$$,
  '42501', null, 'a learner cannot assign themselves to a course'
);
select tests.authenticate_as('other_owner', 'aal2');
select throws_ok(
  $$insert into public.course_instructors (course_id, user_id) values (tests.course_id('ivan-course'), tests.get_user_id('other_owner'))$$,
  '42501', null, 'the owner of another school cannot assign anyone to school A''s course'
);
select tests.authenticate_as('owner');
select lives_ok(
  $$insert into public.course_instructors (course_id, user_id) values (tests.course_id('ivan-course'), tests.get_user_id('owner'))$$,
  'an owner assigns a member of the school'
);
select throws_ok(
  $$insert into public.course_instructors (course_id, user_id) values (tests.course_id('ivan-course'), tests.get_user_id('learner'))$$,
  '23503', null, 'someone outside the school cannot be assigned'
);
select throws_ok(
  $$insert into public.course_instructors (course_id, user_id) values (tests.course_id('ivan-course'), tests.get_user_id('owner'))$$,
  '23505', null, 'nor anyone twice'
);
select tests.authenticate_as('instructor');
select is(tests.taught_by('ivan-course'), '["Ivan Instructor", "Olga Owner"]', 'the page names both');
select is(
  (select school_id from public.course_instructors where course_id = tests.course_id('ivan-course') and user_id = tests.get_user_id('owner')),
  tests.school_id('alpine-academy'), 'the assignment carries the course''s school'
);

-- unassigning ---------------------------------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
select results_eq(
  $$with gone as (delete from public.course_instructors returning 1) select count(*)::int from gone$$,
  array[0], 'a learner unassigns no one'
);
select tests.authenticate_as('other_owner', 'aal2');
select results_eq(
  $$with gone as (delete from public.course_instructors where course_id = tests.course_id('alpine-basics') returning 1) select count(*)::int from gone$$,
  array[0], 'the owner of another school unassigns no one in school A'
);
select tests.authenticate_as('instructor');
select results_eq(
  $$with gone as (delete from public.course_instructors where course_id = tests.course_id('alpine-basics') and user_id = tests.get_user_id('owner') returning 1) select count(*)::int from gone$$,
  array[1], 'an instructor unassigns the owner from a course'
);
select tests.authenticate_as('learner');
select is(tests.taught_by('alpine-basics'), '["Ivan Instructor"]', 'the course page names only the course''s instructors');

-- leaving the school (with a second factor, 20261124131000) ---------------------------------------------------------
select tests.authenticate_as('instructor', 'aal2');
delete from public.school_members where user_id = tests.get_user_id('instructor');
select tests.clear_authentication();
select is_empty(
  $$select 1 from public.course_instructors where user_id = tests.get_user_id('instructor')$$,
  'a member who leaves the school teaches none of its courses any more'
);
select is(tests.taught_by('alpine-basics'), '[]', 'a course may be left without instructors (the studio shows it)');
select tests.authenticate_as('owner');
select is(tests.taught_by('ivan-course'), '["Olga Owner"]', 'the owner still teaches the course they were assigned to');

-- a draft's instructors stay private ------------------------------------------------------------------------------
select tests.authenticate_as('other_owner');
select throws_like($$select tests.taught_by('ivan-course')$$, '%course_not_found%', 'outsiders learn nothing about a draft');

select * from finish();
rollback;
