-- Notifications and their preferences: the database writes them (added to a course by the staff or invited, an
-- answer to my question, a certificate, a trophy); the owner reads theirs and marks them read, nobody else reads or
-- writes them; a kind switched off in the app is not written; preferences are the owner's, with defaults; only the
-- service role turns an email kind off for someone (one-click unsubscribe).
begin;
select plan(36);

select tests.create_course_fixture();
select tests.create_user('classmate', 'Cleo Classmate');

create function tests.notes_of(identifier text) returns table (kind text, payload jsonb)
language sql stable security definer set search_path = ''
as $$ select n.kind::text, n.payload from public.notifications n where n.user_id = tests.get_user_id(identifier) order by n.created_at, n.kind, n.payload ? 'invitation_id' $$;
grant execute on function tests.notes_of(text) to authenticated;

-- written by the triggers -----------------------------------------------------------------------------------------
-- An instructor adds 'learner' to alpine-basics by hand (source manual).
select tests.authenticate_as('instructor');
select set_config('role', 'postgres', true);
insert into public.enrollments (course_id, user_id, source) values (tests.course_id('beacon-basics'), tests.get_user_id('learner'), 'manual');
select results_eq(
  $$select kind, payload->>'course_slug', payload->>'course_title', payload->>'school_name' from tests.notes_of('learner')$$,
  $$values ('course_added', 'beacon-basics', 'Beacon Basics', 'Beacon School')$$,
  'a learner added to a course by its staff is told, with the course and school'
);
select tests.clear_authentication();
-- Enrolling oneself (open) or accepting an invitation (the learner''s own manual enrollment) is not announced.
select tests.authenticate_as('classmate');
select set_config('role', 'postgres', true);
insert into public.enrollments (course_id, user_id, source) values (tests.course_id('beacon-basics'), tests.get_user_id('classmate'), 'manual');
insert into public.enrollments (course_id, user_id, source) values (tests.course_id('alpine-basics'), tests.get_user_id('classmate'), 'open');
select tests.clear_authentication();
select is_empty($$select 1 from tests.notes_of('classmate')$$, 'enrolling oneself (open, or accepting an invitation) is not announced');

-- An invitation to a confirmed account's address: its holder sees it; a stranger's address makes nothing.
insert into public.course_invitations (course_id, email, invited_by)
values (tests.course_id('alpine-basics'), 'learner@test.summit.local', tests.get_user_id('instructor')),
       (tests.course_id('alpine-basics'), 'stranger@example.com', tests.get_user_id('instructor'));
select results_eq(
  $$select kind, payload->>'course_slug', payload ? 'invitation_id', payload->>'invited_by_name' from tests.notes_of('learner') offset 1$$,
  $$values ('course_added', 'alpine-basics', true, 'Ivan Instructor')$$,
  'an invitation to a confirmed account''s address is announced to its holder, with the invitation and who sent it'
);
select is((select count(*)::int from public.notifications), 2, 'an invitation to an address without an account writes nothing');

-- An answer to my question by someone else; not my own answer to it.
select tests.authenticate_as('enrolled');
insert into public.questions (lesson_id, body) values (tests.lesson_id('Welcome'), 'Which knot for the harness?');
insert into public.answers (question_id, body) select id, 'I think a figure eight.' from public.questions;
select tests.authenticate_as('instructor');
insert into public.answers (question_id, body) select id, 'A figure-eight follow-through.' from public.questions;
select tests.clear_authentication();
select results_eq(
  $$select kind, payload->>'lesson_id', payload->>'lesson_title', payload->>'author_name', payload->>'excerpt', payload->>'course_slug' from tests.notes_of('enrolled')$$,
  $$values ('answer', tests.lesson_id('Welcome')::text, 'Welcome', 'Ivan Instructor', 'A figure-eight follow-through.', 'alpine-basics')$$,
  'the asker is told of an answer by someone else, with the lesson, the answerer and an excerpt; not of their own'
);

-- A certificate and a trophy.
insert into public.certificates (code, user_id, course_id, snapshot)
values ('ABCDEFGHJK', tests.get_user_id('enrolled'), tests.course_id('alpine-basics'), '{}');
insert into public.user_achievements (user_id, code, course_id) values (tests.get_user_id('enrolled'), 'first_lesson', null);
select results_eq(
  $$select kind, coalesce(payload->>'code', '') , coalesce(payload->>'title', payload->>'course_title') from tests.notes_of('enrolled') offset 1$$,
  $$values ('certificate', 'ABCDEFGHJK', 'Alpine Basics'), ('achievement', 'first_lesson', 'First lesson')$$,
  'a certificate issued and a trophy earned are announced to their learner'
);

-- reading and marking read ----------------------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
select results_eq($$select count(*)::int from public.notifications$$, array[3], 'the owner reads their notifications');
select results_eq(
  $$with marked as (update public.notifications set read_at = now() where read_at is null returning 1) select count(*)::int from marked$$,
  array[3], 'the owner marks all theirs read'
);
select throws_ok(
  $$update public.notifications set payload = '{}'$$, '42501', null, 'the owner cannot change what a notification says'
);
select throws_ok(
  $$update public.notifications set user_id = tests.get_user_id('learner')$$, '42501', null, 'nor whose it is'
);
select throws_ok(
  $$insert into public.notifications (user_id, kind) values (tests.get_user_id('enrolled'), 'announcement')$$,
  '42501', null, 'a user cannot write a notification, not even for themselves'
);
select throws_ok(
  $$delete from public.notifications$$, '42501', null, 'nor delete one'
);
select tests.authenticate_as('learner');
select results_eq($$select count(*)::int from public.notifications$$, array[2], 'another user reads only their own');
select results_eq(
  $$with marked as (update public.notifications set read_at = now() where user_id = tests.get_user_id('enrolled') returning 1) select count(*)::int from marked$$,
  array[0], 'and cannot mark someone else''s read'
);
select tests.authenticate_as('instructor');
select is_empty($$select 1 from public.notifications$$, 'the instructor who invited reads none of the invitee''s');
select tests.authenticate_as_anon();
select throws_ok($$select 1 from public.notifications$$, '42501', null, 'anon reads no notifications');
select throws_ok($$select * from public.notification_settings()$$, '42501', null, 'anon has no preferences to read');
select tests.clear_authentication();
select is(
  (select count(*)::int from pg_publication_tables where pubname = 'supabase_realtime' and tablename = 'notifications'),
  1, 'notifications are published on Realtime'
);
select policies_are('public', 'notifications', array['notifications_select_owner', 'notifications_update_owner'],
  'notifications have a select and an update policy, for their owner');

-- preferences -----------------------------------------------------------------------------------------------------
select tests.authenticate_as('classmate');
select results_eq(
  $$select kind::text, app, email from public.notification_settings()$$,
  $$values ('course_added', true, true), ('answer', true, true), ('announcement', true, true),
           ('certificate', true, true), ('achievement', true, false), ('study_reminder', true, true),
           ('event_reminder', true, true), ('streak_reminder', true, true), ('weekly_digest', true, true)$$,
  'every kind has a default: all on in the app, all by email except trophies'
);
select lives_ok(
  $$insert into public.notification_preferences (user_id, kind, app, email) values (tests.get_user_id('classmate'), 'achievement', false, false)$$,
  'a user sets their own preference'
);
select lives_ok(
  $$update public.notification_preferences set email = true where kind = 'achievement'$$,
  'and changes it'
);
select results_eq(
  $$select app, email from public.notification_settings() where kind = 'achievement'$$,
  $$values (false, true)$$, 'notification_settings() answers the choice where there is one'
);
select throws_ok(
  $$insert into public.notification_preferences (user_id, kind, app, email) values (tests.get_user_id('learner'), 'answer', false, false)$$,
  '42501', null, 'a user cannot set someone else''s preferences'
);
select throws_ok($$delete from public.notification_preferences$$, '42501', null, 'preferences are changed, not deleted');
select tests.authenticate_as('learner');
select is_empty($$select 1 from public.notification_preferences$$, 'nor read someone else''s');
select throws_ok(
  $$select public.unsubscribe_email(tests.get_user_id('classmate'), 'announcement')$$,
  '42501', null, 'a signed-in user cannot unsubscribe someone through the service''s call'
);
select tests.clear_authentication();

-- a kind switched off in the app is not written -------------------------------------------------------------------
insert into public.user_achievements (user_id, code) values (tests.get_user_id('classmate'), 'first_lesson');
select is_empty($$select 1 from tests.notes_of('classmate')$$, 'a kind switched off in the app writes no notification');

-- one-click unsubscribe (service role) ----------------------------------------------------------------------------
select tests.authenticate_as_service_role();
select is(public.unsubscribe_email(tests.get_user_id('learner'), 'announcement'), true, 'the service turns one kind''s email off');
select is(public.unsubscribe_email(gen_random_uuid(), 'announcement'), null, 'an unknown user changes nothing');
select is(private.wants_notification_email(tests.get_user_id('learner'), 'announcement'), false, 'the senders see it off');
select is(private.wants_notification_email(tests.get_user_id('learner'), 'answer'), true, 'other kinds keep their default');
select tests.clear_authentication();
select results_eq(
  $$select app, email from public.notification_preferences where user_id = tests.get_user_id('learner')$$,
  $$values (true, false)$$, 'unsubscribing keeps the app channel on'
);

-- answer emails follow the email preference ------------------------------------------------------------------------
insert into public.enrollments (course_id, user_id, source) values (tests.course_id('alpine-basics'), tests.get_user_id('learner'), 'open');
select tests.authenticate_as('learner');
insert into public.questions (lesson_id, body) values (tests.lesson_id('Welcome'), 'Is a helmet required?');
select tests.authenticate_as('instructor');
insert into public.answers (question_id, body) select id, 'Yes, always.' from public.questions where body = 'Is a helmet required?';
select tests.clear_authentication();
insert into public.notification_preferences (user_id, kind, app, email) values (tests.get_user_id('enrolled'), 'answer', true, false);
select tests.authenticate_as('enrolled');
insert into public.questions (lesson_id, body) values (tests.lesson_id('Welcome'), 'And gloves?');
select tests.authenticate_as('instructor');
insert into public.answers (question_id, body) select id, 'Gloves too.' from public.questions where body = 'And gloves?';
select tests.clear_authentication();
select results_eq(
  $$select e.recipient_id from private.answer_emails e join public.answers a on a.id = e.answer_id where a.body in ('Yes, always.', 'Gloves too.')$$,
  $$values (tests.get_user_id('learner'))$$,
  'an answer email is owed only to an asker whose answer emails are on'
);
select tests.authenticate_as_service_role();
select is(
  (select public.claim_answer_email(a.id)->>'recipient_id' from public.answers a where a.body = 'Yes, always.'),
  tests.get_user_id('learner')::text,
  'the claimed email names its recipient, for the unsubscribe link'
);
select tests.clear_authentication();

-- the account export carries them -------------------------------------------------------------------------------
select results_eq(
  $$select jsonb_array_length(x -> 'notifications'), x #>> '{notification_preferences,0,kind}', x #>> '{notification_preferences,0,email}'
    from public.account_export(tests.get_user_id('learner')) x$$,
  $$values (3, 'announcement', 'false')$$,
  'the account export holds the user''s notifications and preferences'
);

select * from finish();
rollback;
