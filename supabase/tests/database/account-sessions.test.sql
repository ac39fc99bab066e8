-- my_sessions() and end_session(): the caller's own sessions only, the current one first and marked; another
-- session of theirs can be ended (its refresh tokens go with it), the current one cannot, and someone else's
-- session is left alone without a word.
begin;
select plan(14);

select tests.create_user('sam', 'Sam Sessions');
select tests.create_user('other', 'Olive Other');

create temporary table ids (label text primary key, id uuid) on commit drop;
grant select on ids to authenticated, anon;
insert into ids values
  ('current', tests.add_session('sam', now() - interval '2 days', now() - interval '1 hour')),
  ('laptop', tests.add_session('sam', now() - interval '3 days', now() - interval '10 minutes')),
  ('old_phone', tests.add_session('sam', now() - interval '5 days')),
  ('expired', tests.add_session('sam', now() - interval '9 days', null, now() - interval '1 day')),
  ('others', tests.add_session('other'));
insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, session_id)
select 'token-' || i.label, tests.get_user_id('sam')::text, false, now(), now(), i.id from ids i where i.label = 'laptop';

select tests.authenticate_with('sam', (select id from ids where label = 'current'));

select results_eq(
  'select id from public.my_sessions()',
  $$ select id from ids where label in ('current', 'laptop', 'old_phone')
     order by label = 'current' desc, label = 'laptop' desc $$,
  'the caller sees their active sessions only: the current first, then by last activity'
);
select results_eq(
  'select is_current from public.my_sessions()',
  array[true, false, false],
  'only the session of the request is marked current'
);
select is(
  (select last_active_at from public.my_sessions() where id = (select id from ids where label = 'old_phone')),
  now() - interval '5 days',
  'a session never refreshed was last active when it was created'
);
select is(
  (select last_active_at from public.my_sessions() where id = (select id from ids where label = 'laptop')),
  now() - interval '10 minutes',
  'last activity is the last refresh (stored in UTC)'
);
select is(
  (select row(ip, user_agent, aal) from public.my_sessions() where id = (select id from ids where label = 'laptop')),
  row('203.0.113.5'::text, 'Mozilla/5.0 Test'::text, 'aal1'::text),
  'each session has its address, browser and assurance level'
);

select is(
  tests.error_of(format('select public.end_session(%L)', (select id from ids where label = 'current'))),
  '{"code": "validation_failed", "status": 422, "fields": {"session_id": "This is the session you are using: sign out instead."}}'::jsonb,
  'the current session cannot be ended this way'
);
select is(
  tests.error_of(format('select public.end_session(%L)', (select id from ids where label = 'others'))),
  null,
  'ending someone else''s session answers like success'
);
select is(
  tests.error_of(format('select public.end_session(%L)', gen_random_uuid())),
  null,
  'ending an unknown session answers like success'
);
select is(
  tests.error_of(format('select public.end_session(%L)', (select id from ids where label = 'laptop'))),
  null,
  'another session of the caller is ended'
);
select results_eq(
  'select id from public.my_sessions()',
  $$ select id from ids where label in ('current', 'old_phone') order by label = 'current' desc $$,
  'the ended session is no longer listed'
);

select tests.clear_authentication();
select is(
  (select count(*)::integer from auth.sessions where id = (select id from ids where label = 'others')),
  1,
  'someone else''s session is untouched'
);
select is(
  (select count(*)::integer from auth.refresh_tokens where session_id = (select id from ids where label = 'laptop')),
  0,
  'the ended session''s refresh tokens are gone with it'
);

select tests.authenticate_as_anon();
select throws_ok('select * from public.my_sessions()', '42501', null, 'visitors cannot list sessions');
select tests.clear_authentication();
select set_config('role', 'authenticated', true);
select set_config('request.jwt.claims', '{"role": "authenticated"}', true);
select is(
  tests.error_of('select * from public.my_sessions()'),
  '{"code": "not_signed_in", "status": 401}'::jsonb,
  'a request without a user is told to sign in'
);

select * from finish();
rollback;
