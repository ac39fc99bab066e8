-- The opt-in course leaderboard: who appears (opted-in learners of the course only), what is exposed (rank, display
-- name, minutes, is_me — nothing else, not even to instructors), who may read it (the course's learners and school
-- members), the weekly minutes credited from progress writes in the learner's week, and the live channel
-- course-live:<course_id> (broadcast and presence, admitted by realtime.messages policies).
begin;
select plan(26);

select tests.create_course_fixture();
select tests.create_user('opt', 'Olive Optin');
select tests.create_user('shy', 'Sam Shy');
select tests.create_user('gone', 'Gina Gone');
insert into public.enrollments (course_id, user_id, source)
select tests.course_id('alpine-basics'), tests.get_user_id(who), 'open' from unnest(array['opt', 'shy', 'gone']) who;
update public.profiles set leaderboard_opt_in = true where id in (select tests.user_ids('opt', 'gone'));
update public.enrollments set status = 'removed'
where user_id = tests.get_user_id('gone') and course_id = tests.course_id('alpine-basics');

-- A learner's watched seconds on the preview lesson, written as save_progress writes them (the trigger credits them).
create function pg_temp.watch(identifier text, seconds integer)
returns void
language sql
as $$
  insert into public.lesson_progress as p (user_id, lesson_id, course_id, position_s, watched_s)
  values (tests.get_user_id(identifier), tests.lesson_id('Welcome'), tests.course_id('alpine-basics'), seconds, seconds)
  on conflict (user_id, lesson_id) do update set watched_s = p.watched_s + excluded.watched_s, updated_at = now();
$$;

-- What the leaderboard answers a user, as one jsonb array (rank, name, minutes, is_me in order).
create function pg_temp.board_as(identifier text)
returns jsonb
language plpgsql
as $$
declare
  answer jsonb;
begin
  perform tests.authenticate_as(identifier);
  select coalesce(jsonb_agg(to_jsonb(b) order by b.rank, b.display_name), '[]') into answer
  from public.course_leaderboard(tests.course_id('alpine-basics')) b;
  perform tests.clear_authentication();
  return answer;
end;
$$;

-- the call's shape ------------------------------------------------------------------------------------------------
select is(
  (select array_agg(a.name order by a.ord)
   from pg_proc p, unnest(p.proargnames, p.proargmodes) with ordinality as a(name, mode, ord)
   where p.oid = 'public.course_leaderboard(uuid)'::regprocedure and a.mode = 't'),
  array['rank', 'display_name', 'minutes', 'is_me'],
  'the board exposes a rank, a display name, minutes and is_me: no ids, no emails'
);

-- credits ---------------------------------------------------------------------------------------------------------
select pg_temp.watch('opt', 600);
select pg_temp.watch('opt', 330);
select pg_temp.watch('shy', 1200);
select pg_temp.watch('enrolled', 60);
select is(
  (select seconds from private.course_week_activity
   where user_id = tests.get_user_id('opt') and course_id = tests.course_id('alpine-basics')
     and week_start = date_trunc('week', now() at time zone 'UTC')::date),
  930,
  'new watched seconds are credited to the learner''s course week'
);
insert into private.course_week_activity (course_id, user_id, week_start, seconds)
values (tests.course_id('alpine-basics'), tests.get_user_id('opt'), date_trunc('week', now() at time zone 'UTC')::date - 7, 9000);

-- who appears and what they see ---------------------------------------------------------------------------------
select is(
  pg_temp.board_as('enrolled'),
  '[{"rank": 1, "display_name": "Olive Optin", "minutes": 15, "is_me": false}]',
  'a learner who did not opt in sees only the opted-in learners: this week''s whole minutes, last week left out'
);
select is(
  pg_temp.board_as('instructor'),
  '[{"rank": 1, "display_name": "Olive Optin", "minutes": 15, "is_me": false}]',
  'an instructor sees exactly the same four columns, nothing more about the learners'
);
select is(
  pg_temp.board_as('opt'),
  '[{"rank": 1, "display_name": "Olive Optin", "minutes": 15, "is_me": true}]',
  'an opted-in learner finds their own row marked'
);
update public.profiles set leaderboard_opt_in = true where id = tests.get_user_id('shy');
select is(
  pg_temp.board_as('enrolled'),
  '[{"rank": 1, "display_name": "Sam Shy", "minutes": 20, "is_me": false}, {"rank": 2, "display_name": "Olive Optin", "minutes": 15, "is_me": false}]',
  'a learner who opts in appears, ranked by minutes; a removed learner does not, though opted in'
);
update public.profiles set leaderboard_opt_in = true where id = tests.get_user_id('enrolled');
select is(
  pg_temp.board_as('enrolled') -> 2,
  '{"rank": 3, "display_name": "Erin Enrolled", "minutes": 1, "is_me": true}',
  'the caller''s own row, once opted in'
);
-- Olive at 20.5 minutes, Sam at 20: the board shows 20 for both, and ranks what it shows.
update private.course_week_activity set seconds = 1230
where user_id = tests.get_user_id('opt') and course_id = tests.course_id('alpine-basics')
  and week_start = date_trunc('week', now() at time zone 'UTC')::date;
select is(
  pg_temp.board_as('enrolled'),
  '[{"rank": 1, "display_name": "Olive Optin", "minutes": 20, "is_me": false}, {"rank": 1, "display_name": "Sam Shy", "minutes": 20, "is_me": false}, {"rank": 3, "display_name": "Erin Enrolled", "minutes": 1, "is_me": true}]',
  'equal whole minutes share a rank, whatever the seconds behind them'
);
update private.course_week_activity set seconds = 930
where user_id = tests.get_user_id('opt') and course_id = tests.course_id('alpine-basics')
  and week_start = date_trunc('week', now() at time zone 'UTC')::date;
update public.profiles set leaderboard_opt_in = false where id in (select tests.user_ids('shy', 'enrolled'));

-- the week is the learner's ------------------------------------------------------------------------------------
update public.profiles set timezone = 'Pacific/Kiritimati' where id = tests.get_user_id('opt');
-- Sunday 23:30 in UTC is already Monday 13:30 in Kiritimati (UTC+14): a new week there.
insert into public.lesson_progress (user_id, lesson_id, course_id, position_s, watched_s, updated_at)
values (tests.get_user_id('opt'), tests.lesson_id('First steps'), tests.course_id('alpine-basics'), 120, 120, '2024-03-03 23:30:00+00');
select is(
  (select array_agg(week_start::text || ' ' || seconds) from private.course_week_activity
   where user_id = tests.get_user_id('opt') and week_start between '2024-02-26' and '2024-03-04'),
  array['2024-03-04 120'],
  'seconds are credited to the week of the learner''s own zone at the moment of the write'
);
update public.profiles set timezone = 'UTC' where id = tests.get_user_id('opt');

-- who may read it ----------------------------------------------------------------------------------------------
select tests.authenticate_as('learner');
select throws_like(
  format('select * from public.course_leaderboard(%L)', tests.course_id('alpine-basics')),
  '%"code": "forbidden"%',
  'someone not enrolled in the course is refused'
);
select tests.clear_authentication();
select tests.authenticate_as('gone');
select throws_like(
  format('select * from public.course_leaderboard(%L)', tests.course_id('alpine-basics')),
  '%"code": "forbidden"%',
  'a removed learner is refused'
);
select tests.clear_authentication();
select tests.authenticate_as('other_owner');
select throws_like(
  format('select * from public.course_leaderboard(%L)', tests.course_id('alpine-basics')),
  '%"code": "forbidden"%',
  'the owner of another school is refused'
);
select tests.clear_authentication();
select tests.authenticate_as_anon();
select throws_ok(
  format('select * from public.course_leaderboard(%L)', tests.course_id('alpine-basics')),
  '42501', null, 'a visitor cannot call it'
);
select tests.clear_authentication();
select tests.authenticate_as('enrolled');
select throws_ok('select * from private.course_week_activity', '42501', null, 'learners cannot read the weekly totals table');
select throws_ok(
  format('insert into private.course_week_activity (course_id, user_id, week_start, seconds) values (%L, %L, %L, 1)',
    tests.course_id('alpine-basics'), tests.get_user_id('enrolled'), date_trunc('week', now())::date),
  '42501', null, 'nor write it'
);
select tests.clear_authentication();

-- the live channel ---------------------------------------------------------------------------------------------
delete from realtime.messages where topic = 'course-live:' || tests.course_id('alpine-basics');
select pg_temp.watch('shy', 60);
select ok(
  not exists (select 1 from realtime.messages where topic = 'course-live:' || tests.course_id('alpine-basics')),
  'a learner who did not opt in moves no board: nothing is broadcast'
);
select pg_temp.watch('opt', 60);
select is(
  (select array_agg(event || ' ' || (payload - 'id' = jsonb_build_object('course_id', tests.course_id('alpine-basics')))::text)
   from realtime.messages where topic = 'course-live:' || tests.course_id('alpine-basics')),
  array['leaderboard true'],
  'an opted-in learner''s new minutes broadcast "leaderboard" carrying only the course id'
);
update public.profiles set display_name = 'Olive O.' where id = tests.get_user_id('opt');
select is(
  (select count(*)::integer from realtime.messages where topic = 'course-live:' || tests.course_id('alpine-basics')),
  2,
  'renaming an opted-in learner updates the board too'
);
-- 600 seconds in every week of the course: 30 more stay 10 minutes, 30 after them make 11.
update private.course_week_activity set seconds = 600
where user_id = tests.get_user_id('opt') and course_id = tests.course_id('alpine-basics');
delete from realtime.messages where topic = 'course-live:' || tests.course_id('alpine-basics');
select pg_temp.watch('opt', 30);
select ok(
  not exists (select 1 from realtime.messages where topic = 'course-live:' || tests.course_id('alpine-basics')),
  'seconds that leave an opted-in learner''s whole minutes as they were move no board: nothing is broadcast'
);
select pg_temp.watch('opt', 30);
select is(
  (select array_agg(event) from realtime.messages where topic = 'course-live:' || tests.course_id('alpine-basics')),
  array['leaderboard'],
  'the seconds that make the next whole minute broadcast "leaderboard"'
);

select tests.authenticate_as('enrolled');
select set_config('realtime.topic', 'course-live:' || tests.course_id('alpine-basics'), true);
select ok(
  exists (select 1 from realtime.messages where topic = 'course-live:' || tests.course_id('alpine-basics')),
  'the course''s learners receive the channel''s broadcasts'
);
select lives_ok(
  format('insert into realtime.messages (topic, extension, event, payload, private) values (%L, ''presence'', ''presence'', ''{}'', true)',
    'course-live:' || tests.course_id('alpine-basics')),
  'and may be present on it'
);
select throws_ok(
  format('insert into realtime.messages (topic, extension, event, payload, private) values (%L, ''broadcast'', ''leaderboard'', ''{}'', true)',
    'course-live:' || tests.course_id('alpine-basics')),
  '42501', null, 'but may not broadcast there'
);
select tests.clear_authentication();

select tests.authenticate_as('learner');
select set_config('realtime.topic', 'course-live:' || tests.course_id('alpine-basics'), true);
select ok(
  not exists (select 1 from realtime.messages where topic = 'course-live:' || tests.course_id('alpine-basics')),
  'someone not enrolled receives nothing of the channel'
);
select throws_ok(
  format('insert into realtime.messages (topic, extension, event, payload, private) values (%L, ''presence'', ''presence'', ''{}'', true)',
    'course-live:' || tests.course_id('alpine-basics')),
  '42501', null, 'nor may be present on it'
);
select tests.clear_authentication();

select tests.authenticate_as('instructor');
select set_config('realtime.topic', 'course-live:not-a-uuid', true);
select ok(
  not exists (select 1 from realtime.messages where topic = 'course-live:not-a-uuid'),
  'a malformed channel name admits nobody'
);
select tests.clear_authentication();

select * from finish();
rollback;
