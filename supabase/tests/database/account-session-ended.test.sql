-- Ending a session tells its tabs: deleting an Auth session broadcasts session_ended with its id on the user's
-- private channel account:<user_id>, which only that user may read and nobody may broadcast on; deleting the user
-- (their sessions with them) broadcasts nothing.
begin;
select plan(7);

select tests.create_user('walker', 'Wally Walker');
select tests.create_user('other', 'Otto Other');
create temporary table ended on commit drop as
select tests.add_session('walker') as kept, tests.add_session('walker') as gone;
grant select on ended to authenticated;

delete from realtime.messages where topic like 'account:%';
delete from auth.sessions where id = (select gone from ended);

select results_eq(
  $$ select topic, event, payload ->> 'session_id', private, extension from realtime.messages where topic like 'account:%' $$,
  format($$ values (%L, 'session_ended', %L, true, 'broadcast') $$,
    'account:' || tests.get_user_id('walker'), (select gone from ended)),
  'deleting a session broadcasts session_ended with its id on the user''s private account channel'
);

-- Reading the channel: the user only.
select tests.authenticate_as('walker');
select set_config('realtime.topic', 'account:' || tests.get_user_id('walker'), true);
select is(
  (select count(*)::integer from realtime.messages where event = 'session_ended'),
  1,
  'the user may listen on their own account channel'
);
select throws_ok(
  format($$ insert into realtime.messages (topic, extension, event, payload, private)
            values (%L, 'broadcast', 'session_ended', '{}', true) $$, 'account:' || tests.get_user_id('walker')),
  '42501', null,
  'but not broadcast on it'
);
select tests.clear_authentication();

select tests.authenticate_as('other');
select set_config('realtime.topic', 'account:' || tests.get_user_id('walker'), true);
select is(
  (select count(*)::integer from realtime.messages),
  0,
  'another user cannot listen on it'
);
select tests.clear_authentication();

select tests.authenticate_as_anon();
select set_config('realtime.topic', 'account:' || tests.get_user_id('walker'), true);
select is((select count(*)::integer from realtime.messages), 0, 'nor can a visitor');
select tests.clear_authentication();

-- Deleting the user takes their sessions without a broadcast.
delete from realtime.messages where topic like 'account:%';
delete from auth.users where id = tests.get_user_id('walker');
select is(
  (select count(*)::integer from realtime.messages where topic like 'account:%'),
  0,
  'deleting the user broadcasts nothing'
);
select is((select count(*)::integer from auth.sessions where id = (select kept from ended)), 0, 'and their sessions are gone');

select * from finish();
rollback;
