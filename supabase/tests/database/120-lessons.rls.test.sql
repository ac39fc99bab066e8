-- lessons (the outline): read wherever the course is; written by the school's members; validation; dense positions.
begin;
select plan(18);

select tests.create_course_fixture();

-- reading -------------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select is((select count(*)::int from public.lessons where course_id = tests.course_id('alpine-basics')), 3, 'anon reads every lesson of a published outline, locked ones included');
select is((select count(*)::int from public.lessons where title = 'Draft lesson'), 0, 'anon does not read a draft''s lessons');
select tests.authenticate_as('enrolled');
select is((select count(*)::int from public.lessons where course_id = tests.course_id('alpine-basics')), 3, 'an enrolled learner reads the outline');
select tests.authenticate_as('learner');
select is((select count(*)::int from public.lessons where title = 'Draft lesson'), 0, 'a learner who is not enrolled does not read a draft''s lessons');
select tests.authenticate_as('instructor');
select is((select count(*)::int from public.lessons where title = 'Draft lesson'), 1, 'an instructor reads their school''s draft lessons');
select tests.authenticate_as('other_owner');
select is((select count(*)::int from public.lessons where title = 'Draft lesson'), 0, 'the owner of another school does not read school A''s draft lessons');

-- writing -------------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok($$insert into public.lessons (course_id, section_id, position, title) values (tests.course_id('alpine-basics'), tests.section_id('Getting started'), 3, 'Anon')$$, '42501', null, 'anon cannot add a lesson');
select tests.authenticate_as('enrolled');
select throws_ok($$insert into public.lessons (course_id, section_id, position, title) values (tests.course_id('alpine-basics'), tests.section_id('Getting started'), 3, 'Erin')$$, '42501', null, 'an enrolled learner cannot add a lesson');
select results_eq($$with changed as (update public.lessons set is_preview = true where title = 'First steps' returning 1) select count(*)::int from changed$$, array[0], 'an enrolled learner cannot edit a lesson');
select tests.authenticate_as('other_owner');
select throws_ok($$insert into public.lessons (course_id, section_id, position, title) values (tests.course_id('alpine-basics'), tests.section_id('Getting started'), 3, 'Otto')$$, '42501', null, 'the owner of another school cannot add a lesson');
select results_eq($$with gone as (delete from public.lessons where title = 'First steps' returning 1) select count(*)::int from gone$$, array[0], 'the owner of another school cannot remove a lesson');
select tests.authenticate_as('instructor');
select lives_ok($$insert into public.lessons (course_id, section_id, position, title, kind, duration_s) values (tests.course_id('alpine-basics'), tests.section_id('Getting started'), 3, 'Recap', 'text', 90)$$, 'an instructor adds a lesson');
select results_eq($$with changed as (update public.lessons set duration_s = 130 where title = 'Welcome' returning 1) select count(*)::int from changed$$, array[1], 'an instructor edits a lesson');
select throws_ok($$insert into public.lessons (course_id, section_id, position, title, duration_s) values (tests.course_id('alpine-basics'), tests.section_id('Getting started'), 4, 'Too long', 86401)$$, '23514', null, 'duration_s over 86,400 is refused');
select throws_ok($$insert into public.lessons (course_id, section_id, position, title, completion_threshold) values (tests.course_id('alpine-basics'), tests.section_id('Getting started'), 4, 'Too easy', 0.4)$$, '23514', null, 'a completion threshold under 0.5 is refused');
select throws_ok($$insert into public.lessons (course_id, section_id, position, title) values (tests.course_id('alpine-draft'), tests.section_id('Getting started'), 4, 'Wrong course')$$, '23503', null, 'a lesson cannot sit in another course''s section');
select results_eq($$with gone as (delete from public.lessons where title = 'Recap' returning 1) select count(*)::int from gone$$, array[1], 'an instructor removes the last lesson of a section');

-- dense positions -----------------------------------------------------------------------------------------------
select throws_ok($$
  delete from public.lessons where title = 'Welcome';
  set constraints all immediate$$, '23514', null, 'removing a lesson without renumbering the rest is refused at commit');

select * from finish();
rollback;
