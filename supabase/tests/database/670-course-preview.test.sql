-- Preview as a learner: course_outline(slug, lesson_id, as_learner) shows a member of the course's school the course
-- as a learner who enrolled just now sees it (sequence and drip locks, no progress, locked content withheld) and
-- writes nothing; for visitors, learners and members of another school as_learner changes nothing.
begin;
select plan(26);

select tests.create_course_fixture();

-- The outline as the current caller sees it, with or without the preview.
create function tests.outline(course_slug text, as_learner boolean, lesson uuid default null)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select public.course_outline(course_slug, lesson, as_learner)::jsonb;
$$;

-- One lesson of an outline by title.
create function tests.outline_lesson(outline jsonb, lesson_title text)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select l from jsonb_path_query(outline, '$.sections[*].lessons[*]') l where l ->> 'title' = lesson_title;
$$;

-- Every row a preview could leave behind.
create function tests.written_rows()
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select (select count(*) from public.enrollments) + (select count(*) from public.lesson_progress)
    + (select count(*) from public.daily_activity);
$$;
grant execute on all functions in schema tests to anon, authenticated;

-- visitors, learners and members of another school: as_learner changes nothing ---------------------------------
select tests.authenticate_as_anon();
select is(tests.outline('alpine-basics', true), tests.outline('alpine-basics', false), 'a visitor asking for the preview gets the visitor''s answer');
select throws_like($$select tests.outline('alpine-draft', true)$$, '%course_not_found%', 'a visitor cannot preview a draft');

select tests.authenticate_as('learner');
select is(tests.outline('alpine-basics', true), tests.outline('alpine-basics', false), 'a learner asking for the preview gets their own answer');
select is(tests.outline('alpine-basics', true) #>> '{viewer,as_learner}', 'false', 'and is not told it is a preview');
select is(tests.outline('alpine-basics', true, tests.lesson_id('First steps')) #> '{lesson,content}', 'null'::jsonb, 'a learner not enrolled gets no content through the preview');
select throws_like($$select tests.outline('alpine-draft', true)$$, '%course_not_found%', 'a learner cannot preview a draft');

select tests.authenticate_as('enrolled');
select is(tests.outline('alpine-basics', true), tests.outline('alpine-basics', false), 'an enrolled learner asking for the preview keeps their own locks and progress');

select tests.authenticate_as('other_owner');
select is(tests.outline('alpine-basics', true), tests.outline('alpine-basics', false), 'the owner of another school gets the outsider''s answer');
select is(tests.outline_lesson(tests.outline('alpine-basics', true), 'First steps') -> 'lock', '{"reason": "enroll"}'::jsonb, 'with the enroll lock');
select is(tests.outline('alpine-basics', true, tests.lesson_id('Deep dive')) #> '{lesson,content}', 'null'::jsonb, 'and no content');
select throws_like($$select tests.outline('alpine-draft', true)$$, '%course_not_found%', 'nor a draft of a school they are not in');

-- the instructor of the school previews ------------------------------------------------------------------------
select tests.authenticate_as('instructor');
select is(tests.outline_lesson(tests.outline('alpine-basics', false), 'Deep dive') -> 'available', 'true'::jsonb, 'without the preview an instructor opens every lesson');
select is(tests.outline('alpine-basics', true) -> 'viewer', '{"signed_in": true, "is_member": true, "as_learner": true, "enrollment": null}'::jsonb, 'the preview says so, with no enrollment');
select is(tests.outline_lesson(tests.outline('alpine-basics', true), 'Welcome') -> 'lock', 'null'::jsonb, 'a preview lesson is open');
select is(
  tests.outline_lesson(tests.outline('alpine-basics', true), 'First steps') -> 'lock',
  jsonb_build_object('reason', 'sequence', 'lesson_id', tests.lesson_id('Welcome'), 'lesson_title', 'Welcome'),
  'a sequential course locks the second lesson behind the first'
);
select is(tests.outline_lesson(tests.outline('alpine-basics', true), 'Deep dive') #>> '{lock,reason}', 'release', 'a section with a later date is locked by it');
select is(tests.outline('alpine-basics', true, tests.lesson_id('First steps')) #> '{lesson,content}', 'null'::jsonb, 'locked content is withheld from the preview');
select is(tests.outline('alpine-basics', true, tests.lesson_id('Welcome')) #>> '{lesson,content,body_md}', 'Content of Welcome', 'open content is served');
select is(tests.outline_lesson(tests.outline('alpine-draft', true), 'Draft lesson') -> 'available', 'true'::jsonb, 'a draft is previewed too');

-- The member's own enrollment and progress do not show through.
select tests.clear_authentication();
insert into public.enrollments (course_id, user_id, source) values (tests.course_id('alpine-basics'), tests.get_user_id('instructor'), 'manual');
select tests.authenticate_as('instructor');
select lives_ok($$select public.save_progress(tests.lesson_id('Welcome'), 0, 0, true)$$, 'the instructor, also enrolled, completes the first lesson');
select is(tests.outline('alpine-basics', true) -> 'progress', '{"completed": 0, "total": 3, "percent": 0}'::jsonb, 'the preview still starts at 0%');
select is(tests.outline_lesson(tests.outline('alpine-basics', true), 'First steps') #>> '{lock,reason}', 'sequence', 'and with the second lesson locked');

-- drip as of an enrollment starting today ----------------------------------------------------------------------
select tests.clear_authentication();
update public.courses set progression = 'free' where slug = 'alpine-basics';
update public.course_sections set release_at = null, release_offset_days = 5 where title = 'Going further';
select tests.authenticate_as('instructor');
select is(
  (tests.outline_lesson(tests.outline('alpine-basics', true), 'Deep dive') #>> '{lock,opens_at}')::timestamptz,
  now() + interval '5 days',
  'a drip offset counts from today'
);

-- The preview answers as a real learner who enrolls now: the same sections, locks and content.
select tests.clear_authentication();
insert into public.enrollments (course_id, user_id, source) values (tests.course_id('alpine-basics'), tests.get_user_id('learner'), 'open');
update public.courses set progression = 'sequential' where slug = 'alpine-basics';
select tests.authenticate_as('learner');
create temporary table fresh_learner on commit drop as
  select tests.outline('alpine-basics', false, tests.lesson_id('First steps')) as outline;
select tests.authenticate_as('owner');
select is(
  tests.outline('alpine-basics', true, tests.lesson_id('First steps')) - 'viewer',
  (select outline - 'viewer' from fresh_learner),
  'the owner''s preview equals what a learner who enrolled today sees'
);

-- nothing is written ------------------------------------------------------------------------------------------
select tests.clear_authentication();
create temporary table rows_before on commit drop as select tests.written_rows() as n;
select tests.authenticate_as('owner');
do $$
begin
  perform tests.outline('alpine-basics', true, tests.lesson_id('Welcome'));
  perform tests.outline('alpine-draft', true, tests.lesson_id('Draft lesson'));
end;
$$;
select tests.clear_authentication();
select is(tests.written_rows(), (select n from rows_before), 'previewing writes no enrollment, progress or activity');
select is(
  (select provolatile::text from pg_proc where oid = 'public.course_outline(text, uuid, boolean)'::regprocedure),
  's',
  'course_outline is stable, so it cannot write'
);

select * from finish();
rollback;
