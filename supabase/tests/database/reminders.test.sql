-- Reminders and the weekly digest (20261130020100): what is due at a moment and what is not (a study session 15
-- minutes before, events and deadlines the day before for the course's active learners and the event's cohort, a
-- streak at risk from 19:00 in the learner's zone, the Monday digest from 08:00 in the instructor's zone), each
-- recorded and emailed once, skipping deleted users, removed enrollments and emails switched off (the app
-- notification still written), retried with backoff until it expires; only the service role may claim, mark and
-- release; the send-reminders job runs every minute. Every moment is taken from a Monday two weeks ahead (base) in
-- zones without daylight saving (Asia/Tokyo +9, America/Bogota -5), so the test reads the same on any day.
begin;
select plan(37);

select tests.create_course_fixture();
select tests.create_user('ghost', 'Gus Ghost');
select tests.create_user('dropped', 'Dora Dropped');
select tests.create_user('studied', 'Stan Studied');
select tests.create_user('lapsed', 'Lara Lapsed');

-- base: a Monday 00:00 UTC at least a week ahead; wed: the Wednesday after it.
select set_config('tests.base', (date_trunc('week', now() at time zone 'UTC') + interval '14 days')::text || '+00', true);
create function tests.at(offset_text text) returns timestamptz
language sql stable as $$ select current_setting('tests.base')::timestamptz + offset_text::interval $$;

create function tests.due(as_of timestamptz) returns table (who text, reminder text, subject text)
language sql stable security definer set search_path = ''
as $$
  select split_part(u.email, '@', 1), d.reminder, d.subject
  from private.due_reminders(as_of) d join auth.users u on u.id = d.user_id
  order by 1, 2, 3
$$;

update public.profiles set timezone = 'Asia/Tokyo'
where id in (select tests.user_ids('enrolled', 'instructor', 'studied', 'lapsed', 'ghost', 'dropped'));
update public.profiles set timezone = 'America/Bogota' where id in (select tests.user_ids('learner', 'owner'));

-- Everyone but 'learner' (enrolled nowhere) learns alpine-basics; 'dropped' was removed from it.
insert into public.enrollments (course_id, user_id, source)
select tests.course_id('alpine-basics'), u, 'open' from tests.user_ids('ghost', 'dropped', 'studied', 'lapsed') u;
update public.enrollments set status = 'removed', removed_at = now() where user_id = tests.get_user_id('dropped');
update public.enrollments set enrolled_at = tests.at('-2 days'), last_activity_at = tests.at('-2 days')
where course_id = tests.course_id('alpine-basics');
update auth.users set deleted_at = now() where id = tests.get_user_id('ghost');
insert into public.cohorts (course_id, name, starts_at) values (tests.course_id('alpine-basics'), 'Evening group', tests.at('-7 days'));

-- grants ---------------------------------------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
select throws_ok($$select * from public.claim_due_reminders()$$, '42501', null, 'a learner cannot claim reminders');
select throws_ok($$select public.mark_reminder_sent(gen_random_uuid())$$, '42501', null, 'nor mark one sent');
select throws_ok($$select public.release_reminder(gen_random_uuid())$$, '42501', null, 'nor release one');
select throws_ok($$select * from private.due_reminders(now())$$, '42501', null, 'nor list what is due');
select tests.authenticate_as_anon();
select throws_ok($$select * from public.claim_due_reminders()$$, '42501', null, 'anon cannot claim reminders');
select throws_ok($$select public.release_reminder(gen_random_uuid())$$, '42501', null, 'nor release one');
select tests.authenticate_as_service_role();
select lives_ok($$select * from public.claim_due_reminders(1)$$, 'the service role claims what is due now');
select is(public.mark_reminder_sent(gen_random_uuid()), false, 'marking an unknown reminder sent marks nothing');
select tests.clear_authentication();
delete from private.reminders;
delete from public.notifications;

select results_eq(
  $$select schedule, command, username, active from cron.job where jobname = 'send-reminders'$$,
  $$values ('* * * * *'::text, 'select private.queue_reminders()'::text, 'postgres'::text, true)$$,
  'the send-reminders job runs every minute as postgres'
);

-- study sessions: 15 minutes before ---------------------------------------------------------------------------------
insert into public.study_plans (user_id, course_id, days_of_week, start_time, minutes, time_zone)
select u, tests.course_id('alpine-basics'), '{1,2,3,4,5,6,7}', '09:00', 30, 'Asia/Tokyo'
from tests.user_ids('enrolled', 'ghost', 'dropped') u;
insert into public.study_sessions (user_id, course_id, starts_at, ends_at)
select tests.get_user_id('enrolled'), tests.course_id('alpine-basics'), tests.at(o), tests.at(o) + interval '30 minutes'
from unnest(array['2 days 10 minutes', '2 days 20 minutes', '2 days -1 minute']) o;
insert into public.study_sessions (user_id, course_id, starts_at, ends_at)
select u, tests.course_id('alpine-basics'), tests.at('2 days 10 minutes'), tests.at('2 days 40 minutes')
from tests.user_ids('ghost', 'dropped') u;

select results_eq(
  $$select who, reminder from tests.due(tests.at('2 days')) where reminder = 'study_session'$$,
  $$values ('enrolled', 'study_session')$$,
  'a session starting in 10 minutes is due; one in 20 minutes, one started, a deleted user''s and a removed learner''s are not'
);
select results_eq(
  $$select d.subject, d.payload->>'local_start', d.payload->>'time_zone', d.payload->>'course_slug', (d.payload->>'minutes')::int
    from private.due_reminders(tests.at('2 days')) d where d.reminder = 'study_session'$$,
  $$select s.id::text, to_char(tests.at('2 days 10 minutes') at time zone 'Asia/Tokyo', 'YYYY-MM-DD HH24:MI'), 'Asia/Tokyo', 'alpine-basics', 30
    from public.study_sessions s where s.starts_at = tests.at('2 days 10 minutes') and s.user_id = tests.get_user_id('enrolled')$$,
  'the reminder is about that session, with its start in the learner''s zone (Tokyo 09:10)'
);
select is(
  (select payload->>'local_start' from private.due_reminders(tests.at('2 days')) where reminder = 'study_session'),
  to_char(tests.at('2 days')::date, 'YYYY-MM-DD') || ' 09:10',
  'Wednesday 00:10 UTC reads 09:10 in Tokyo'
);

-- events and deadlines: the day before ---------------------------------------------------------------------------
insert into public.events (course_id, cohort_id, kind, title, starts_at, ends_at, join_url)
values (tests.course_id('alpine-basics'), null, 'live', 'Live Q&A', tests.at('2 days 23 hours'), tests.at('2 days 24 hours'), 'https://meet.example/qa'),
       (tests.course_id('alpine-basics'), null, 'live', 'Later session', tests.at('3 days 1 hour'), tests.at('3 days 2 hours'), null),
       (tests.course_id('alpine-basics'), null, 'deadline', 'Project due', tests.at('2 days 2 hours'), null, null),
       (tests.course_id('alpine-basics'), (select id from public.cohorts where name = 'Evening group'), 'live', 'Evening only',
        tests.at('2 days 3 hours'), tests.at('2 days 4 hours'), null);
select results_eq(
  $$select who, reminder, (select title from public.events where id::text = subject)
    from tests.due(tests.at('2 days')) where reminder in ('event', 'deadline')$$,
  $$values ('enrolled', 'deadline', 'Project due'), ('enrolled', 'event', 'Live Q&A'),
           ('lapsed', 'deadline', 'Project due'), ('lapsed', 'event', 'Live Q&A'),
           ('studied', 'deadline', 'Project due'), ('studied', 'event', 'Live Q&A')$$,
  'a live session 23 hours ahead and a deadline 2 hours ahead are due for the active learners; one 25 hours ahead, another cohort''s, a deleted user''s and a removed learner''s are not'
);
update public.enrollments set cohort_id = (select id from public.cohorts where name = 'Evening group')
where user_id = tests.get_user_id('studied');
select results_eq(
  $$select (select title from public.events where id::text = subject)
    from tests.due(tests.at('2 days')) where who = 'studied' and reminder = 'event' order by 1$$,
  $$values ('Evening only'), ('Live Q&A')$$,
  'a learner of the cohort is also reminded of the cohort''s session'
);

-- streaks at risk: 19:00 in the learner's zone --------------------------------------------------------------------
-- Tokyo: 'enrolled' counted Monday and Tuesday (a 2-day streak); 'studied' counted Tuesday and today; 'lapsed'
-- only Monday. Bogota: 'learner' counted yesterday, but its evening is hours away.
insert into public.daily_activity (user_id, day, seconds, lessons_completed)
values (tests.get_user_id('enrolled'), tests.at('0')::date, 600, 0),
       (tests.get_user_id('enrolled'), tests.at('1 day')::date, 0, 1),
       (tests.get_user_id('enrolled'), tests.at('2 days')::date, 120, 0),
       (tests.get_user_id('studied'), tests.at('1 day')::date, 600, 0),
       (tests.get_user_id('studied'), tests.at('2 days')::date, 600, 0),
       (tests.get_user_id('lapsed'), tests.at('0')::date, 600, 0),
       (tests.get_user_id('learner'), tests.at('1 day')::date, 600, 0),
       (tests.get_user_id('ghost'), tests.at('1 day')::date, 600, 0);
select is_empty(
  $$select 1 from tests.due(tests.at('2 days 9 hours 59 minutes')) where reminder = 'streak'$$,
  'at 18:59 in Tokyo no streak is due'
);
select results_eq(
  $$select who, subject from tests.due(tests.at('2 days 10 hours')) where reminder = 'streak'$$,
  $$values ('enrolled', tests.at('2 days')::date::text)$$,
  'at 19:00 in Tokyo a 2-day streak with 2 minutes today is at risk; not one whose today counts, a lapsed one, a deleted user''s, or Bogota''s at 05:00'
);
select is(
  (select (payload->>'streak_days')::int from private.due_reminders(tests.at('2 days 10 hours')) where reminder = 'streak'),
  2, 'the streak''s length is told'
);
select results_eq(
  $$select who, subject from tests.due(tests.at('3 days')) where reminder = 'streak'$$,
  $$values ('learner', tests.at('2 days')::date::text)$$,
  'at 19:00 in Bogota (00:00 UTC) the Bogota learner''s streak is due, for their Wednesday'
);

-- the weekly digest: Mondays 08:00 in the instructor's zone ---------------------------------------------------------
insert into public.questions (author_id, lesson_id, body)
values (tests.get_user_id('enrolled'), tests.lesson_id('Welcome'), 'Is a figure eight enough?');
select is_empty(
  $$select 1 from tests.due(tests.at('-1 hour -1 minute')) where reminder = 'digest'$$,
  'at 07:59 on Monday in Tokyo no digest is due'
);
select results_eq(
  $$select who, subject from tests.due(tests.at('-30 minutes')) where reminder = 'digest'$$,
  $$values ('instructor', tests.at('0')::date::text)$$,
  'at 08:30 on Monday in Tokyo the instructor''s digest is due; the owner''s (Sunday 18:30 in Bogota) is not'
);
select results_eq(
  $$select c->>'course_slug', (c->>'at_risk')::int, (c->>'unanswered')::int, (c->>'new_enrollments')::int
    from private.due_reminders(tests.at('-30 minutes')) d, jsonb_array_elements(d.payload->'courses') c
    where d.reminder = 'digest'$$,
  $$values ('alpine-basics', 0, 1, 4)$$,
  'it lists the course taught with news: no one at risk, one unanswered question, four enrollments this week (the removed one not counted); the draft course not'
);
update public.enrollments set last_activity_at = tests.at('-9 days') where user_id = tests.get_user_id('lapsed');
select results_eq(
  $$select (c->>'at_risk')::int, c->'at_risk_names'
    from private.due_reminders(tests.at('-30 minutes')) d, jsonb_array_elements(d.payload->'courses') c
    where d.reminder = 'digest'$$,
  $$values (1, '["Lara Lapsed"]'::jsonb)$$,
  'a learner idle for 9 days is at risk, named'
);
select results_eq(
  $$select who from tests.due(tests.at('15 hours')) where reminder = 'digest'$$,
  $$values ('owner')$$,
  'at 10:00 on Monday in Bogota the owner''s digest is due; the instructor''s is not once Tokyo''s Monday has ended'
);

-- claiming: once, with its notification; emails switched off are skipped -------------------------------------------
insert into public.notification_preferences (user_id, kind, app, email)
values (tests.get_user_id('enrolled'), 'event_reminder', true, false),
       (tests.get_user_id('lapsed'), 'event_reminder', false, false);
create temporary table first_claim on commit drop as
select c.*, split_part(c.email, '@', 1) as who from private.claim_due_reminders_at(tests.at('2 days'), 50) c;
grant select on first_claim to service_role;
select results_eq(
  $$select who, reminder, kind::text, display_name from first_claim order by 1, 2$$,
  $$values ('enrolled', 'study_session', 'study_reminder', 'Erin Enrolled'),
           ('studied', 'deadline', 'event_reminder', 'Stan Studied'),
           ('studied', 'event', 'event_reminder', 'Stan Studied'),
           ('studied', 'event', 'event_reminder', 'Stan Studied')$$,
  'the emails claimed: the session and the events of learners who take them by email'
);
select results_eq(
  $$select n.kind::text, n.payload->>'reminder', count(*)::int from public.notifications n
    where n.user_id = tests.get_user_id('enrolled') group by 1, 2 order by 1, 2$$,
  $$values ('event_reminder', 'deadline', 1), ('event_reminder', 'event', 1), ('study_reminder', 'study_session', 1)$$,
  'the app is told of each (events too, whose email is off)'
);
select is_empty(
  $$select 1 from public.notifications where user_id = tests.get_user_id('lapsed')$$,
  'a kind off in the app and by email writes no notification'
);
select is(
  (select count(*)::int from private.reminders where user_id = tests.get_user_id('lapsed')), 0,
  'and records no reminder'
);
select is_empty(
  $$select 1 from private.claim_due_reminders_at(tests.at('2 days'), 50)$$,
  'claiming again claims nothing'
);
select is_empty($$select 1 from tests.due(tests.at('2 days 1 minute')) where reminder <> 'streak'$$, 'and nothing is due again');
select is(
  (select count(*)::int from public.notifications where user_id = tests.get_user_id('enrolled')), 3,
  'nor is the app told twice'
);

-- sent, failed, retried with backoff until it expires ----------------------------------------------------------
select tests.authenticate_as_service_role();
select ok(
  public.mark_reminder_sent((select id from first_claim where reminder = 'deadline'))
    and public.release_reminder((select id from first_claim where reminder = 'study_session')),
  'the service role marks one sent and hands a failed one back'
);
select tests.clear_authentication();
update private.reminders set last_failed_at = tests.at('2 days') where reminder = 'study_session';
select is_empty(
  $$select 1 from private.claim_due_reminders_at(tests.at('2 days 1 minute'), 50)$$,
  'a failed send waits 2^1 minutes'
);
select results_eq(
  $$select reminder from private.claim_due_reminders_at(tests.at('2 days 2 minutes'), 50)$$,
  $$values ('study_session')$$,
  'and is claimed again after 2 minutes'
);
select tests.authenticate_as_service_role();
select ok(public.release_reminder((select id from first_claim where reminder = 'study_session')), 'it fails again');
select is(public.mark_reminder_sent((select id from first_claim where reminder = 'study_session')), false,
  'a released reminder cannot be marked sent before it is claimed again');
select tests.clear_authentication();
update private.reminders set last_failed_at = tests.at('2 days') where reminder = 'study_session';
select is_empty(
  $$select 1 from private.claim_due_reminders_at(tests.at('2 days 10 minutes'), 50)
    where id = (select id from first_claim where reminder = 'study_session')$$,
  'once the session has started its reminder is not retried'
);

-- an owed email whose learner was removed meanwhile is dropped ------------------------------------------------------
update private.reminders set claimed_at = null where reminder = 'event' and user_id = tests.get_user_id('studied');
update public.enrollments set status = 'removed', removed_at = now() where user_id = tests.get_user_id('studied');
select is_empty(
  $$select 1 from private.claim_due_reminders_at(tests.at('2 days'), 50) where reminder = 'event'$$,
  'a learner removed from the course after the reminder came due gets no email'
);

select * from finish();
rollback;
