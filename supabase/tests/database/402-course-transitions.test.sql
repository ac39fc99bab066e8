-- Course states (PRODUCT.md §4) are enforced by the database: published -> draft only without learners, archiving
-- only from a second-factor session, and an archived course stays open to its learners while hidden from others.
begin;
select plan(19);

select tests.create_course_fixture();

-- The API error a statement raises ({code, message} and the HTTP status), or null when it succeeds.
create function tests.api_error(statement text)
returns jsonb
language plpgsql
as $$
declare
  message text;
  detail text;
begin
  execute statement;
  return null;
exception when others then
  get stacked diagnostics message = message_text, detail = pg_exception_detail;
  return jsonb_build_object(
    'code', (message::jsonb) ->> 'code',
    'status', ((detail::jsonb) ->> 'status')::integer
  );
end;
$$;
grant execute on function tests.api_error(text) to authenticated, service_role;

-- back to draft -------------------------------------------------------------------------------------------------
select tests.authenticate_as('instructor');
select is(
  tests.api_error($$update public.courses set status = 'draft' where slug = 'alpine-basics'$$),
  '{"code": "validation_failed", "status": 422}', 'a published course with learners cannot go back to draft'
);
select tests.authenticate_as('instructor', 'aal2');
select is(
  tests.api_error($$update public.courses set status = 'draft' where slug = 'alpine-basics'$$),
  '{"code": "validation_failed", "status": 422}', 'not even with a second factor'
);

-- archiving -----------------------------------------------------------------------------------------------------
select tests.authenticate_as('instructor', 'aal1');
select is(
  tests.api_error($$update public.courses set status = 'archived' where slug = 'alpine-basics'$$),
  '{"code": "aal2_required", "status": 403}', 'archiving from a password-only session needs a second factor'
);
select is(
  tests.api_error($$update public.courses set status = 'archived' where slug = 'alpine-draft'$$),
  '{"code": "aal2_required", "status": 403}', 'for a draft too'
);
select tests.clear_authentication();
select is((select status::text from public.courses where slug = 'alpine-basics'), 'published', 'the course is still published');

select tests.authenticate_as('instructor', 'aal2');
select is(
  tests.api_error($$update public.courses set status = 'archived' where slug = 'alpine-basics'$$),
  null, 'an instructor archives the course from a second-factor session'
);
select is(
  tests.api_error($$update public.courses set status = 'draft' where slug = 'alpine-basics'$$),
  '{"code": "validation_failed", "status": 422}', 'an archived course with learners cannot go to draft either'
);

-- enrolled learners keep the archived course ------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
select is(
  public.course_outline('alpine-basics', tests.lesson_id('Welcome'))::jsonb #>> '{lesson,content,body_md}', 'Content of Welcome',
  'an enrolled learner still opens the archived course''s lessons'
);
select is(
  public.course_outline('alpine-basics')::jsonb #>> '{course,school,name}', 'Alpine Academy',
  'and sees its school'
);
select results_eq(
  $$select count(*)::int from public.lesson_contents where lesson_id = tests.lesson_id('Welcome')$$, array[1],
  'reads its content directly'
);
select is(
  public.save_progress(tests.lesson_id('Welcome'), 0, 0, true) #>> '{progress,status}', 'completed',
  'and keeps saving progress'
);
select is(
  public.course_outline('alpine-basics')::jsonb #>> '{sections,0,lessons,1,available}', 'true',
  'the next lesson opens as before'
);

-- others no longer find it ----------------------------------------------------------------------------------------
select tests.authenticate_as('learner');
select is_empty($$select 1 from public.courses where slug = 'alpine-basics'$$, 'a learner not enrolled does not see it');
select throws_like($$select public.course_outline('alpine-basics')::jsonb$$, '%course_not_found%', 'its page is course_not_found for them');
select tests.authenticate_as_anon();
select is_empty($$select 1 from public.courses where slug = 'alpine-basics'$$, 'visitors do not see it');

-- back out of the archive, and the trusted paths ----------------------------------------------------------------------
-- Publishing needs a video for every video lesson (20261124120100); the fixture's lessons have none yet.
select tests.clear_authentication();
update public.lesson_contents set video_path = course_id || '/' || lesson_id || '/video.mp4'
where lesson_id in (select id from public.lessons where course_id = tests.course_id('alpine-basics') and kind = 'video');
select tests.authenticate_as('instructor');
select is(
  tests.api_error($$update public.courses set status = 'published' where slug = 'alpine-basics'$$),
  null, 'republishing an archived course needs no second factor (it cuts nobody off)'
);
select tests.clear_authentication();
update public.enrollments set status = 'removed' where course_id = tests.course_id('alpine-basics');
select tests.authenticate_as('instructor');
select is(
  tests.api_error($$update public.courses set status = 'draft' where slug = 'alpine-basics'$$),
  null, 'a course whose learners were all removed goes back to draft'
);
select tests.authenticate_as_service_role();
select is(
  tests.api_error($$update public.courses set status = 'archived' where slug = 'beacon-basics'$$),
  null, 'the service role archives without a session''s second factor'
);
select tests.clear_authentication();
select is(
  (select status::text from public.courses where slug = 'beacon-basics'), 'archived', 'and the course is archived'
);

select * from finish();
rollback;
