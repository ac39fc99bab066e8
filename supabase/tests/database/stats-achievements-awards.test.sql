-- Achievements are awarded by the database in the transaction of the progress write that earns them, once each:
-- first lesson, first course finished, 7- and 30-day streaks (the 5-minute rule, gaps filled), 10 hours learned,
-- night owl and early bird (by the local hour of a completion in the learner's zone, not an instructor's), and the
-- weekly goal met 4 weeks running. Unticking never takes a trophy back.
begin;
select plan(30);

select tests.create_course_fixture();
select tests.create_short_course();
select tests.set_midday_zone('enrolled');

select is(
  (select array_agg(code order by position) from public.achievements),
  array['first_lesson', 'first_course', 'streak_7', 'streak_30', 'hours_10', 'night_owl', 'early_bird', 'goal_4_weeks',
        'quiz_passed_first_try', 'perfect_score'],
  'the catalogue holds the ten trophies in display order'
);
select is(tests.achievements_of('enrolled'), '{}', 'a learner starts without trophies');

-- first lesson, in the tick's transaction ----------------------------------------------------------------------------
savepoint before_first_tick;
select tests.tick_as('enrolled', 'Short one');
select is(tests.achievements_of('enrolled'), array['first_lesson'], 'ticking a first lesson earns first_lesson');
select is(
  (select (a.course_id = tests.course_id('alpine-short') and a.earned_at = p.completed_at)
   from public.user_achievements a
   join public.lesson_progress p on p.user_id = a.user_id and p.lesson_id = tests.lesson_id('Short one')
   where a.user_id = tests.get_user_id('enrolled') and a.code = 'first_lesson'),
  true,
  'the award names the course and carries the time of the tick''s transaction'
);
rollback to savepoint before_first_tick;
select is(
  (select count(*)::integer from public.user_achievements where user_id = tests.get_user_id('enrolled'))
  + (select count(*)::integer from public.lesson_progress where user_id = tests.get_user_id('enrolled')),
  0,
  'rolling the tick back rolls the award back with it: they are one transaction'
);

select tests.tick_as('enrolled', 'Short one');
select tests.tick_as('enrolled', 'Short one', false);
select tests.tick_as('enrolled', 'Short one');
select tests.tick_as('enrolled', 'Welcome');
select is(
  (select count(*)::integer from public.user_achievements where user_id = tests.get_user_id('enrolled') and code = 'first_lesson'),
  1,
  'unticking, reticking and ticking other lessons leave exactly one first_lesson'
);

-- first course ---------------------------------------------------------------------------------------------------
select tests.tick_as('enrolled', 'Short two');
select is(tests.achievements_of('enrolled'), array['first_lesson', 'first_course'], 'finishing a course earns first_course');
select is(
  (select (a.course_id = e.course_id and a.earned_at = e.completed_at)
   from public.user_achievements a
   join public.enrollments e on e.user_id = a.user_id and e.course_id = tests.course_id('alpine-short')
   where a.user_id = tests.get_user_id('enrolled') and a.code = 'first_course'),
  true,
  'first_course names the finished course, earned as the enrollment completed'
);
select tests.tick_as('enrolled', 'Short two', false);
select is(
  tests.achievements_of('enrolled'), array['first_lesson', 'first_course'], 'unticking a lesson takes no trophy back'
);

-- night owl and early bird -------------------------------------------------------------------------------------------
-- Tokyo is UTC+9 all year: 13:00 UTC is 22:00 there.
select tests.create_user('owl', 'Oki Owl');
select tests.set_timezone('owl', 'Asia/Tokyo');
select tests.complete_at('owl', 'Welcome', '2026-06-17 12:59+00');
select is(tests.achievements_of('owl'), array['first_lesson'], 'a lesson completed at 21:59 local earns no night_owl');
select tests.complete_at('owl', 'First steps', '2026-06-17 13:00+00');
select is(tests.achievements_of('owl'), array['first_lesson', 'night_owl'], 'a lesson completed at 22:00 local earns night_owl');
select tests.create_user('late', 'Lars Late');
select tests.set_timezone('late', 'Asia/Tokyo');
select tests.complete_at('late', 'Welcome', '2026-06-17 19:59+00');
select is(tests.achievements_of('late'), array['first_lesson', 'night_owl'], '04:59 local is still night_owl');
select tests.create_user('lark', 'Lina Lark');
select tests.set_timezone('lark', 'Europe/Berlin');
select tests.complete_at('lark', 'Welcome', '2026-06-17 03:00+00');
select is(tests.achievements_of('lark'), array['first_lesson', 'early_bird'], '05:00 local (Berlin summer time) earns early_bird');
select tests.create_user('dawn', 'Dora Dawn');
select tests.set_timezone('dawn', 'Europe/Berlin');
select tests.complete_at('dawn', 'Welcome', '2026-01-14 06:59+00');
select tests.complete_at('dawn', 'First steps', '2026-01-14 07:00+00');
select is(tests.achievements_of('dawn'), array['first_lesson', 'early_bird'], '07:59 local (Berlin winter time) earns early_bird; 08:00 nothing more');
select tests.create_user('override', 'Otis Override');
select tests.complete_at('override', 'Welcome', '2026-06-17 23:30+00', 'instructor');
select is(
  tests.achievements_of('override'), array['first_lesson'],
  'an instructor''s completion at 23:30 counts as a first lesson but says nothing about the learner''s hours'
);

-- streaks ------------------------------------------------------------------------------------------------------
select tests.create_user('ana', 'Ana Seven');
select tests.set_activity('ana', d::date, 300) from generate_series('2026-06-01'::date, '2026-06-06'::date, '1 day') d;
select is(tests.achievements_of('ana'), '{}', 'six days in a row earn no streak yet');
select tests.set_activity('ana', '2026-06-07', 299);
select is(tests.achievements_of('ana'), '{}', 'a seventh day of 299 seconds does not count');
select tests.set_activity('ana', '2026-06-07', 300);
select is(tests.achievements_of('ana'), array['streak_7'], 'the seventh day reaching 5 minutes earns streak_7');
select tests.set_activity('ana', '2026-06-08', 0, 1);
select is(
  (select count(*)::integer from public.user_achievements where user_id = tests.get_user_id('ana')),
  1,
  'an eighth day earns nothing more'
);

select tests.create_user('gap', 'Gus Gap');
select tests.set_activity('gap', d::date, 0, 1) from generate_series('2026-06-01'::date, '2026-06-03'::date, '1 day') d;
select tests.set_activity('gap', d::date, 0, 1) from generate_series('2026-06-05'::date, '2026-06-08'::date, '1 day') d;
select is(tests.achievements_of('gap'), '{}', 'runs of 3 and 4 days with a gap earn nothing');
select tests.set_activity('gap', '2026-06-04', 600);
select is(tests.achievements_of('gap'), array['streak_7'], 'filling the gap joins them into 8 days: streak_7');

select tests.create_user('thirty', 'Tia Thirty');
select tests.set_activity('thirty', d::date, 600) from generate_series('2026-05-01'::date, '2026-05-29'::date, '1 day') d;
select is(
  tests.achievements_of('thirty'), array['streak_7', 'goal_4_weeks'],
  '29 days in a row earn streak_7 (and, being 4 whole weeks of study, goal_4_weeks) but not streak_30'
);
select tests.set_activity('thirty', '2026-05-30', 600);
select is(tests.achievements_of('thirty'), array['streak_7', 'streak_30', 'goal_4_weeks'], 'the thirtieth day earns streak_30');

-- time -----------------------------------------------------------------------------------------------------------
select tests.create_user('hours', 'Hal Hours');
select tests.set_activity('hours', '2026-06-01', 20000);
select tests.set_activity('hours', '2026-06-09', 15999);
select ok(not ('hours_10' = any(tests.achievements_of('hours'))), '35,999 seconds are not 10 hours');
select tests.set_activity('hours', '2026-06-09', 16000);
select ok('hours_10' = any(tests.achievements_of('hours')), 'the 36,000th second earns hours_10');

-- the weekly goal, 4 weeks running --------------------------------------------------------------------------------
-- Goal 3 days; ISO weeks from Monday 05-25, 06-01, 06-08, 06-15, 06-22. The middle week has only 2 counting days.
select tests.create_user('goal', 'Gil Goal');
select tests.set_activity('goal', d, 300)
from unnest(array['2026-05-25', '2026-05-27', '2026-05-29', '2026-06-01', '2026-06-02', '2026-06-03',
  '2026-06-08', '2026-06-10', '2026-06-16', '2026-06-17', '2026-06-18',
  '2026-06-22', '2026-06-23', '2026-06-24']::date[]) d;
select ok(not ('goal_4_weeks' = any(tests.achievements_of('goal'))), 'four met weeks with an unmet one among them earn nothing');
select tests.set_activity('goal', '2026-06-12', 299);
select ok(not ('goal_4_weeks' = any(tests.achievements_of('goal'))), 'a third day of 299 seconds does not meet the week');
select tests.set_activity('goal', '2026-06-12', 0, 1);
select ok('goal_4_weeks' = any(tests.achievements_of('goal')), 'meeting the middle week makes 5 weeks running: goal_4_weeks');

select tests.create_user('steady', 'Sid Steady');
update public.profiles set weekly_goal_days = 1 where id = tests.get_user_id('steady');
select tests.set_activity('steady', d, 0, 1) from unnest(array['2026-06-01', '2026-06-13', '2026-06-15']::date[]) d;
select ok(not ('goal_4_weeks' = any(tests.achievements_of('steady'))), 'a goal of 1 day met 3 weeks running is not enough');
select tests.set_activity('steady', '2026-06-28', 0, 1);
select ok('goal_4_weeks' = any(tests.achievements_of('steady')), '... and the fourth week earns it (goal of 1 day, Sunday counts for its week)');

select * from finish();
rollback;
