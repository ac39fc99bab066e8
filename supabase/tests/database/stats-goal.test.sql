-- The weekly goal: the learner sets how many days a week they aim for (profiles.weekly_goal_days, 1-7, their own
-- profile only, refused like the profile's other checks); learner_stats() counts this ISO week's counting days
-- (Monday to Sunday, in the learner's zone), says whether the goal is met and how many days are left after today.
begin;
select plan(16);

select tests.create_school_fixture();
select tests.create_user('gina', 'Gina Goal');

-- Gina, as of Thursday 2026-06-18 (UTC): this week runs Monday 06-15 .. Sunday 06-21.
select tests.set_activity('gina', '2026-06-14', 900);    -- last Sunday: last week
select tests.set_activity('gina', '2026-06-15', 300);    -- counts
select tests.set_activity('gina', '2026-06-16', 299);    -- does not count
select tests.set_activity('gina', '2026-06-17', 0, 1);   -- counts (a lesson)

select is(
  tests.stats_as('gina', '2026-06-18 12:00+00') -> 'goal',
  '{"days_per_week": 3, "met_days": 2, "met": false, "days_left": 3, "this_week": [
     {"day": "2026-06-15", "counts": true}, {"day": "2026-06-16", "counts": false},
     {"day": "2026-06-17", "counts": true}, {"day": "2026-06-18", "counts": false},
     {"day": "2026-06-19", "counts": false}, {"day": "2026-06-20", "counts": false},
     {"day": "2026-06-21", "counts": false}]}',
  'the default goal is 3 days; Monday and Wednesday count, last Sunday and a 299-second Tuesday do not; 3 days left'
);
select tests.set_activity('gina', '2026-06-18', 600);
select is(
  (select jsonb_build_object('met_days', g -> 'met_days', 'met', g -> 'met') from (select tests.stats_as('gina', '2026-06-18 12:00+00') -> 'goal' as g) x),
  '{"met_days": 3, "met": true}',
  'a third counting day meets a goal of 3'
);
select is(
  tests.stats_as('gina', '2026-06-21 20:00+00') #> '{goal,days_left}', '0', 'on Sunday no day is left'
);
select is(
  (select jsonb_build_object('monday', g #> '{this_week,0,day}', 'met_days', g -> 'met_days', 'met', g -> 'met', 'days_left', g -> 'days_left')
   from (select tests.stats_as('gina', '2026-06-22 06:00+00') -> 'goal' as g) x),
  '{"monday": "2026-06-22", "met_days": 0, "met": false, "days_left": 6}',
  'on Monday a new week starts from zero with 6 days left'
);

-- setting the goal ------------------------------------------------------------------------------------------------
select tests.authenticate_as('gina');
select results_eq(
  $$with changed as (update public.profiles set weekly_goal_days = 5 where id = tests.get_user_id('gina') returning weekly_goal_days)
    select weekly_goal_days::integer from changed$$,
  array[5],
  'a learner sets their own weekly goal'
);
select tests.clear_authentication();
select is(
  (select jsonb_build_object('days_per_week', g -> 'days_per_week', 'met', g -> 'met') from (select tests.stats_as('gina', '2026-06-18 12:00+00') -> 'goal' as g) x),
  '{"days_per_week": 5, "met": false}',
  'learner_stats() follows the new goal at once: 3 of 5 days is not met'
);
select tests.authenticate_as('gina');
select results_eq($$with changed as (update public.profiles set weekly_goal_days = 7 where id = tests.get_user_id('gina') returning weekly_goal_days::int) select weekly_goal_days from changed$$, array[7], 'a goal of 7 days is allowed');
select results_eq($$with changed as (update public.profiles set weekly_goal_days = 1 where id = tests.get_user_id('gina') returning weekly_goal_days::int) select weekly_goal_days from changed$$, array[1], 'a goal of 1 day is allowed');
select throws_ok(
  $$update public.profiles set weekly_goal_days = 0 where id = tests.get_user_id('gina')$$,
  '23514', 'new row for relation "profiles" violates check constraint "profiles_weekly_goal_days_range"',
  'a goal of 0 days is refused by the named check the account form maps to the field'
);
select throws_ok(
  $$update public.profiles set weekly_goal_days = 8 where id = tests.get_user_id('gina')$$,
  '23514', 'new row for relation "profiles" violates check constraint "profiles_weekly_goal_days_range"',
  'a goal of 8 days is refused by the same check'
);
select throws_ok(
  $$update public.profiles set weekly_goal_days = null where id = tests.get_user_id('gina')$$,
  '23502', null, 'the goal cannot be emptied'
);
select results_eq(
  $$with changed as (update public.profiles set weekly_goal_days = 7 where id = tests.get_user_id('learner') returning 1)
    select count(*)::integer from changed$$,
  array[0],
  'a learner cannot set someone else''s goal'
);
select tests.clear_authentication();
select is(
  (select weekly_goal_days::integer from public.profiles where id = tests.get_user_id('learner')), 3,
  'the other learner''s goal is unchanged'
);
select is(
  (select jsonb_build_object('days_per_week', g -> 'days_per_week', 'met', g -> 'met') from (select tests.stats_as('gina', '2026-06-18 12:00+00') -> 'goal' as g) x),
  '{"days_per_week": 1, "met": true}',
  'with a goal of 1 day the week is met'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$update public.profiles set weekly_goal_days = 4$$, '42501', null, 'a visitor cannot set a goal'
);
select tests.clear_authentication();
select ok(
  has_column_privilege('authenticated', 'public.profiles', 'weekly_goal_days', 'update')
  and not has_column_privilege('authenticated', 'public.profiles', 'id', 'update'),
  'signed-in users may update the goal column of a profile, not whose profile it is'
);

select * from finish();
rollback;
