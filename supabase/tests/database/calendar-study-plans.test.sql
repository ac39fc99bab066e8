-- Study plans and the calendar: save_study_plan lays out sessions covering the remaining lesson time on the planned
-- days at the local time in the learner's zone (daylight-saving days keep the wall-clock time, one session a day);
-- bad input is refused with a field message; only enrolled learners plan, for themselves; replanning replaces only
-- the sessions ahead; calendar_items lists the caller's sessions and the events they may read.
begin;
select plan(37);

select tests.create_enrollment_fixture();
-- Alpine Basics: lessons of 120, 300 and 600 seconds (17 minutes). Erin plans in Tokyo (no daylight saving).
update public.profiles set timezone = 'Asia/Tokyo' where id = tests.get_user_id('enrolled');

create function pg_temp.plan_as(identifier text, days text, minutes integer, target text default 'null')
returns jsonb
language plpgsql
as $$
declare
  answer jsonb;
begin
  perform tests.authenticate_as(identifier);
  execute format(
    'select public.save_study_plan(tests.course_id(%L), %L::smallint[], %L::time, %s, %s::date)',
    'alpine-basics', days, '07:15', minutes, target
  ) into answer;
  perform tests.clear_authentication();
  return answer;
end;
$$;

-- saving a plan lays out the sessions ------------------------------------------------------------------------------
select is(
  (select jsonb_build_object('remaining', s ->> 'remaining_minutes', 'ahead', s ->> 'sessions_ahead',
     'planned', s ->> 'planned_minutes', 'behind', s ->> 'behind', 'days', s -> 'days_of_week', 'zone', s ->> 'time_zone')
   from pg_temp.plan_as('enrolled', '{5,1,3}', 5) s),
  '{"remaining": "17", "ahead": "4", "planned": "20", "behind": "false", "days": [1, 3, 5], "zone": "Asia/Tokyo"}'::jsonb,
  '17 minutes left take four 5-minute sessions; the days come back sorted; the plan keeps the learner''s zone'
);
select is(
  (select count(*)::integer from public.study_sessions where user_id = tests.get_user_id('enrolled')),
  4,
  'four sessions are stored'
);
select ok(
  (select bool_and((starts_at at time zone 'Asia/Tokyo')::time = '07:15'
     and extract(isodow from starts_at at time zone 'Asia/Tokyo') in (1, 3, 5)
     and ends_at - starts_at = interval '5 minutes' and starts_at > now())
   from public.study_sessions where user_id = tests.get_user_id('enrolled')),
  'every session is ahead, on a planned day, at 07:15 in Tokyo, five minutes long'
);
select is(
  (select count(distinct (starts_at at time zone 'Asia/Tokyo')::date)::integer
   from public.study_sessions where user_id = tests.get_user_id('enrolled')),
  4,
  'one session a day'
);
select is(
  (select s ->> 'reachable' from pg_temp.plan_as('enrolled', '{1,2,3,4,5,6,7}', 5, quote_literal((current_date + 30)::text)) s),
  'true',
  'a target a month away is reachable with daily sessions'
);
select is(
  (select jsonb_build_object('reachable', s ->> 'reachable', 'ahead', s ->> 'sessions_ahead')
   from pg_temp.plan_as('enrolled', '{1}', 5, quote_literal((current_date + 8)::text)) s),
  '{"reachable": "false", "ahead": "4"}'::jsonb,
  'four Mondays do not fit before a target eight days away: not reachable'
);
select is(
  (select count(*)::integer from public.study_sessions where user_id = tests.get_user_id('enrolled')),
  4,
  'saving again replaces the sessions ahead instead of adding to them'
);
select is(
  (select count(*)::integer from public.study_plans where user_id = tests.get_user_id('enrolled')),
  1,
  'one plan per learner and course'
);

-- bad input ---------------------------------------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
select is(
  tests.error_of($$select public.save_study_plan(tests.course_id('alpine-basics'), '{}', '07:00', 30)$$),
  '{"code": "validation_failed", "status": 422, "fields": {"days_of_week": "Pick at least one day of the week."}}'::jsonb,
  'no day: validation_failed with the field''s message'
);
select is(
  tests.error_of($$select public.save_study_plan(tests.course_id('alpine-basics'), '{1,1}', '07:00', 30)$$) -> 'fields' ->> 'days_of_week',
  'Pick at least one day of the week.',
  'a day twice is refused'
);
select is(
  tests.error_of($$select public.save_study_plan(tests.course_id('alpine-basics'), '{0,8}', '07:00', 30)$$) ->> 'code',
  'validation_failed',
  'days outside 1–7 are refused'
);
select is(
  tests.error_of($$select public.save_study_plan(tests.course_id('alpine-basics'), '{1}', '07:00', 4)$$) -> 'fields' ->> 'minutes',
  'A session is 5 to 480 minutes long.',
  'a 4-minute session is refused'
);
select is(
  tests.error_of($$select public.save_study_plan(tests.course_id('alpine-basics'), '{1}', '07:00', 481)$$) -> 'fields' ->> 'minutes',
  'A session is 5 to 480 minutes long.',
  'a session over 8 hours is refused'
);
select is(
  tests.error_of($$select public.save_study_plan(tests.course_id('alpine-basics'), '{1}', null, 30)$$) -> 'fields' ->> 'start_time',
  'Pick a time to start.',
  'a plan needs a start time'
);
select is(
  tests.error_of($$select public.save_study_plan(tests.course_id('alpine-basics'), '{1}', '07:00', 30, current_date - 2)$$) -> 'fields' ->> 'target_end_date',
  'Pick a target date from today on.',
  'a target in the past is refused'
);
select tests.clear_authentication();
select is(
  (select (minutes, days_of_week) from public.study_plans where user_id = tests.get_user_id('enrolled'))::text,
  '(5,{1})',
  'a refused save leaves the plan as it was'
);

-- who may plan ------------------------------------------------------------------------------------------------------
select tests.authenticate_as('learner');
select is(
  tests.error_of($$select public.save_study_plan(tests.course_id('alpine-basics'), '{1}', '07:00', 30)$$),
  '{"code": "forbidden", "status": 403}'::jsonb,
  'a learner not enrolled in the course cannot plan it'
);
select is(
  tests.error_of($$select public.save_study_plan(gen_random_uuid(), '{1}', '07:00', 30)$$),
  '{"code": "course_not_found", "status": 404}'::jsonb,
  'an unknown course is not found'
);
select is(
  tests.error_of($$select public.save_study_plan(tests.course_id('alpine-draft'), '{1}', '07:00', 30)$$),
  '{"code": "course_not_found", "status": 404}'::jsonb,
  'a draft the learner cannot see is not found'
);
select is(
  tests.error_of(format(
    $$insert into public.study_plans (user_id, course_id, days_of_week, start_time, minutes, time_zone) values (%L, tests.course_id('alpine-basics'), '{1}', '07:00', 30, 'UTC')$$,
    tests.get_user_id('enrolled'))) ->> 'sqlstate',
  '42501',
  'nobody writes a plan for someone else'
);
select is_empty('select * from public.study_plans', 'another learner reads no one else''s plans');
select is_empty('select * from public.study_sessions', 'another learner reads no one else''s sessions');
select lives_ok(
  format($$delete from public.study_sessions where user_id = %L$$, tests.get_user_id('enrolled')),
  'a delete of someone else''s sessions runs...'
);
select tests.authenticate_as('enrolled');
select is(
  tests.error_of($$insert into public.study_plans (course_id, days_of_week, start_time, minutes, time_zone) values (tests.course_id('beacon-basics'), '{1}', '07:00', 30, 'UTC')$$) ->> 'sqlstate',
  '42501',
  'a learner cannot plan a course they are not enrolled in, even writing the table'
);
select tests.clear_authentication();
select is(
  (select count(*)::integer from public.study_sessions where user_id = tests.get_user_id('enrolled')),
  4,
  '...and removes nothing'
);
select tests.authenticate_as_anon();
select is(
  tests.error_of($$select public.save_study_plan(tests.course_id('alpine-basics'), '{1}', '07:00', 30)$$) ->> 'sqlstate',
  '42501',
  'visitors cannot call save_study_plan'
);
select tests.clear_authentication();

-- replanning --------------------------------------------------------------------------------------------------------
-- A session three days ago (missed) and "Deep dive" (10 minutes) completed since the plan was made.
insert into public.study_sessions (user_id, course_id, starts_at, ends_at)
values (tests.get_user_id('enrolled'), tests.course_id('alpine-basics'), now() - interval '3 days', now() - interval '3 days' + interval '5 minutes');
insert into public.lesson_progress (user_id, lesson_id, course_id, status, completed_at, completed_by)
values (tests.get_user_id('enrolled'), tests.lesson_id('Deep dive'), tests.course_id('alpine-basics'), 'completed', now(), 'manual');
select tests.authenticate_as('enrolled');
select is(
  (select jsonb_build_object('remaining', s ->> 'remaining_minutes', 'ahead', s ->> 'sessions_ahead')
   from public.replan_study_plan(tests.course_id('alpine-basics')) s),
  '{"remaining": "7", "ahead": "2"}'::jsonb,
  'replanning lays out what is left: 7 minutes in two sessions'
);
select is(
  (select count(*)::integer from public.study_sessions where starts_at < now()),
  1,
  'the past session is kept as it was'
);
select is(
  tests.error_of($$select public.replan_study_plan(tests.course_id('beacon-basics'))$$),
  '{"code": "course_not_found", "status": 404}'::jsonb,
  'replanning a course without a plan is not found'
);
select is(
  (select jsonb_agg(p ->> 'course_title') from jsonb_array_elements(public.my_study_plans()) p),
  '["Alpine Basics"]'::jsonb,
  'my_study_plans lists the plan with its course'
);

-- the calendar ------------------------------------------------------------------------------------------------------
select is(
  (select jsonb_agg(jsonb_build_array(kind, title) order by starts_at)
   from public.calendar_items(now(), now() + interval '30 days') where kind <> 'study'),
  '[["live", "Kickoff"], ["deadline", "Spring deadline"]]'::jsonb,
  'the calendar has the course-wide events and the learner''s cohort''s, not another cohort''s or another course''s'
);
select is(
  (select count(*)::integer from public.calendar_items(now(), now() + interval '30 days') where kind = 'study' and title = 'Study: Alpine Basics'),
  2,
  'and the learner''s study sessions ahead, named after the course'
);
select is(
  (select count(*)::integer from public.calendar_items(now(), now() + interval '30 days', 1)),
  1,
  'max_items caps the answer'
);
select is(
  tests.error_of($$select * from public.calendar_items(now(), now() + interval '401 days')$$) ->> 'code',
  'validation_failed',
  'a range over 400 days is refused'
);
select tests.authenticate_as('classmate');
select is(
  (select jsonb_agg(title order by starts_at) from public.calendar_items(now() - interval '10 days', now() + interval '90 days')),
  '["Kickoff", "Autumn session"]'::jsonb,
  'a classmate sees their own cohort''s events and none of Erin''s sessions'
);
select tests.clear_authentication();

-- time zones --------------------------------------------------------------------------------------------------------
select is(
  (select jsonb_agg(to_char(starts_at at time zone 'UTC', 'MM-DD HH24:MI') order by starts_at)
   from private.lay_out_sessions('{1,2,3,4,5,6,7}', '09:00', 60, 'America/New_York', '2027-03-12 00:00+00', 300)),
  '["03-12 14:00", "03-13 14:00", "03-14 13:00", "03-15 13:00", "03-16 13:00"]'::jsonb,
  'New York''s spring forward (14 March 2027): 09:00 local stays 09:00, one hour earlier in UTC from that day'
);
select is(
  (select jsonb_agg(to_char(starts_at at time zone 'Europe/London', 'MM-DD HH24:MI') order by starts_at)
   from private.lay_out_sessions('{6,7,1}', '01:30', 30, 'Europe/London', '2027-10-29 12:00+00', 90)),
  '["10-30 01:30", "10-31 01:30", "11-01 01:30"]'::jsonb,
  'London''s autumn change (01:30 happens twice on 31 October 2027): still one session that day'
);

select * from finish();
rollback;
