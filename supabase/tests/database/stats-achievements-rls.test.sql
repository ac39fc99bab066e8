-- achievements and user_achievements: every signed-in user reads the catalogue; a learner reads only their own
-- trophies (nobody else does, not the course's instructor, not another learner, not a visitor); nobody but the
-- database writes either. Awards are published on Realtime, where the select policy decides who hears them.
begin;
select plan(17);

select tests.create_course_fixture();
select tests.set_midday_zone('enrolled');
select tests.tick_as('enrolled', 'Welcome');

-- visitors -------------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok('select * from public.achievements', '42501', null, 'a visitor cannot read the catalogue');
select throws_ok('select * from public.user_achievements', '42501', null, 'a visitor cannot read trophies');

-- the learner ----------------------------------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
select is((select count(*)::integer from public.achievements), 10, 'a signed-in learner reads the whole catalogue');
select results_eq(
  'select user_id, code from public.user_achievements',
  $$values (tests.get_user_id('enrolled'), 'first_lesson')$$,
  'a learner reads their own trophy'
);
select throws_ok(
  $$insert into public.user_achievements (user_id, code) values (tests.get_user_id('enrolled'), 'streak_30')$$,
  '42501', null, 'a learner cannot award themselves a trophy'
);
select throws_ok(
  $$update public.user_achievements set earned_at = now() - interval '1 year'$$,
  '42501', null, 'a learner cannot backdate a trophy'
);
select throws_ok($$delete from public.user_achievements$$, '42501', null, 'a learner cannot delete a trophy');
select throws_ok(
  $$insert into public.achievements (code, position, title, description, icon) values ('cheat', 99, 'Cheat', 'x', 'Trophy')$$,
  '42501', null, 'a learner cannot add to the catalogue'
);
select throws_ok(
  $$update public.achievements set title = 'Renamed'$$, '42501', null, 'a learner cannot edit the catalogue'
);
select throws_ok(
  $$select private.award_achievement(tests.get_user_id('enrolled'), 'streak_30', now())$$,
  '42501', null, 'a learner cannot call the awarding helper'
);

-- everyone else --------------------------------------------------------------------------------------------------
select tests.authenticate_as('learner');
select is((select count(*)::integer from public.achievements), 10, 'another learner reads the catalogue too');
select is_empty('select * from public.user_achievements', 'another learner reads none of Erin''s trophies');
select tests.authenticate_as('instructor');
select is_empty('select * from public.user_achievements', 'the course''s instructor does not read a learner''s trophies');
select tests.authenticate_as('owner');
select is_empty('select * from public.user_achievements', 'the school''s owner does not read them either');
select tests.authenticate_as_service_role();
select is(
  (select count(*)::integer from public.user_achievements where user_id = tests.get_user_id('enrolled')), 1,
  'the service role reads every trophy'
);
select tests.clear_authentication();

-- Realtime -------------------------------------------------------------------------------------------------------
select ok(
  exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'user_achievements'),
  'awards are published for Realtime (delivered under the select policy: to their owner)'
);
select ok(
  not exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and tablename = 'achievements'),
  'the catalogue, changed only by migrations, is not'
);

select * from finish();
rollback;
