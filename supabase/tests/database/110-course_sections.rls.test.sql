-- course_sections: read wherever the course is; written by the school's members; positions dense within a course.
begin;
select plan(16);

select tests.create_course_fixture();

-- reading -------------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select is((select count(*)::int from public.course_sections where course_id = tests.course_id('alpine-basics')), 2, 'anon reads the sections of a published course');
select is((select count(*)::int from public.course_sections where title = 'Draft section'), 0, 'anon does not read a draft''s sections');
select tests.authenticate_as('enrolled');
select is((select count(*)::int from public.course_sections where title = 'Draft section'), 0, 'an enrolled learner does not read a draft''s sections');
select tests.authenticate_as('learner');
select is((select count(*)::int from public.course_sections where course_id = tests.course_id('alpine-basics')), 2, 'a learner who is not enrolled reads a published outline');
select tests.authenticate_as('instructor');
select is((select count(*)::int from public.course_sections where title = 'Draft section'), 1, 'an instructor reads their school''s draft sections');
select tests.authenticate_as('other_owner');
select is((select count(*)::int from public.course_sections where title = 'Draft section'), 0, 'the owner of another school does not read school A''s draft sections');

-- writing -------------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok($$insert into public.course_sections (course_id, position, title) values (tests.course_id('alpine-basics'), 3, 'Anon')$$, '42501', null, 'anon cannot add a section');
select tests.authenticate_as('enrolled');
select throws_ok($$insert into public.course_sections (course_id, position, title) values (tests.course_id('alpine-basics'), 3, 'Erin')$$, '42501', null, 'an enrolled learner cannot add a section');
select tests.authenticate_as('other_owner');
select throws_ok($$insert into public.course_sections (course_id, position, title) values (tests.course_id('alpine-basics'), 3, 'Otto')$$, '42501', null, 'the owner of another school cannot add a section');
select results_eq($$with changed as (update public.course_sections set title = 'Hijacked' where title = 'Getting started' returning 1) select count(*)::int from changed$$, array[0], 'the owner of another school cannot rename a section');
select results_eq($$with gone as (delete from public.course_sections where title = 'Getting started' returning 1) select count(*)::int from gone$$, array[0], 'the owner of another school cannot remove a section');
select tests.authenticate_as('instructor');
select lives_ok($$insert into public.course_sections (course_id, position, title, release_offset_days) values (tests.course_id('alpine-basics'), 3, 'Wrap-up', 7)$$, 'an instructor adds a section');
select results_eq($$with changed as (update public.course_sections set title = 'Start here' where title = 'Getting started' returning 1) select count(*)::int from changed$$, array[1], 'an instructor renames a section');
select throws_ok($$insert into public.course_sections (course_id, position, title, release_offset_days) values (tests.course_id('alpine-basics'), 4, 'Too late', 4000)$$, '23514', null, 'release_offset_days over 3,650 is refused');

-- dense positions -----------------------------------------------------------------------------------------------
select lives_ok($$
  update public.course_sections set position = case position when 1 then 2 else 1 end
  where course_id = tests.course_id('alpine-basics') and position in (1, 2);
  set constraints all immediate$$, 'swapping two positions in one transaction keeps them dense');
select throws_ok($$
  insert into public.course_sections (course_id, position, title) values (tests.course_id('alpine-basics'), 9, 'Gap');
  set constraints all immediate$$, '23514', null, 'a gap in section positions is refused at commit');

select * from finish();
rollback;
