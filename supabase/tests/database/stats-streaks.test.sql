-- Streaks in learner_stats(): a day counts with >= 300 seconds or >= 1 completed lesson (299 s does not); a gap
-- breaks the run; the current streak survives a today without activity yet (then it is at risk) and ends the day
-- after; the longest streak is the longest run ever. Days and "today" are in the learner's zone (UTC here).
begin;
select plan(19);

-- The ticking learner's days come from real progress writes, so the course fixture (which clears the demo data
-- and with it every user) comes first.
select tests.create_course_fixture();
select tests.create_user('sam', 'Sam Streak');
select tests.create_user('nova', 'Nova Newcomer');

-- Sam, as of Wednesday 2026-06-17 (nothing yet today):
--   06-01 .. 06-05  900 s each                 a run of 5 (the longest)
--   06-06           299 s                      does not count
--   06-10 .. 06-13  300 s, then 600 s each     a run of 4
--   06-14           299 s                      does not count: breaks the run
--   06-15           0 s and 1 lesson           counts (a lesson alone is enough)
--   06-16           300 s                      counts (exactly 5 minutes)
select tests.set_activity('sam', d::date, 900) from generate_series('2026-06-01'::date, '2026-06-05'::date, '1 day') d;
select tests.set_activity('sam', '2026-06-06', 299);
select tests.set_activity('sam', '2026-06-10', 300);
select tests.set_activity('sam', d::date, 600) from generate_series('2026-06-11'::date, '2026-06-13'::date, '1 day') d;
select tests.set_activity('sam', '2026-06-14', 299);
select tests.set_activity('sam', '2026-06-15', 0, 1);
select tests.set_activity('sam', '2026-06-16', 300);

-- the 5-minute rule ----------------------------------------------------------------------------------------------
select is(
  tests.series_entry(tests.stats_as('sam', '2026-06-17 12:00+00'), 'heatmap', '2026-06-14'),
  '{"day": "2026-06-14", "seconds": 299, "lessons": 0, "counts": false}',
  'a day with 299 seconds and no lesson does not count'
);
select is(
  tests.series_entry(tests.stats_as('sam', '2026-06-17 12:00+00'), 'heatmap', '2026-06-16'),
  '{"day": "2026-06-16", "seconds": 300, "lessons": 0, "counts": true}',
  'a day with exactly 300 seconds counts'
);
select is(
  tests.series_entry(tests.stats_as('sam', '2026-06-17 12:00+00'), 'heatmap', '2026-06-15'),
  '{"day": "2026-06-15", "seconds": 0, "lessons": 1, "counts": true}',
  'a day with a completed lesson and no time counts'
);
select is(
  (select jsonb_agg(e -> 'minutes' order by e ->> 'day') from jsonb_array_elements(tests.stats_as('sam', '2026-06-17 12:00+00') -> 'minutes_per_day') e
   where e ->> 'day' between '2026-06-14' and '2026-06-16'),
  '[4, 0, 5]',
  'minutes are whole minutes rounded down, so 299 s reads 4 minutes and never looks like a counting day'
);

-- streaks ------------------------------------------------------------------------------------------------------
select is(
  tests.streak_of(tests.stats_as('sam', '2026-06-17 12:00+00')),
  '{"current": 2, "longest": 5, "at_risk": true, "today_counts": false}',
  'a streak that ended yesterday is current and at risk; 299 s broke the run before it; the longest is 5'
);
select tests.set_activity('sam', '2026-06-17', 299);
select is(
  tests.streak_of(tests.stats_as('sam', '2026-06-17 23:59+00')),
  '{"current": 2, "longest": 5, "at_risk": true, "today_counts": false}',
  '299 seconds today keep the streak at risk'
);
select tests.set_activity('sam', '2026-06-17', 300);
select is(
  tests.streak_of(tests.stats_as('sam', '2026-06-17 23:59+00')),
  '{"current": 3, "longest": 5, "at_risk": false, "today_counts": true}',
  'five minutes today extend the streak and take it out of risk'
);
select is(
  tests.streak_of(tests.stats_as('sam', '2026-06-18 08:00+00')),
  '{"current": 3, "longest": 5, "at_risk": true, "today_counts": false}',
  'the next morning the streak is still current, at risk again'
);
select is(
  tests.streak_of(tests.stats_as('sam', '2026-06-19 08:00+00')),
  '{"current": 0, "longest": 5, "at_risk": false, "today_counts": false}',
  'a whole day without activity ends the streak (nothing is at risk then); the longest stays'
);
select tests.set_activity('sam', d::date, 0, 2) from generate_series('2026-06-18'::date, '2026-06-20'::date, '1 day') d;
select is(
  tests.streak_of(tests.stats_as('sam', '2026-06-20 08:00+00')),
  '{"current": 6, "longest": 6, "at_risk": false, "today_counts": true}',
  'a current streak longer than every earlier run is also the longest'
);
select is(
  (select jsonb_build_object('minutes', s -> 'total_minutes', 'lessons', s -> 'lessons_completed_total')
   from tests.stats_as('sam', '2026-06-20 08:00+00') s),
  '{"minutes": 129, "lessons": 7}',
  'totals add every day ever (7,798 s is 129 whole minutes; 7 lessons)'
);

-- a newcomer ---------------------------------------------------------------------------------------------------
select is(
  tests.streak_of(tests.stats_as('nova', '2026-06-17 12:00+00')),
  '{"current": 0, "longest": 0, "at_risk": false, "today_counts": false}',
  'a learner without activity has no streak and nothing at risk'
);
select is(
  (select jsonb_build_object('minutes', s -> 'total_minutes', 'lessons', s -> 'lessons_completed_total')
   from tests.stats_as('nova', '2026-06-17 12:00+00') s),
  '{"minutes": 0, "lessons": 0}',
  'a learner without activity has zero totals'
);
select ok(
  (select bool_and((e ->> 'minutes')::integer = 0) from jsonb_array_elements(tests.stats_as('nova', '2026-06-17 12:00+00') -> 'minutes_per_day') e)
  and (select bool_and((e ->> 'seconds')::integer = 0 and not (e ->> 'counts')::boolean)
       from jsonb_array_elements(tests.stats_as('nova', '2026-06-17 12:00+00') -> 'heatmap') e),
  'a learner without activity gets every day as zeros, not an empty series'
);
select is(
  (select (jsonb_array_length(s -> 'minutes_per_day'), jsonb_array_length(s -> 'heatmap'))::text
   from tests.stats_as('nova', '2026-06-17 12:00+00') s),
  '(30,80)',
  'a learner without activity still gets 30 days and 11 weeks and 3 days of heatmap (on a Wednesday)'
);

-- from real progress writes ------------------------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
select public.save_progress(tests.lesson_id('Welcome'), 0, 0, true);
select tests.clear_authentication();
select is(
  tests.streak_of(tests.stats_as('enrolled')),
  '{"current": 1, "longest": 1, "at_risk": false, "today_counts": true}',
  'ticking a lesson makes today count (the progress trigger writes the day)'
);
select is(
  (tests.stats_as('enrolled') ->> 'today')::date,
  (now() at time zone 'UTC')::date,
  'today is the current date in the learner''s zone'
);
select tests.authenticate_as('enrolled');
select public.save_progress(tests.lesson_id('Welcome'), 0, 0, false);
select tests.clear_authentication();
select is(
  tests.streak_of(tests.stats_as('enrolled')),
  '{"current": 0, "longest": 0, "at_risk": false, "today_counts": false}',
  'unticking the same day takes the lesson back: the day no longer counts'
);
select is(
  (select counts_for_streak from public.daily_activity where user_id = tests.get_user_id('enrolled')),
  false,
  'daily_activity keeps whether a day counts, following its row'
);

select * from finish();
rollback;
