-- reorder_curriculum(course_id, sections): only the course's authors reorder; the order is applied in one go with
-- dense positions, lessons move between sections, and a payload that drops, duplicates or smuggles in sections or
-- lessons is refused with validation_failed and a fields map, leaving the curriculum as it was.
begin;
select plan(34);

select tests.create_course_fixture();

create function tests.reorder(course_slug text, by_title jsonb)
returns text
language sql
as $$
  select format('select public.reorder_curriculum(%L, %L)', tests.course_id(course_slug), tests.order_payload(by_title));
$$;
grant execute on function tests.reorder(text, jsonb) to anon, authenticated;

-- who may reorder -----------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select is(
  tests.error_of(tests.reorder('alpine-basics', '[{"section": "Getting started", "lessons": ["Welcome", "First steps"]}, {"section": "Going further", "lessons": ["Deep dive"]}]')),
  '{"code": "not_signed_in", "status": 401}', 'a visitor is told to sign in'
);
select tests.authenticate_as('learner');
select is(
  tests.error_of(tests.reorder('alpine-basics', '[{"section": "Getting started", "lessons": ["Welcome", "First steps"]}, {"section": "Going further", "lessons": ["Deep dive"]}]')),
  '{"code": "forbidden", "status": 403}', 'a learner cannot reorder a published course'
);
select is(
  tests.error_of(tests.reorder('alpine-draft', '[{"section": "Draft section", "lessons": ["Draft lesson"]}]')),
  '{"code": "course_not_found", "status": 404}', 'a draft of a school the learner is not in does not exist for them'
);
select tests.authenticate_as('enrolled');
select is(
  tests.error_of(tests.reorder('alpine-basics', '[{"section": "Going further", "lessons": ["Deep dive"]}, {"section": "Getting started", "lessons": ["Welcome", "First steps"]}]')),
  '{"code": "forbidden", "status": 403}', 'an enrolled learner cannot reorder the course'
);
select tests.authenticate_as('other_owner', 'aal2');
select is(
  tests.error_of(tests.reorder('alpine-basics', '[{"section": "Going further", "lessons": ["Deep dive"]}, {"section": "Getting started", "lessons": ["Welcome", "First steps"]}]')),
  '{"code": "forbidden", "status": 403}', 'the owner of another school cannot reorder it'
);
select is(
  tests.error_of(tests.reorder('alpine-draft', '[{"section": "Draft section", "lessons": ["Draft lesson"]}]')),
  '{"code": "course_not_found", "status": 404}', 'nor find school A''s draft'
);
select tests.authenticate_as('instructor');
select is(
  tests.error_of(format('select public.reorder_curriculum(%L, %L)', gen_random_uuid(), '[]')),
  '{"code": "course_not_found", "status": 404}', 'an unknown course is course_not_found'
);
select tests.clear_authentication();
select is(
  tests.curriculum('alpine-basics'),
  '[{"section": "Getting started", "lessons": ["Welcome", "First steps"]}, {"section": "Going further", "lessons": ["Deep dive"]}]',
  'no refused call changed the curriculum'
);

-- reordering ----------------------------------------------------------------------------------------------------
select tests.authenticate_as('instructor');
select lives_ok(
  tests.reorder('alpine-basics', '[{"section": "Going further", "lessons": ["Deep dive"]}, {"section": "Getting started", "lessons": ["First steps", "Welcome"]}]'),
  'an instructor swaps the sections and the lessons of a section'
);
select is(
  tests.curriculum('alpine-basics'),
  '[{"section": "Going further", "lessons": ["Deep dive"]}, {"section": "Getting started", "lessons": ["First steps", "Welcome"]}]',
  'the curriculum is in the new order'
);
select lives_ok(
  tests.reorder('alpine-basics', '[{"section": "Going further", "lessons": ["Deep dive", "Welcome"]}, {"section": "Getting started", "lessons": ["First steps"]}]'),
  'an instructor moves a lesson to another section'
);
select is(
  tests.curriculum('alpine-basics'),
  '[{"section": "Going further", "lessons": ["Deep dive", "Welcome"]}, {"section": "Getting started", "lessons": ["First steps"]}]',
  'the lesson sits in its new section'
);
select is(
  (select course_id from public.lessons where id = tests.lesson_id('Welcome')), tests.course_id('alpine-basics'),
  'and still in its course'
);
select tests.authenticate_as('owner');
select lives_ok(
  tests.reorder('alpine-basics', '[{"section": "Getting started", "lessons": ["Welcome", "First steps", "Deep dive"]}, {"section": "Going further", "lessons": []}]'),
  'an owner empties a section into another'
);
select is(tests.positions('alpine-basics'), '[[1, [1, 2, 3]], [2, []]]', 'positions are dense in every parent');
select lives_ok(
  tests.reorder('alpine-basics', '[{"section": "Getting started", "lessons": ["Welcome", "First steps", "Deep dive"]}, {"section": "Going further", "lessons": []}]'),
  'sending the current order again is accepted (nothing moves)'
);

-- refusals ------------------------------------------------------------------------------------------------------
select is(
  tests.error_of(tests.reorder('alpine-basics', '[{"section": "Getting started", "lessons": ["Welcome", "Deep dive"]}, {"section": "Going further", "lessons": []}]')),
  '{"code": "validation_failed", "status": 422, "fields": {"lessons": "The new order leaves out a lesson."}}',
  'dropping a lesson is refused'
);
select is(
  tests.error_of(tests.reorder('alpine-basics', '[{"section": "Getting started", "lessons": ["Welcome", "First steps", "Deep dive"]}]')),
  '{"code": "validation_failed", "status": 422, "fields": {"sections": "The new order leaves out a section."}}',
  'dropping a section is refused'
);
select is(
  tests.error_of(tests.reorder('alpine-basics', '[{"section": "Getting started", "lessons": ["Welcome", "First steps", "Deep dive"]}, {"section": "Going further", "lessons": ["Welcome"]}]')),
  '{"code": "validation_failed", "status": 422, "fields": {"lessons": "A lesson appears more than once."}}',
  'a lesson in two places is refused'
);
select is(
  tests.error_of(tests.reorder('alpine-basics', '[{"section": "Getting started", "lessons": ["Welcome", "First steps", "Deep dive"]}, {"section": "Going further", "lessons": []}, {"section": "Going further", "lessons": []}]')),
  '{"code": "validation_failed", "status": 422, "fields": {"sections": "A section appears more than once."}}',
  'a section twice is refused'
);
select is(
  tests.error_of(tests.reorder('alpine-basics', '[{"section": "Getting started", "lessons": ["Welcome", "First steps", "Deep dive", "Beacon lesson"]}, {"section": "Going further", "lessons": []}]')),
  '{"code": "validation_failed", "status": 422, "fields": {"lessons": "A lesson is not part of this course."}}',
  'a lesson of another school''s course is refused'
);
select is(
  tests.error_details(tests.reorder('alpine-basics', '[{"section": "Getting started", "lessons": ["Welcome", "First steps", "Deep dive", "Draft lesson"]}, {"section": "Going further", "lessons": []}]')) -> 'lessons',
  jsonb_build_object('foreign', jsonb_build_array(tests.lesson_id('Draft lesson'))),
  'a lesson of another course of the same school is refused, and the details name it'
);
select is(
  tests.error_of(tests.reorder('alpine-basics', '[{"section": "Getting started", "lessons": ["Welcome", "First steps", "Deep dive"]}, {"section": "Going further", "lessons": []}, {"section": "Beacon section", "lessons": []}]')),
  '{"code": "validation_failed", "status": 422, "fields": {"sections": "A section is not part of this course."}}',
  'a section of another course is refused'
);
select is(
  tests.error_of(tests.reorder('alpine-basics', '[{"section": "Getting started", "lessons": ["Welcome", "First steps", "Deep dive"]}, {"section": "Beacon section", "lessons": []}]')),
  '{"code": "validation_failed", "status": 422, "fields": {"sections": "The new order leaves out a section. A section is not part of this course."}}',
  'swapping a section for a foreign one names both problems'
);
select is(
  tests.error_of(format('select public.reorder_curriculum(%L, %L)', tests.course_id('alpine-basics'), '{"sections": []}')),
  '{"code": "validation_failed", "status": 422, "fields": {"sections": "Send the sections as a list of {id, lesson_ids} with the ids of the course''s sections and lessons."}}',
  'a payload that is not a list is refused'
);
select is(
  tests.error_of(format('select public.reorder_curriculum(%L, %L)', tests.course_id('alpine-basics'), jsonb_build_array(jsonb_build_object('id', tests.section_id('Getting started'), 'lesson_ids', '["not-a-uuid"]'::jsonb)))) ->> 'code',
  'validation_failed', 'a lesson id that is not a uuid is refused'
);
select is(
  tests.error_of(format('select public.reorder_curriculum(%L, null)', tests.course_id('alpine-basics'))) ->> 'code',
  'validation_failed', 'a missing payload is refused'
);
select is(
  tests.curriculum('alpine-basics'),
  '[{"section": "Getting started", "lessons": ["Welcome", "First steps", "Deep dive"]}, {"section": "Going further", "lessons": []}]',
  'refused payloads changed nothing'
);

-- removing sections and lessons -----------------------------------------------------------------------------------
select tests.authenticate_as('learner');
select is(
  tests.error_of(format('select public.delete_lesson(%L)', tests.lesson_id('Welcome'))),
  '{"code": "forbidden", "status": 403}', 'a learner cannot remove a lesson'
);
select tests.authenticate_as('other_owner', 'aal2');
select is(
  tests.error_of(format('select public.delete_course_section(%L)', tests.section_id('Getting started'))),
  '{"code": "forbidden", "status": 403}', 'the owner of another school cannot remove a section'
);
select tests.authenticate_as('instructor');
select lives_ok(format('select public.delete_lesson(%L)', tests.lesson_id('First steps')), 'an instructor removes a lesson in the middle');
select lives_ok(format('select public.delete_course_section(%L)', tests.section_id('Getting started')), 'and the first section');
select is(
  tests.curriculum('alpine-basics') || jsonb_build_array(tests.positions('alpine-basics')),
  '[{"section": "Going further", "lessons": []}, [[1, []]]]',
  'the rest is renumbered from 1'
);
-- The deferred density checks of every change above, run now instead of at commit (the test rolls back).
select lives_ok('set constraints all immediate', 'every change passes the commit-time density check');

select * from finish();
rollback;
