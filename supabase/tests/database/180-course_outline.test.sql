-- course_outline(slug, lesson_id): visibility, availability with lock reasons, progress and content, per audience.
begin;
select plan(33);

select tests.create_course_fixture();

-- visitors ------------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_like($$select public.course_outline('no-such-course')::jsonb$$, '%course_not_found%', 'an unknown course is course_not_found');
select throws_like($$select public.course_outline('alpine-draft')::jsonb$$, '%course_not_found%', 'a visitor does not see a draft');
select is(public.course_outline('alpine-basics')::jsonb #>> '{course,title}', 'Alpine Basics', 'a visitor reads a published course');
select is(public.course_outline('alpine-basics')::jsonb #>> '{course,school,name}', 'Alpine Academy', 'the course names its school');
select is(
  (select jsonb_agg(i ->> 'display_name' order by i ->> 'display_name') from jsonb_array_elements(public.course_outline('alpine-basics')::jsonb #> '{course,instructors}') i),
  '["Ivan Instructor", "Olga Owner"]'::jsonb,
  'the course names its instructors (the school''s members)'
);
select is(public.course_outline('alpine-basics')::jsonb #>> '{course,lesson_count}', '3', 'lesson count');
select is(public.course_outline('alpine-basics')::jsonb #>> '{course,duration_s}', '1020', 'total duration');
select is(public.course_outline('alpine-basics')::jsonb #>> '{viewer,signed_in}', 'false', 'a visitor is not signed in');
select is(public.course_outline('alpine-basics')::jsonb #> '{sections,0,lessons,0,lock}', 'null'::jsonb, 'a visitor may open a preview lesson');
select is(public.course_outline('alpine-basics')::jsonb #> '{sections,0,lessons,1,lock}', '{"reason": "enroll"}'::jsonb, 'other lessons say: enroll');
select is(public.course_outline('alpine-basics', tests.lesson_id('Welcome'))::jsonb #>> '{lesson,content,body_md}', 'Content of Welcome', 'a visitor gets a preview''s content');
select is(public.course_outline('alpine-basics', tests.lesson_id('First steps'))::jsonb #> '{lesson,content}', 'null'::jsonb, 'a visitor gets no content for other lessons');
select is(public.course_outline('alpine-basics', tests.lesson_id('Beacon lesson'))::jsonb -> 'lesson', 'null'::jsonb, 'a lesson of another course is not served');
select is_empty(format('select * from private.lesson_availability(%L)', tests.course_id('alpine-draft')), 'availability says nothing of a draft to visitors');
-- The outline's rows come from a definer helper (20261130080000): it answers nothing of a course the caller cannot read.
select is_empty(format('select * from private.course_outline_rows(%L, null, false, null)', tests.course_id('alpine-draft')), 'the outline''s rows say nothing of a draft to visitors');
select is(
  (select b.lesson::jsonb #> '{content}' from private.course_outline_rows(tests.course_id('alpine-basics'), tests.lesson_id('First steps'), false, null) b),
  'null'::jsonb, 'the outline''s rows serve no content of a lesson the visitor cannot open'
);

-- an enrolled learner -------------------------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
select is(public.course_outline('alpine-basics')::jsonb #>> '{viewer,enrollment,status}', 'active', 'the learner sees their enrollment');
select is(
  public.course_outline('alpine-basics')::jsonb #> '{sections,0,lessons,1,lock}',
  jsonb_build_object('reason', 'sequence', 'lesson_id', tests.lesson_id('Welcome'), 'lesson_title', 'Welcome'),
  'sequential: the next lesson waits for the first'
);
select is(public.course_outline('alpine-basics')::jsonb #>> '{sections,1,lessons,0,lock,reason}', 'release', 'a section released in 30 days is locked by date');
select is(public.course_outline('alpine-basics', tests.lesson_id('Deep dive'))::jsonb #> '{lesson,content}', 'null'::jsonb, 'locked content is not served');
select isnt(public.save_progress(tests.lesson_id('Welcome'), 0, 0, true), null, 'the learner ticks the first lesson');
select is(public.course_outline('alpine-basics')::jsonb #> '{sections,0,lessons,1,available}', 'true'::jsonb, 'completing the first lesson opens the second');
select is(public.course_outline('alpine-basics')::jsonb -> 'progress', '{"completed": 1, "total": 3, "percent": 33}'::jsonb, 'course progress counts completed lessons');
select is(public.course_outline('alpine-basics')::jsonb #>> '{sections,0,completed_count}', '1', 'section progress counts completed lessons');
select is(
  public.course_outline('alpine-basics', tests.lesson_id('First steps'))::jsonb #>> '{lesson,prev_lesson_id}',
  tests.lesson_id('Welcome')::text, 'the player gets the previous lesson'
);

-- drip by offset from enrolling ---------------------------------------------------------------------------------
select tests.clear_authentication();
update public.course_sections set release_at = null, release_offset_days = 10 where title = 'Going further';
update public.enrollments set enrolled_at = now() - interval '3 days' where user_id = tests.get_user_id('enrolled');
select tests.authenticate_as('enrolled');
select is(
  (public.course_outline('alpine-basics')::jsonb #>> '{sections,1,lessons,0,lock,opens_at}')::timestamptz,
  now() + interval '7 days', 'drip by offset opens release_offset_days after enrolling'
);
select is(
  (select array_agg(l ->> 'available' = 'true' order by l ->> 'title') from jsonb_path_query(public.course_outline('alpine-basics')::jsonb, '$.sections[*].lessons[*]') l where l ->> 'title' <> 'Welcome'),
  (select array_agg(private.is_lesson_unlocked(id) order by title) from public.lessons where course_id = tests.course_id('alpine-basics') and title <> 'Welcome'),
  'availability agrees with is_lesson_unlocked (the content policies)'
);

-- members and others --------------------------------------------------------------------------------------------
select tests.authenticate_as('instructor');
select is(public.course_outline('alpine-draft')::jsonb #>> '{viewer,is_member}', 'true', 'an instructor reads their school''s draft');
select is(public.course_outline('alpine-basics', tests.lesson_id('Deep dive'))::jsonb #>> '{lesson,content,body_md}', 'Content of Deep dive', 'members open every lesson');
select tests.authenticate_as('other_owner');
select throws_like($$select public.course_outline('alpine-draft')::jsonb$$, '%course_not_found%', 'another school''s owner does not see the draft');
select is_empty(format('select * from private.course_outline_rows(%L, null, false, null)', tests.course_id('alpine-draft')), 'nor do the outline''s rows show it to them');
select is(
  (select b.lesson::jsonb #> '{content}' from private.course_outline_rows(tests.course_id('alpine-basics'), tests.lesson_id('Deep dive'), false, null) b),
  'null'::jsonb, 'an outsider gets no content of a lesson only members and learners open'
);


-- how it is built: one plan per connection for its statements (a course page call would otherwise plan its main
-- statement afresh every time; 20261130070000).
select tests.clear_authentication();
select ok((select proconfig @> array['search_path=""', 'plan_cache_mode=force_generic_plan'] from pg_proc where oid = 'public.course_outline(text, uuid, boolean)'::regprocedure), 'course_outline keeps its generic plans, with an empty search_path');

select * from finish();
rollback;
