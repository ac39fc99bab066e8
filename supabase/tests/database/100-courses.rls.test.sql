-- courses: published readable by everyone, drafts by the school's members; writes by members; deletes with aal2.
begin;
select plan(20);

select tests.create_course_fixture();

-- reading -------------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select results_eq('select slug from public.courses order by slug', array['alpine-basics', 'beacon-basics'], 'anon reads published courses only');
select tests.authenticate_as('enrolled');
select results_eq('select slug from public.courses order by slug', array['alpine-basics', 'beacon-basics'], 'an enrolled learner reads published courses, not drafts');
select tests.authenticate_as('learner');
select results_eq('select slug from public.courses order by slug', array['alpine-basics', 'beacon-basics'], 'a learner who is not enrolled reads published courses, not drafts');
select tests.authenticate_as('instructor');
select results_eq('select slug from public.courses order by slug', array['alpine-basics', 'alpine-draft', 'beacon-basics'], 'an instructor also reads their school''s drafts');
select tests.authenticate_as('other_owner');
select results_eq('select slug from public.courses order by slug', array['alpine-basics', 'beacon-basics'], 'the owner of another school does not read school A''s drafts');

-- creating ------------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok($$insert into public.courses (school_id, slug, title) values (tests.school_id('alpine-academy'), 'anon-course', 'Anon Course')$$, '42501', null, 'anon cannot create a course');
select tests.authenticate_as('enrolled');
select throws_ok($$insert into public.courses (school_id, slug, title) values (tests.school_id('alpine-academy'), 'erin-course', 'Erin Course')$$, '42501', null, 'a learner cannot create a course in a school');
select tests.authenticate_as('other_owner');
select throws_ok($$insert into public.courses (school_id, slug, title) values (tests.school_id('alpine-academy'), 'otto-course', 'Otto Course')$$, '42501', null, 'the owner of another school cannot create a course in school A');
select tests.authenticate_as('instructor');
select lives_ok($$insert into public.courses (school_id, slug, title) values (tests.school_id('alpine-academy'), 'new-course', 'New Course')$$, 'an instructor creates a course in their school');
select throws_ok($$insert into public.courses (school_id, slug, title) values (tests.school_id('alpine-academy'), 'Bad Slug', 'Bad Slug')$$, '23514', null, 'a malformed slug is refused');
select throws_ok($$insert into public.courses (school_id, slug, title) values (tests.school_id('alpine-academy'), 'beacon-basics', 'Copycat')$$, '23505', null, 'course slugs are unique across schools');
select throws_ok($$insert into public.courses (school_id, slug, title) values (tests.school_id('alpine-academy'), 'short-title', ' ab')$$, '23514', null, 'an untrimmed or short title is refused');
select throws_ok($$insert into public.courses (school_id, slug, title, description_md) values (tests.school_id('alpine-academy'), 'long-text', 'Long Text', repeat('x', 20001))$$, '23514', null, 'a description over 20,000 characters is refused');

-- updating ------------------------------------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
select results_eq($$with changed as (update public.courses set title = 'Hijacked' where slug = 'alpine-basics' returning 1) select count(*)::int from changed$$, array[0], 'a learner cannot edit a course');
select tests.authenticate_as('other_owner');
select results_eq($$with changed as (update public.courses set title = 'Hijacked' where slug = 'alpine-basics' returning 1) select count(*)::int from changed$$, array[0], 'the owner of another school cannot edit school A''s course');
select tests.authenticate_as('instructor');
select results_eq($$with changed as (update public.courses set title = 'Alpine Basics 2' where slug = 'alpine-basics' returning 1) select count(*)::int from changed$$, array[1], 'an instructor edits their school''s course');

-- deleting ------------------------------------------------------------------------------------------------------
select tests.authenticate_as('other_owner', 'aal2');
select results_eq($$with gone as (delete from public.courses where slug = 'alpine-draft' returning 1) select count(*)::int from gone$$, array[0], 'the owner of another school cannot delete school A''s course');
select tests.authenticate_as('instructor', 'aal1');
select throws_like($$delete from public.courses where slug = 'alpine-draft'$$, '%aal2_required%', 'an instructor without a second factor cannot delete a course');
select tests.authenticate_as('instructor', 'aal2');
select results_eq($$with gone as (delete from public.courses where slug = 'alpine-draft' returning 1) select count(*)::int from gone$$, array[1], 'an instructor with a second factor deletes a course');
select tests.authenticate_as_anon();
select throws_ok($$delete from public.courses$$, '42501', null, 'anon cannot delete courses');

select * from finish();
rollback;
