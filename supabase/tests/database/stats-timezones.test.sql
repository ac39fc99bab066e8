-- Time zones in learner_stats(): "today" is the current date in the learner's zone (Auckland and Los Angeles
-- disagree most of the day); days already written keep their date when the learner changes zone; around the
-- daylight-saving changes (Europe/Berlin, end of March and end of October) the day turns at local midnight and
-- every series has exactly one row per local day and per ISO week (Monday first), zeros included.
begin;
select plan(26);

select tests.create_course_fixture();
select tests.create_user('kiri', 'Kiri Auckland');
select tests.create_user('lou', 'Lou Angeles');
select tests.create_user('berta', 'Berta Berlin');
select tests.set_timezone('kiri', 'Pacific/Auckland');
select tests.set_timezone('lou', 'America/Los_Angeles');
select tests.set_timezone('berta', 'Europe/Berlin');

-- today, per zone ------------------------------------------------------------------------------------------------
-- 2026-03-29 12:00 UTC is 01:00 on Monday the 30th in Auckland (NZDT, +13) and 05:00 on Sunday the 29th in LA (PDT).
select is(
  tests.stats_as('kiri', '2026-03-29 12:00+00') -> 'today', '"2026-03-30"', 'at one instant Auckland is on Monday the 30th'
);
select is(
  tests.stats_as('lou', '2026-03-29 12:00+00') -> 'today', '"2026-03-29"', '... while Los Angeles is still on Sunday the 29th'
);
select is(
  (select jsonb_build_object('monday', s #> '{goal,this_week,0,day}', 'days_left', s #> '{goal,days_left}') from tests.stats_as('kiri', '2026-03-29 12:00+00') s),
  '{"monday": "2026-03-30", "days_left": 6}',
  'Auckland''s week starts that Monday, with 6 days left after today'
);
select is(
  (select jsonb_build_object('monday', s #> '{goal,this_week,0,day}', 'days_left', s #> '{goal,days_left}') from tests.stats_as('lou', '2026-03-29 12:00+00') s),
  '{"monday": "2026-03-23", "days_left": 0}',
  'Los Angeles is on the last day of the week before'
);
select is(
  (select array[(tests.stats_as('kiri') ->> 'today')::date, (tests.stats_as('lou') ->> 'today')::date]),
  array[(now() at time zone 'Pacific/Auckland')::date, (now() at time zone 'America/Los_Angeles')::date],
  'learner_stats() answers the current date of each learner''s own zone'
);
select is(
  tests.stats_as('kiri') ->> 'timezone', 'Pacific/Auckland', 'the answer names the zone it counted in'
);

-- changing zone never rewrites past days ----------------------------------------------------------------------------
-- Kiri studied on 03-20 and 03-30 in Auckland, then moves to Los Angeles, where it is still 03-29.
select tests.set_activity('kiri', '2026-03-20', 600);
select tests.set_activity('kiri', '2026-03-30', 900, 1);
select is(
  tests.series_entry(tests.stats_as('kiri', '2026-03-29 12:00+00'), 'heatmap', '2026-03-20'),
  '{"day": "2026-03-20", "seconds": 600, "lessons": 0, "counts": true}',
  'in Auckland, Kiri''s 03-20 holds 10 minutes'
);
select tests.set_timezone('kiri', 'America/Los_Angeles');
select is(
  tests.series_entry(tests.stats_as('kiri', '2026-03-29 12:00+00'), 'heatmap', '2026-03-20'),
  '{"day": "2026-03-20", "seconds": 600, "lessons": 0, "counts": true}',
  'after the move to Los Angeles the same day holds the same 10 minutes'
);
select is(
  (select jsonb_build_object('today', s -> 'today', 'last_heatmap_day', s #> '{heatmap,-1,day}', 'current', s -> 'current_streak',
     'minutes', s -> 'total_minutes', 'lessons', s -> 'lessons_completed_total')
   from tests.stats_as('kiri', '2026-03-29 12:00+00') s),
  '{"today": "2026-03-29", "last_heatmap_day": "2026-03-29", "current": 1, "minutes": 25, "lessons": 1}',
  'a day lived in Auckland that is still ahead in Los Angeles stays in the totals and the streak; the series end today'
);

-- Real writes: a tick in Auckland lands on Auckland's date; after the move the next one lands on LA's.
select tests.set_timezone('enrolled', 'Pacific/Auckland');
select tests.authenticate_as('enrolled');
select public.save_progress(tests.lesson_id('Welcome'), 0, 0, true);
select tests.clear_authentication();
select tests.set_timezone('enrolled', 'America/Los_Angeles');
select is(
  (select array_agg(day) from public.daily_activity where user_id = tests.get_user_id('enrolled')),
  array[(now() at time zone 'Pacific/Auckland')::date],
  'a lesson ticked in Auckland is written on Auckland''s date, and changing zone leaves it there'
);
select tests.authenticate_as('enrolled');
select public.save_progress(tests.lesson_id('First steps'), 0, 0, true);
select tests.clear_authentication();
select is(
  (select jsonb_build_object('days', jsonb_agg(day order by day), 'lessons', sum(lessons_completed))
   from public.daily_activity where user_id = tests.get_user_id('enrolled')),
  (select jsonb_build_object('days', jsonb_agg(distinct d), 'lessons', 2)
   from unnest(array[(now() at time zone 'Pacific/Auckland')::date, (now() at time zone 'America/Los_Angeles')::date]) d),
  'the next lesson, ticked after the move, is written on Los Angeles'' date'
);

-- daylight saving: the day turns at local midnight -------------------------------------------------------------
-- Berlin goes from CET (+1) to CEST (+2) on Sunday 2026-03-29 and back on Sunday 2026-10-25.
select is(
  tests.stats_as('berta', '2026-03-29 21:30+00') -> 'today', '"2026-03-29"',
  '23:30 on the short Sunday in Berlin is still that Sunday'
);
select is(
  (select jsonb_build_object('today', s -> 'today', 'monday', s #> '{goal,this_week,0,day}') from tests.stats_as('berta', '2026-03-29 22:30+00') s),
  '{"today": "2026-03-30", "monday": "2026-03-30"}',
  '22:30 UTC that evening is 00:30 on Monday in Berlin: a new day and a new week (UTC would still say Sunday)'
);
select is(
  tests.stats_as('berta', '2026-10-25 22:30+00') -> 'today', '"2026-10-25"',
  '23:30 at the end of the long Sunday in October is still that Sunday'
);
select is(
  tests.stats_as('berta', '2026-10-25 23:30+00') -> 'today', '"2026-10-26"',
  'an hour later it is Monday in Berlin'
);

-- the week of the March change: every series whole, one row per local day and per week -------------------------------
-- As of Thursday 2026-04-02 10:00 UTC: today 04-02, this week from Monday 03-30, the 12 weeks from Monday 01-12.
select tests.set_activity('berta', '2026-03-28', 600);
select tests.set_activity('berta', '2026-03-29', 1200, 1);
select tests.set_activity('berta', '2026-03-30', 600);
select is(
  tests.series_dates(tests.stats_as('berta', '2026-04-02 10:00+00'), 'minutes_per_day'),
  array(select '2026-03-04'::date + i from generate_series(0, 29) as i),
  'minutes per day: the 30 local days 03-04 .. 04-02, each once, across the 23-hour day'
);
select is(
  tests.series_dates(tests.stats_as('berta', '2026-04-02 10:00+00'), 'heatmap'),
  array(select '2026-01-12'::date + i from generate_series(0, 80) as i),
  'heatmap: every local day from Monday 01-12 (11 weeks before this week''s Monday) to today, each once'
);
select is(
  tests.series_dates(tests.stats_as('berta', '2026-04-02 10:00+00'), 'minutes_per_week'),
  array(select '2026-01-12'::date + 7 * i from generate_series(0, 11) as i),
  'minutes per week: 12 Mondays, 7 days apart, the current week last'
);
select is(
  tests.series_dates(tests.stats_as('berta', '2026-04-02 10:00+00'), 'lessons_per_week'),
  tests.series_dates(tests.stats_as('berta', '2026-04-02 10:00+00'), 'minutes_per_week'),
  'lessons per week: the same 12 weeks'
);
select is(
  (select jsonb_build_object(
     'week_of_change', tests.series_entry(s, 'minutes_per_week', '2026-03-23') -> 'minutes',
     'lessons_of_change', tests.series_entry(s, 'lessons_per_week', '2026-03-23') -> 'lessons',
     'this_week', tests.series_entry(s, 'minutes_per_week', '2026-03-30') -> 'minutes',
     'short_sunday', tests.series_entry(s, 'heatmap', '2026-03-29'))
   from tests.stats_as('berta', '2026-04-02 10:00+00') s),
  '{"week_of_change": 30, "lessons_of_change": 1, "this_week": 10,
    "short_sunday": {"day": "2026-03-29", "seconds": 1200, "lessons": 1, "counts": true}}',
  'the 23-hour Sunday belongs to its own week (Saturday + Sunday = 30 minutes), Monday to the next'
);
select is(
  tests.streak_of(tests.stats_as('berta', '2026-03-31 05:00+00')),
  '{"current": 3, "longest": 3, "at_risk": true, "today_counts": false}',
  'Saturday, the short Sunday and Monday make a streak of 3 days'
);

-- ... and of the October change --------------------------------------------------------------------------------
-- As of Thursday 2026-10-29 10:00 UTC: this week from Monday 10-26, the 12 weeks from Monday 08-10.
select tests.set_activity('berta', '2026-10-25', 1500);
select tests.set_activity('berta', '2026-10-26', 300);
select is(
  tests.series_dates(tests.stats_as('berta', '2026-10-29 10:00+00'), 'minutes_per_day'),
  array(select '2026-09-30'::date + i from generate_series(0, 29) as i),
  'minutes per day: the 30 local days 09-30 .. 10-29, each once, across the 25-hour day'
);
select is(
  tests.series_dates(tests.stats_as('berta', '2026-10-29 10:00+00'), 'heatmap'),
  array(select '2026-08-10'::date + i from generate_series(0, 80) as i),
  'heatmap: every local day from Monday 08-10 to today, each once'
);
select is(
  tests.series_dates(tests.stats_as('berta', '2026-10-29 10:00+00'), 'minutes_per_week'),
  array(select '2026-08-10'::date + 7 * i from generate_series(0, 11) as i),
  'minutes per week: 12 Mondays, 7 days apart'
);
select is(
  (select jsonb_build_object(
     'week_of_change', tests.series_entry(s, 'minutes_per_week', '2026-10-19') -> 'minutes',
     'this_week', tests.series_entry(s, 'minutes_per_week', '2026-10-26') -> 'minutes',
     'goal_week', s #> '{goal,this_week}')
   from tests.stats_as('berta', '2026-10-29 10:00+00') s),
  '{"week_of_change": 25, "this_week": 5, "goal_week": [
     {"day": "2026-10-26", "counts": true}, {"day": "2026-10-27", "counts": false},
     {"day": "2026-10-28", "counts": false}, {"day": "2026-10-29", "counts": false},
     {"day": "2026-10-30", "counts": false}, {"day": "2026-10-31", "counts": false},
     {"day": "2026-11-01", "counts": false}]}',
  'the 25-hour Sunday closes its week; the goal''s week is Monday to Sunday after it'
);
select is(
  (select jsonb_build_object('days', jsonb_array_length(s -> 'heatmap'), 'weeks', jsonb_array_length(s -> 'minutes_per_week'))
   from tests.stats_as('berta', '2026-11-01 22:59+00') s),
  '{"days": 84, "weeks": 12}',
  'on a Sunday (23:59 in Berlin) the heatmap is 12 whole weeks: 84 days'
);

select * from finish();
rollback;
