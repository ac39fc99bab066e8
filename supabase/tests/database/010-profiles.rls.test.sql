-- profiles: created by the sign-up trigger; read by the owner and school co-members; edited by the owner only.
begin;
select plan(19);

select tests.create_school_fixture();

-- Creation by trigger ----------------------------------------------------------------------------------------
select is(
  (select display_name from public.profiles where id = tests.get_user_id('learner')),
  'Lena Learner',
  'a profile is created with the display name given at sign-up'
);
select is(
  (select timezone from public.profiles where id = tests.get_user_id('learner')),
  'UTC',
  'the timezone defaults to UTC'
);
insert into auth.users (instance_id, id, aud, role, email, raw_user_meta_data, raw_app_meta_data,
  created_at, updated_at, confirmation_token, recovery_token, email_change_token_new, email_change)
values ('00000000-0000-0000-0000-000000000000', '11111111-1111-4111-8111-111111111111', 'authenticated',
  'authenticated', 'zoe@test.summit.local', '{"timezone": "Not/AZone"}', '{}', now(), now(), '', '', '', '');
select is(
  (select (display_name, timezone)::text from public.profiles where id = '11111111-1111-4111-8111-111111111111'),
  '(zoe,UTC)',
  'without a display name the email''s local part is used, and an unknown timezone falls back to UTC'
);

-- anon -------------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok('select * from public.profiles', '42501', null, 'anon cannot read profiles');
select throws_ok($$update public.profiles set display_name = 'x'$$, '42501', null, 'anon cannot edit profiles');

-- a learner (no school) ---------------------------------------------------------------------------------------
select tests.authenticate_as('learner');
select results_eq(
  'select id from public.profiles',
  array[tests.get_user_id('learner')],
  'a learner reads only their own profile'
);
select results_eq(
  $$with changed as (update public.profiles set display_name = 'Lena L.', timezone = 'Europe/Paris'
    where id = tests.get_user_id('learner') returning 1) select count(*)::int from changed$$,
  array[1],
  'a learner edits their own profile'
);
select results_eq(
  $$with changed as (update public.profiles set display_name = 'Hacked'
    where id = tests.get_user_id('owner') returning 1) select count(*)::int from changed$$,
  array[0],
  'a learner cannot edit someone else''s profile'
);
select throws_ok(
  $$update public.profiles set created_at = now() where id = tests.get_user_id('learner')$$,
  '42501', null, 'created_at is not editable'
);
select throws_ok(
  $$insert into public.profiles (id, display_name) values (gen_random_uuid(), 'Fake')$$,
  '42501', null, 'clients cannot insert profiles'
);
select throws_ok(
  $$delete from public.profiles where id = tests.get_user_id('learner')$$,
  '42501', null, 'clients cannot delete profiles'
);

-- validation --------------------------------------------------------------------------------------------------
select throws_ok(
  $$update public.profiles set display_name = '   ' where id = tests.get_user_id('learner')$$,
  '23514', null, 'a blank display name is refused'
);
select throws_ok(
  $$update public.profiles set timezone = 'Mars/Olympus' where id = tests.get_user_id('learner')$$,
  '23514', null, 'an unknown timezone is refused'
);
select throws_ok(
  $$update public.profiles set weekly_goal_days = 8 where id = tests.get_user_id('learner')$$,
  '23514', null, 'a weekly goal above 7 days is refused'
);
select throws_ok(
  $$update public.profiles set avatar_path = tests.get_user_id('owner')::text || '/me.png'
    where id = tests.get_user_id('learner')$$,
  '23514', null, 'an avatar path outside the user''s own folder is refused'
);

-- school members see each other --------------------------------------------------------------------------------
select tests.authenticate_as('instructor');
select results_eq(
  'select id from public.profiles order by id',
  $$select tests.user_ids('instructor', 'owner')$$,
  'an instructor reads their own profile and their school''s owner, nobody else'
);
select results_eq(
  $$with changed as (update public.profiles set display_name = 'Renamed'
    where id = tests.get_user_id('owner') returning 1) select count(*)::int from changed$$,
  array[0],
  'reading a co-member''s profile does not allow editing it'
);

-- the owner of another school ----------------------------------------------------------------------------------
select tests.authenticate_as('other_owner');
select results_eq(
  'select id from public.profiles',
  array[tests.get_user_id('other_owner')],
  'the owner of another school sees only their own profile'
);

-- service role --------------------------------------------------------------------------------------------------
select tests.authenticate_as_service_role();
select ok((select count(*) from public.profiles) >= 5, 'the service role reads every profile');

select * from finish();
rollback;
