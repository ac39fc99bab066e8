-- Announcements: the course's staff write them (now or scheduled) and nobody else does; learners read the sent,
-- undeleted ones of their course and cohort; sending notifies the audience and queues emails by preference; nothing
-- changes after sending but deletion, which hides the announcement and its notifications; at most 5 per course in
-- 24 hours (rate_limited); the scheduler's job sends the due ones; only the service claims the emails.
begin;
select plan(35);

select tests.create_enrollment_fixture();
-- 'enrolled' is in the Spring cohort of alpine-basics, 'classmate' in Autumn; 'learner' is enrolled nowhere.
-- 'classmate' takes no announcement emails.
insert into public.notification_preferences (user_id, kind, app, email)
values (tests.get_user_id('classmate'), 'announcement', true, false);

create function tests.announcement(t text) returns uuid language sql stable security definer set search_path = ''
as $$ select id from public.announcements where title = t $$;
grant execute on function tests.announcement(text) to authenticated;

-- writing ---------------------------------------------------------------------------------------------------------
select tests.authenticate_as('instructor');
select lives_ok(
  $$insert into public.announcements (course_id, title, body_md) values (tests.course_id('alpine-basics'), '  Week 2 is open  ', 'Start with **Deep dive**.')$$,
  'an instructor of the course sends an announcement now'
);
select results_eq(
  $$select title, author_id, sent_at is not null, deleted_at from public.announcements where course_id = tests.course_id('alpine-basics')$$,
  $$values ('Week 2 is open', tests.get_user_id('instructor'), true, null::timestamptz)$$,
  'it is trimmed, written as its author and sent at once'
);
select lives_ok(
  $$insert into public.announcements (course_id, cohort_id, title, body_md, send_at)
    values (tests.course_id('alpine-basics'), tests.cohort_id('Autumn'), 'Autumn kickoff', 'See you soon.', now() + interval '1 hour')$$,
  'and schedules one for a cohort'
);
select is((select sent_at from public.announcements where title = 'Autumn kickoff'), null, 'a scheduled one waits');
select throws_like(
  $$insert into public.announcements (course_id, title, body_md) values (tests.course_id('alpine-basics'), 'Hi', ' ')$$,
  '%validation_failed%', 'a title under 3 characters and an empty body are refused with validation_failed'
);
select throws_like(
  $$insert into public.announcements (course_id, title, body_md, send_at) values (tests.course_id('alpine-basics'), 'Too late', 'x', now() - interval '1 day')$$,
  '%Choose a time in the future%', 'a send time in the past is refused'
);
select throws_ok(
  $$insert into public.announcements (course_id, title, body_md, sent_at) values (tests.course_id('alpine-basics'), 'Pre-sent', 'x', now())$$,
  '42501', null, 'sent_at is the database''s (no column grant)'
);
select throws_ok(
  $$insert into public.announcements (course_id, title, body_md) values (tests.course_id('beacon-basics'), 'Not mine', 'x')$$,
  '42501', null, 'an instructor cannot announce in another school''s course'
);
select tests.authenticate_as('enrolled');
select throws_ok(
  $$insert into public.announcements (course_id, title, body_md) values (tests.course_id('alpine-basics'), 'From a learner', 'x')$$,
  '42501', null, 'a learner cannot announce'
);
select tests.authenticate_as_anon();
select throws_ok($$select 1 from public.announcements$$, '42501', null, 'anon reads no announcements');

-- sending: notifications and emails ---------------------------------------------------------------------------------
select tests.clear_authentication();
select results_eq(
  $$select user_id, payload->>'title', payload->>'course_slug' from public.notifications where kind = 'announcement' order by user_id$$,
  $$select id, 'Week 2 is open', 'alpine-basics' from auth.users where id in (tests.get_user_id('enrolled'), tests.get_user_id('classmate')) order by id$$,
  'every learner of the course is notified of a course-wide announcement'
);
select results_eq(
  $$select user_id from private.announcement_emails where announcement_id = tests.announcement('Week 2 is open')$$,
  $$values (tests.get_user_id('enrolled'))$$,
  'an email is queued only for learners whose preference allows it'
);

-- reading ---------------------------------------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
select results_eq(
  $$select title from public.announcements$$, $$values ('Week 2 is open')$$,
  'a learner reads the sent ones of their course, not a scheduled one'
);
select tests.authenticate_as('learner');
select is_empty($$select 1 from public.announcements$$, 'a user enrolled elsewhere reads none');
select tests.authenticate_as('other_owner');
select is_empty($$select 1 from public.announcements$$, 'nor does another school''s owner');
select tests.authenticate_as('owner');
select results_eq(
  $$select count(*)::int from public.announcements$$, array[2], 'the school''s owner reads all of the course''s, scheduled included'
);

-- the scheduler sends the due one, to its cohort only ----------------------------------------------------------------
select tests.clear_authentication();
set local session_replication_role = replica;
update public.announcements set send_at = now() - interval '1 minute' where title = 'Autumn kickoff';
set local session_replication_role = origin;
select is(private.send_due_announcements(), 1, 'the job sends the scheduled announcement whose time has come');
select is(private.send_due_announcements(), 0, 'and never twice');
select results_eq(
  $$select user_id from public.notifications where payload->>'title' = 'Autumn kickoff'$$,
  $$values (tests.get_user_id('classmate'))$$,
  'a cohort''s announcement reaches that cohort only'
);
select tests.authenticate_as('enrolled');
select is_empty($$select 1 from public.announcements where title = 'Autumn kickoff'$$, 'another cohort''s learner does not read it');
select tests.authenticate_as('classmate');
select results_eq(
  $$select title from public.announcements order by title$$, $$values ('Autumn kickoff'), ('Week 2 is open')$$,
  'the cohort''s learner reads it and the course-wide one'
);

-- no edit after sending; deleting hides ---------------------------------------------------------------------------
select tests.authenticate_as('instructor');
select throws_like(
  $$update public.announcements set body_md = 'Changed my mind' where title = 'Week 2 is open'$$,
  '%announcement_sent%', 'a sent announcement cannot be edited'
);
select throws_like(
  $$update public.announcements set send_at = now() + interval '1 day' where title = 'Week 2 is open'$$,
  '%announcement_sent%', 'nor rescheduled'
);
select throws_ok(
  $$update public.announcements set sent_at = null where title = 'Week 2 is open'$$, '42501', null, 'nor unsent'
);
select lives_ok(
  $$update public.announcements set deleted_at = now() where title = 'Week 2 is open'$$, 'but it can be deleted'
);
select throws_like(
  $$update public.announcements set deleted_at = null where title = 'Week 2 is open'$$,
  '%announcement_deleted%', 'and a deletion is final'
);
select tests.authenticate_as('enrolled');
select is_empty($$select 1 from public.announcements$$, 'a deleted announcement is hidden from learners');
select is_empty($$select 1 from public.notifications where kind = 'announcement'$$, 'and its notifications are gone');
select tests.authenticate_as('enrolled');
select results_eq(
  $$with changed as (update public.announcements set title = 'Hacked' returning 1) select count(*)::int from changed$$,
  array[0], 'a learner changes no announcement'
);
select throws_ok($$delete from public.announcements$$, '42501', null, 'nobody removes one (it is deleted by deleted_at)');

-- the rate limit --------------------------------------------------------------------------------------------------
select tests.authenticate_as('owner');
select lives_ok(
  $$insert into public.announcements (course_id, title, body_md, send_at)
    select tests.course_id('alpine-basics'), 'Note ' || n, 'x', now() + interval '1 day' from generate_series(1, 3) n$$,
  'the staff post up to 5 announcements in a course in 24 hours (deleted ones count)'
);
select throws_like(
  $$insert into public.announcements (course_id, title, body_md) values (tests.course_id('alpine-basics'), 'One too many', 'x')$$,
  '%rate_limited%5 announcements in the last 24 hours%', 'the 6th is refused with rate_limited'
);

-- the email queue is the service's --------------------------------------------------------------------------------
select tests.authenticate_as('instructor');
select throws_ok($$select * from public.claim_announcement_emails(10)$$, '42501', null, 'an instructor cannot claim emails');
select tests.clear_authentication();
select is_empty(
  $$select 1 from private.announcement_emails where announcement_id = tests.announcement('Week 2 is open')$$,
  'a deleted announcement''s unsent emails are dropped'
);
select tests.authenticate_as_service_role();
select is_empty($$select 1 from public.claim_announcement_emails(10)$$, 'the classmate''s cohort announcement owes no email (email off)');

select * from finish();
rollback;
