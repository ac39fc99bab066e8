-- Publishing (PRODUCT.md §4) is enforced by the database: a course is published only with a section holding a
-- lesson and a video for every video lesson, refused otherwise with validation_failed naming what blocks it; the
-- editor's checklist answers the same items to the course's authors only.
begin;
select plan(25);

select tests.create_course_fixture();

create function tests.checklist(course_slug text)
returns jsonb
language sql
as $$
  select jsonb_object_agg(item, ok) from public.course_publish_checklist(tests.course_id(course_slug));
$$;
grant execute on function tests.checklist(text) to anon, authenticated;

-- who reads the checklist -----------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select is(
  tests.error_of($$select * from public.course_publish_checklist(tests.course_id('alpine-basics'))$$),
  '{"code": "not_signed_in", "status": 401}', 'a visitor is told to sign in'
);
select tests.authenticate_as('enrolled');
select is(
  tests.error_of($$select * from public.course_publish_checklist(tests.course_id('alpine-basics'))$$),
  '{"code": "forbidden", "status": 403}', 'a learner of the course cannot read its checklist'
);
select tests.authenticate_as('learner');
select is(
  tests.error_of($$select * from public.course_publish_checklist(tests.course_id('alpine-draft'))$$),
  '{"code": "course_not_found", "status": 404}', 'a draft of another school is course_not_found'
);
select tests.authenticate_as('other_owner', 'aal2');
select is(
  tests.error_of($$select * from public.course_publish_checklist(tests.course_id('alpine-basics'))$$),
  '{"code": "forbidden", "status": 403}', 'the owner of another school cannot read it'
);
select tests.authenticate_as('owner');
select is(
  tests.checklist('alpine-draft'), '{"title": true, "slug": true, "curriculum": true, "videos": true}',
  'the owner reads the checklist of a draft that is ready'
);

-- what blocks publishing ------------------------------------------------------------------------------------------
select tests.authenticate_as('instructor');
insert into public.courses (school_id, slug, title) values (tests.school_id('alpine-academy'), 'alpine-empty', 'Alpine Empty');
select is(
  tests.checklist('alpine-empty'), '{"title": true, "slug": true, "curriculum": false, "videos": true}',
  'a new course lacks a curriculum'
);
select is(
  tests.error_of($$update public.courses set status = 'published' where slug = 'alpine-empty'$$),
  '{"code": "validation_failed", "status": 422, "fields": {"curriculum": "Add at least one section with at least one lesson."}}',
  'publishing a course without lessons is refused, naming the curriculum'
);
insert into public.course_sections (course_id, position, title) values (tests.course_id('alpine-empty'), 1, 'Empty section');
select is(
  tests.error_of($$update public.courses set status = 'published' where slug = 'alpine-empty'$$) -> 'fields',
  '{"curriculum": "Add at least one section with at least one lesson."}',
  'a section without lessons is not enough'
);
insert into public.lessons (course_id, section_id, position, title, kind)
values (tests.course_id('alpine-empty'), tests.section_id('Empty section'), 1, 'Intro video', 'video'),
       (tests.course_id('alpine-empty'), tests.section_id('Empty section'), 2, 'Reading', 'text'),
       (tests.course_id('alpine-empty'), tests.section_id('Empty section'), 3, 'Outro video', 'video');
insert into public.lesson_contents (lesson_id, course_id, body_md)
values (tests.lesson_id('Outro video'), tests.course_id('alpine-empty'), 'Notes without a video yet');
select is(
  (select jsonb_agg(jsonb_build_array(item, message, lesson_ids)) from public.course_publish_checklist(tests.course_id('alpine-empty')) where not ok),
  jsonb_build_array(jsonb_build_array(
    'videos', 'Upload a video for every video lesson: "Intro video", "Outro video".',
    jsonb_build_array(tests.lesson_id('Intro video'), tests.lesson_id('Outro video'))
  )),
  'the checklist names the video lessons without a video (with or without a content row)'
);
select is(
  tests.error_of($$update public.courses set status = 'published' where slug = 'alpine-empty'$$),
  '{"code": "validation_failed", "status": 422, "fields": {"videos": "Upload a video for every video lesson: \"Intro video\", \"Outro video\"."}}',
  'publishing with video lessons missing their video is refused'
);
select is(
  (select message from public.course_publish_checklist(tests.course_id('alpine-empty')) where item = 'curriculum'),
  null, 'items that are met carry no message'
);
insert into public.lesson_contents (lesson_id, course_id, video_path)
values (tests.lesson_id('Intro video'), tests.course_id('alpine-empty'), tests.course_id('alpine-empty') || '/' || tests.lesson_id('Intro video') || '/intro.mp4');
update public.lesson_contents set video_path = course_id || '/' || lesson_id || '/outro.mp4' where lesson_id = tests.lesson_id('Outro video');
select is(tests.checklist('alpine-empty'), '{"title": true, "slug": true, "curriculum": true, "videos": true}', 'with the videos every item is met');
select is(
  tests.error_of($$update public.courses set status = 'published' where slug = 'alpine-empty'$$), null,
  'and the instructor publishes the course'
);
select is((select status::text from public.courses where slug = 'alpine-empty'), 'published', 'it is published');
select is(
  tests.error_of($$insert into public.courses (school_id, slug, title, status) values (tests.school_id('alpine-academy'), 'alpine-instant', 'Alpine Instant', 'published')$$),
  '{"code": "validation_failed", "status": 422, "fields": {"curriculum": "Add at least one section with at least one lesson."}}',
  'a course cannot be created published'
);

-- leaving the archive is publishing too ---------------------------------------------------------------------------
select tests.authenticate_as('instructor', 'aal2');
update public.courses set status = 'archived' where slug = 'alpine-basics';
select is(
  tests.error_of($$update public.courses set status = 'published' where slug = 'alpine-basics'$$) -> 'fields',
  '{"videos": "Upload a video for every video lesson: \"Welcome\", \"Deep dive\"."}',
  'an archived course goes back to published only when its checklist passes'
);
select tests.authenticate_as_service_role();
select is(
  tests.error_of($$update public.courses set status = 'published' where slug = 'alpine-basics'$$), null,
  'the service role is trusted (demo data, migrations)'
);

-- deleting ------------------------------------------------------------------------------------------------------
select tests.authenticate_as('owner', 'aal1');
select is(
  tests.error_of($$delete from public.courses where slug = 'alpine-empty'$$), '{"code": "aal2_required", "status": 403}',
  'an owner without a second factor is told to verify one'
);
select tests.authenticate_as('learner', 'aal2');
select is(
  tests.error_of($$delete from public.courses where slug = 'alpine-empty'$$), null, 'a learner''s delete ...'
);
select tests.authenticate_as('other_owner', 'aal2');
select is(
  tests.error_of($$delete from public.courses where slug = 'alpine-empty'$$), null, '... and another school''s owner''s ...'
);
select tests.clear_authentication();
select isnt_empty($$select 1 from public.courses where slug = 'alpine-empty'$$, '... find nothing to delete');
select tests.authenticate_as('instructor', 'aal2');
select is(
  tests.error_of($$delete from public.courses where slug = 'alpine-basics'$$),
  '{"code": "validation_failed", "status": 422, "fields": {"course": "A course with enrolled learners cannot be deleted; archive it instead."}}',
  'a course with learners cannot be deleted, even with a second factor'
);
select tests.authenticate_as('owner', 'aal2');
select is(
  tests.error_of($$delete from public.schools where slug = 'alpine-academy'$$) ->> 'code', 'validation_failed',
  'nor through deleting its school'
);
select results_eq(
  $$with gone as (delete from public.courses where slug = 'alpine-empty' returning 1) select count(*)::int from gone$$,
  array[1], 'an owner with a second factor deletes a course without learners'
);
select tests.clear_authentication();
update public.enrollments set status = 'removed' where course_id = tests.course_id('alpine-basics');
select tests.authenticate_as('instructor', 'aal2');
select results_eq(
  $$with gone as (delete from public.courses where slug = 'alpine-basics' returning 1) select count(*)::int from gone$$,
  array[1], 'once its learners are removed, the course can be deleted'
);

select * from finish();
rollback;
