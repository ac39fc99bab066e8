-- Who gets learner_stats(): only a signed-in caller, and only about themselves. There is no parameter naming a
-- learner; the function runs with the caller's rights (security invoker), so the daily_activity and profiles
-- policies decide what it reads, and a visitor is told to sign in.
begin;
select plan(10);

select tests.create_school_fixture();
select tests.create_user('ann', 'Ann Active');
select tests.create_user('ben', 'Ben Beginner');
select tests.set_timezone('ann', 'Europe/Berlin');
select tests.set_activity('ann', (now() at time zone 'Europe/Berlin')::date, 1800, 2);
select tests.set_activity('ann', (now() at time zone 'Europe/Berlin')::date - 1, 600);

-- the call's shape ------------------------------------------------------------------------------------------------
select is(
  (select array_agg(p.oid::regprocedure::text) from pg_proc p where p.proname = 'learner_stats'),
  array['learner_stats()'],
  'learner_stats takes no argument: there is no way to name another learner'
);
select is(
  (select format('security %s, %s', case when p.prosecdef then 'definer' else 'invoker' end, array_to_string(p.proconfig, ', '))
   from pg_proc p where p.oid = 'public.learner_stats()'::regprocedure),
  'security invoker, search_path=""',
  'learner_stats runs with the caller''s rights and an empty search_path'
);

-- visitors ------------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_like('select public.learner_stats()', '%"code": "not_signed_in"%', 'a visitor is told to sign in');
select throws_ok('select private.learner_stats_at(now())', '42501', null, 'a visitor cannot call the helper behind it');
select tests.authenticate_as_service_role();
select throws_like('select public.learner_stats()', '%"code": "not_signed_in"%', 'a caller without a user is told to sign in');
select tests.clear_authentication();

-- each learner their own ------------------------------------------------------------------------------------------
select is(
  (select jsonb_build_object('minutes', s -> 'total_minutes', 'lessons', s -> 'lessons_completed_total', 'streak', s -> 'current_streak', 'zone', s -> 'timezone')
   from tests.stats_as('ann') s),
  '{"minutes": 40, "lessons": 2, "streak": 2, "zone": "Europe/Berlin"}',
  'a learner gets their own numbers'
);
select is(
  (select jsonb_build_object('minutes', s -> 'total_minutes', 'lessons', s -> 'lessons_completed_total', 'streak', s -> 'current_streak', 'zone', s -> 'timezone')
   from tests.stats_as('ben') s),
  '{"minutes": 0, "lessons": 0, "streak": 0, "zone": "UTC"}',
  'another learner gets only theirs: none of Ann''s activity'
);
select ok(
  (select bool_and((e ->> 'seconds')::integer = 0) from jsonb_array_elements(tests.stats_as('ben') -> 'heatmap') e),
  'another learner''s heatmap holds none of Ann''s days'
);
select is(
  (select jsonb_build_object('minutes', s -> 'total_minutes', 'streak', s -> 'current_streak') from tests.stats_as('owner') s),
  '{"minutes": 0, "streak": 0}',
  'a school owner gets their own (empty) stats, not a learner''s'
);
select tests.authenticate_as('ben');
select is(
  (select jsonb_build_object('minutes', s -> 'total_minutes', 'lessons', s -> 'lessons_completed_total') from private.learner_stats_at(now()) s),
  '{"minutes": 0, "lessons": 0}',
  'the helper, too, answers only about the caller'
);
select tests.clear_authentication();

select * from finish();
rollback;
