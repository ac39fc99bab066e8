-- Live progress goes out as broadcasts on the learner's private channel account:<user_id> instead of one Realtime
-- change per save: a start, a tick and an untick at once, a position-only change at most once per lesson every
-- 5 s, nothing for a save that moves nothing, progress_removed for a deleted row, enrollment_removed when the
-- learner is removed from a course. Only the learner may read them; nobody may send there. The 5 s window is passed
-- by setting the last broadcast back (the whole test is one transaction, so now() does not move, and a transaction
-- broadcasts a lesson once: each step dates the last broadcast in the past first). Broadcasts are sent at commit; the
-- test stands in for each commit with SET CONSTRAINTS ALL IMMEDIATE, which runs the deferred trigger there and then.
begin;
select plan(19);

select tests.create_course_fixture();
insert into private.study_clocks (user_id, last_saved_at) values (tests.get_user_id('enrolled'), now() - interval '1 hour');
delete from realtime.messages where topic like 'account:%';

create temporary view sent as
select event, payload from realtime.messages
where topic = 'account:' || tests.get_user_id('enrolled') and private and extension = 'broadcast';

-- The last broadcast of each of the learner's lessons happened `seconds` ago; the channel is emptied.
create function pg_temp.last_sent_ago(seconds integer) returns void language sql as $$
  update private.progress_broadcasts set sent_at = now() - make_interval(secs => seconds)
  where user_id = tests.get_user_id('enrolled');
  delete from realtime.messages where topic = 'account:' || tests.get_user_id('enrolled');
$$;

-- What a commit does to the deferred trigger: it runs now.
create function pg_temp.commit_point() returns void language plpgsql as $$
begin
  set constraints all immediate;
  set constraints all deferred;
end;
$$;

create function pg_temp.save(lesson text, position_s integer, completed boolean default null) returns void
language plpgsql as $$
begin
  perform tests.authenticate_as('enrolled');
  perform public.save_progress(tests.lesson_id(lesson), position_s, 30, completed);
  perform tests.clear_authentication();
  perform pg_temp.commit_point();
end;
$$;

-- what is broadcast, and when -------------------------------------------------------------------------------------
select pg_temp.save('Welcome', 30);
select results_eq(
  $$ select event, payload ->> 'lesson_id', payload ->> 'course_id', payload ->> 'status', payload ->> 'position_s' from sent $$,
  format($$ values ('progress', %L, %L, 'in_progress', '30') $$, tests.lesson_id('Welcome'), tests.course_id('alpine-basics')),
  'the first save of a lesson broadcasts its committed state once, on the learner''s private account channel, at once'
);
select ok(
  (select bool_and(payload ?& array['watched_s', 'completed_at', 'completed_by', 'updated_at']) from sent),
  'the broadcast carries what a tab needs to draw the lesson (seconds watched, completion, when)'
);

select pg_temp.last_sent_ago(2);
select pg_temp.save('Welcome', 40);
select pg_temp.save('Welcome', 45);
select is((select count(*)::integer from sent), 0, 'position saves within 5 s of the last broadcast send nothing');
select is((select position_s from public.lesson_progress where lesson_id = tests.lesson_id('Welcome')), 45, 'but are stored');

select pg_temp.last_sent_ago(6);
select pg_temp.save('Welcome', 50);
update private.progress_broadcasts set sent_at = now() - interval '2 seconds' where user_id = tests.get_user_id('enrolled');
select pg_temp.save('Welcome', 55);
select results_eq(
  $$ select event, payload ->> 'position_s' from sent $$,
  $$ values ('progress', '50') $$,
  'once 5 s have passed the next position save is broadcast, and the one 2 s after it waits again'
);

select pg_temp.last_sent_ago(6);
select pg_temp.save('Welcome', 55);
select is((select count(*)::integer from sent), 0, 'a save that moves nothing sends nothing');

select pg_temp.last_sent_ago(2);
select pg_temp.save('Welcome', 55, true);
select results_eq(
  $$ select payload ->> 'status', payload ->> 'completed_by' from sent $$,
  $$ values ('completed', 'manual') $$,
  'a tick is broadcast at once, inside the position window'
);
select pg_temp.last_sent_ago(2);
select pg_temp.save('First steps', 0);
select results_eq(
  $$ select payload ->> 'lesson_id', payload ->> 'status' from sent $$,
  format($$ values (%L, 'in_progress') $$, tests.lesson_id('First steps')),
  'each lesson has its own window: starting another lesson is broadcast at once'
);

select pg_temp.last_sent_ago(2);
select pg_temp.save('Welcome', 55, false);
select results_eq(
  $$ select payload ->> 'status' from sent $$,
  $$ values ('in_progress') $$,
  'and so is an untick'
);


update public.enrollments set last_activity_at = now() where user_id = tests.get_user_id('enrolled');
select is((select count(*)::integer from sent where event = 'enrollment_removed'), 0, 'an enrollment''s bookkeeping sends nothing');

-- who may read ----------------------------------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
select set_config('realtime.topic', 'account:' || tests.get_user_id('enrolled'), true);
select ok(
  (select count(*) from realtime.messages where event = 'progress') > 0,
  'the learner may listen to their progress on their own account channel'
);
select throws_ok(
  format($$ insert into realtime.messages (topic, extension, event, payload, private)
            values (%L, 'broadcast', 'progress', '{}', true) $$, 'account:' || tests.get_user_id('enrolled')),
  '42501', null,
  'but not broadcast on it'
);
select tests.clear_authentication();

select tests.authenticate_as('learner');
select set_config('realtime.topic', 'account:' || tests.get_user_id('enrolled'), true);
select is((select count(*)::integer from realtime.messages), 0, 'another learner cannot listen on it');
select tests.clear_authentication();

select tests.authenticate_as('instructor');
select set_config('realtime.topic', 'account:' || tests.get_user_id('enrolled'), true);
select is((select count(*)::integer from realtime.messages), 0, 'nor can an instructor of the course');
select tests.clear_authentication();

select tests.authenticate_as_anon();
select set_config('realtime.topic', 'account:' || tests.get_user_id('enrolled'), true);
select is((select count(*)::integer from realtime.messages), 0, 'nor a visitor');
select tests.clear_authentication();

-- removals --------------------------------------------------------------------------------------------------------
update public.enrollments set status = 'removed' where user_id = tests.get_user_id('enrolled');
select pg_temp.commit_point();
select results_eq(
  $$ select payload - 'id' from sent where event = 'enrollment_removed' $$,
  format($$ values (jsonb_build_object('course_id', %L::uuid)) $$, tests.course_id('alpine-basics')),
  'removing the learner from a course tells their tabs which course'
);

delete from public.lesson_progress where lesson_id = tests.lesson_id('First steps');
select pg_temp.commit_point();
select results_eq(
  $$ select payload ->> 'lesson_id' from sent where event = 'progress_removed' $$,
  format($$ values (%L) $$, tests.lesson_id('First steps')),
  'a deleted progress row is broadcast as progress_removed'
);

delete from realtime.messages where topic like 'account:%';
delete from auth.users where id = tests.get_user_id('enrolled');
select pg_temp.commit_point();
select is((select count(*)::integer from realtime.messages where topic like 'account:%' and event like 'progress%'), 0,
  'deleting the learner (their progress with them) broadcasts nothing');
select is(
  (select count(*)::integer from private.progress_broadcasts
   where lesson_id in (select id from public.lessons where course_id = tests.course_id('alpine-basics'))),
  0, 'and forgets when their progress was last sent'
);

select * from finish();
rollback;
