-- remove_learner: only a member of the course's school, from a session with a second factor, with a reason. The
-- learner's progress stays; their access to the content, the media and progress writes ends with the same
-- transaction, and Realtime (which checks each change against the subscriber's select policies) stops sending them
-- the course while still telling them about their own enrollment.
begin;
select plan(24);

select tests.create_enrollment_fixture();
-- Erin finished "Welcome", so the sequential course opens "First steps" to her; it has a video in course-media.
insert into public.lesson_progress (user_id, lesson_id, course_id, status, position_s, watched_s, completed_at, completed_by)
values (tests.get_user_id('enrolled'), tests.lesson_id('Welcome'), tests.course_id('alpine-basics'), 'completed', 120, 120, now(), 'rule');
-- The stack creates buckets from config.toml; a bare database (pg_prove on a scratch copy) may not have it yet.
insert into storage.buckets (id, name) values ('course-media', 'course-media') on conflict (id) do nothing;
insert into storage.objects (bucket_id, name)
values ('course-media', tests.course_id('alpine-basics') || '/' || tests.lesson_id('First steps') || '/video.webm');

create function tests.erins_enrollment() returns uuid language sql stable security definer set search_path = ''
as $$ select id from public.enrollments where user_id = tests.get_user_id('enrolled') $$;
grant execute on function tests.erins_enrollment() to anon, authenticated;

-- before: Erin learns -------------------------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
select results_eq($$select body_md from public.lesson_contents where lesson_id = tests.lesson_id('First steps')$$, array['Content of First steps'], 'before removal the learner reads an unlocked lesson''s content');
select results_eq($$select count(*)::int from storage.objects where bucket_id = 'course-media'$$, array[1], 'and its media');

-- who may remove ------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select is(tests.error_of($$select public.remove_learner(tests.erins_enrollment(), 'spam')$$), '{"code": "not_signed_in", "status": 401}', 'a visitor is asked to sign in');
select tests.authenticate_as('enrolled', 'aal2');
select is(tests.error_of($$select public.remove_learner(tests.erins_enrollment(), 'leaving')$$), '{"code": "forbidden", "status": 403}', 'a learner cannot remove themselves (or anyone)');
select tests.authenticate_as('other_owner', 'aal2');
select is(tests.error_of($$select public.remove_learner(tests.erins_enrollment(), 'spam')$$), '{"code": "forbidden", "status": 403}', 'the owner of another school cannot remove school A''s learner');
select is(tests.error_of($$select public.remove_learner(gen_random_uuid(), 'spam')$$), '{"code": "forbidden", "status": 403}', 'an unknown enrollment gets the same answer');
select tests.authenticate_as('instructor', 'aal1');
select is(tests.error_of($$select public.remove_learner(tests.erins_enrollment(), 'spam')$$), '{"code": "aal2_required", "status": 403}', 'an instructor without a second factor is asked for one');
select tests.authenticate_as('instructor', 'aal2');
select is(tests.error_of($$select public.remove_learner(tests.erins_enrollment(), '   ')$$), '{"code": "validation_failed", "status": 422, "fields": {"reason": "Say why the learner is removed."}}', 'a blank reason is refused');
select is(tests.error_of($$select public.remove_learner(tests.erins_enrollment(), null)$$), '{"code": "validation_failed", "status": 422, "fields": {"reason": "Say why the learner is removed."}}', 'a missing reason is refused');
select is(tests.error_of(format($$select public.remove_learner(tests.erins_enrollment(), %L)$$, repeat('x', 501))), '{"code": "validation_failed", "status": 422, "fields": {"reason": "Keep the reason to 500 characters."}}', 'a reason over 500 characters is refused');
select tests.clear_authentication();
select results_eq($$select status::text from public.enrollments where id = tests.erins_enrollment()$$, array['active'], 'no refusal changed the enrollment');

-- the removal ---------------------------------------------------------------------------------------------------
select tests.authenticate_as('instructor', 'aal2');
select is((public.remove_learner(tests.erins_enrollment(), '  Shared their account  ')) ->> 'status', 'removed', 'an instructor with a second factor removes the learner');
select is((public.remove_learner(tests.erins_enrollment(), 'again')) ->> 'removal_reason', 'Shared their account', 'removing again changes nothing');
select tests.clear_authentication();
select results_eq(
  $$select status::text, removal_reason, removed_by, removed_at is not null from public.enrollments where id = tests.erins_enrollment()$$,
  $$values ('removed', 'Shared their account', tests.get_user_id('instructor'), true)$$,
  'the enrollment records the reason (trimmed), who removed the learner and when'
);
select results_eq($$select count(*)::int from public.lesson_progress where user_id = tests.get_user_id('enrolled')$$, array[1], 'their progress is kept');

-- after: access ends --------------------------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
select is_empty($$select * from public.lesson_contents where lesson_id = tests.lesson_id('First steps')$$, 'the removed learner no longer reads the content');
select is_empty($$select * from storage.objects where bucket_id = 'course-media'$$, 'nor its media');
select is(tests.error_of($$select public.save_progress(tests.lesson_id('First steps'), 10, 10)$$) ->> 'status', '403', 'nor records progress through save_progress');
select throws_ok($$insert into public.lesson_progress (lesson_id, course_id, position_s) values (tests.lesson_id('First steps'), tests.course_id('alpine-basics'), 5)$$, '42501', null, 'nor writes progress directly');
select results_eq($$select status::text from public.enrollments$$, array['removed'], 'they still read their own enrollment, now removed: Realtime delivers that change to their open player');
select results_eq($$select count(*)::int from public.lesson_progress$$, array[1], 'and their own progress history');
select tests.authenticate_as('instructor');
select results_eq($$select count(*)::int from public.lesson_progress where user_id = tests.get_user_id('enrolled')$$, array[1], 'the instructor still reads the removed learner''s progress');
select results_eq($$select display_name from public.course_learners(tests.course_id('alpine-basics'), status => 'removed')$$, array['Erin Enrolled'], 'the roster lists them as removed');

-- Realtime ------------------------------------------------------------------------------------------------------
select tests.clear_authentication();
select results_eq(
  $$select tablename::text from pg_publication_tables where pubname = 'supabase_realtime' and tablename in ('enrollments', 'lesson_progress') order by 1$$,
  array['enrollments' collate "C", 'lesson_progress'],
  'enrollments and lesson_progress changes are published to Realtime'
);

select * from finish();
rollback;
