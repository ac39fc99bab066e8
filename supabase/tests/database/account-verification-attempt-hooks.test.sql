-- The verification attempt hooks Auth calls after each checked password and TOTP code: 10 wrong ones within
-- 15 minutes lock that kind of check on the account for 15 minutes (the right secret refused too, a password
-- refusal worded as a wrong password), failures age out of their window, a right one clears nothing, other accounts
-- and the other kind are untouched, and only supabase_auth_admin may call the hooks.
begin;
select plan(26);

select tests.create_user('gus', 'Gus Guessed');
select tests.create_user('ola', 'Ola Other');

-- What Auth sends (GoTrue's payload, with its metadata).
create function pg_temp.password_event(identifier text, valid boolean)
returns jsonb
language sql
as $$
  select jsonb_build_object(
    'metadata', jsonb_build_object('uuid', gen_random_uuid(), 'time', now(), 'name', 'password-verification'),
    'user_id', tests.get_user_id(identifier), 'valid', valid);
$$;

create function pg_temp.mfa_event(identifier text, valid boolean)
returns jsonb
language sql
as $$
  select jsonb_build_object(
    'metadata', jsonb_build_object('uuid', gen_random_uuid(), 'time', now(), 'name', 'mfa-verification'),
    'user_id', tests.get_user_id(identifier), 'factor_id', gen_random_uuid(), 'factor_type', 'totp', 'valid', valid);
$$;

-- n attempts in a row; the decisions they got, in order.
create function pg_temp.passwords(identifier text, valid boolean, n integer)
returns text[]
language sql
as $$
  select array_agg(private.hook_password_verification_attempt(pg_temp.password_event(identifier, valid)) ->> 'decision')
  from generate_series(1, n);
$$;

create function pg_temp.codes(identifier text, valid boolean, n integer)
returns text[]
language sql
as $$
  select array_agg(private.hook_mfa_verification_attempt(pg_temp.mfa_event(identifier, valid)) ->> 'decision')
  from generate_series(1, n);
$$;

-- Time passing: the account's counters as they would be `minutes` later.
create function pg_temp.later(identifier text, kind text, minutes integer)
returns void
language sql
as $$
  update private.verification_attempt_limits
  set window_started_at = window_started_at - make_interval(mins => minutes),
      locked_until = locked_until - make_interval(mins => minutes)
  where user_id = tests.get_user_id(identifier) and verification_attempt_limits.kind = later.kind;
$$;

-- Passwords
select is(pg_temp.passwords('gus', true, 3), array['continue', 'continue', 'continue'],
  'right passwords continue');
select is((select count(*)::integer from private.verification_attempt_limits where user_id = tests.get_user_id('gus')), 0,
  'right passwords leave no row');
select is(pg_temp.passwords('gus', false, 10), array_fill('continue'::text, array[10]),
  'the first 10 wrong passwords continue (Auth answers each as a wrong password)');
select is(private.hook_password_verification_attempt(pg_temp.password_event('gus', false)),
  '{"decision": "reject", "message": "Invalid login credentials", "should_logout_user": false}'::jsonb,
  'the 11th is rejected, worded as a wrong password, without signing the owner out');
select is(private.hook_password_verification_attempt(pg_temp.password_event('gus', true)) ->> 'decision', 'reject',
  'during the lock the right password is rejected too');
select is(pg_temp.passwords('ola', false, 3) || pg_temp.passwords('ola', true, 1),
  array['continue', 'continue', 'continue', 'continue'], 'another account is not locked out');
select is(pg_temp.codes('gus', true, 1), array['continue'], 'a password lock does not lock the account''s codes');

select pg_temp.later('gus', 'password', 14);
select is(pg_temp.passwords('gus', true, 1), array['reject'], 'after 14 minutes the lock still holds');
select pg_temp.later('gus', 'password', 2);
select is(pg_temp.passwords('gus', true, 1), array['continue'], 'after 15 minutes the right password gets in again');
select is(pg_temp.passwords('gus', false, 1), array['continue'], 'and a wrong one counts as a failure again');
select is((select failures from private.verification_attempt_limits
           where user_id = tests.get_user_id('gus') and kind = 'password'), 1,
  'counting starts again from 1 after a lock');

-- Windows: failures age out; a right password clears nothing
select pg_temp.passwords('ola', false, 6);
select pg_temp.later('ola', 'password', 16);
select is(pg_temp.passwords('ola', false, 9), array_fill('continue'::text, array[9]),
  'failures older than the 15-minute window are not counted');
select is(pg_temp.passwords('ola', true, 1), array['continue'], '9 failures in the window: the right password continues');
select is(pg_temp.passwords('ola', false, 1) || pg_temp.passwords('ola', false, 1), array['continue', 'reject'],
  'a right password does not clear the failures: the 10th locks');

-- Codes
select tests.create_user('mia', 'Mia Multifactor');
select is(pg_temp.codes('mia', false, 10), array_fill('continue'::text, array[10]), 'the first 10 wrong codes continue');
select is(private.hook_mfa_verification_attempt(pg_temp.mfa_event('mia', false)),
  '{"decision": "reject", "message": "Too many wrong codes. Try again in 15 minutes."}'::jsonb,
  'the 11th code is rejected with when to try again');
select is(pg_temp.codes('mia', true, 1), array['reject'], 'during the lock the right code is rejected too');
select is(pg_temp.passwords('mia', true, 1), array['continue'], 'a code lock does not lock the password');
select pg_temp.later('mia', 'mfa', 14);
select is(private.hook_mfa_verification_attempt(pg_temp.mfa_event('mia', true)) ->> 'message',
  'Too many wrong codes. Try again in 1 minute.', 'the message counts down the minutes left');
select pg_temp.later('mia', 'mfa', 1);
select is(pg_temp.codes('mia', true, 1), array['continue'], 'after 15 minutes the right code gets through');

-- Who may call them
select ok(has_function_privilege('supabase_auth_admin', 'private.hook_password_verification_attempt(jsonb)', 'execute')
  and has_function_privilege('supabase_auth_admin', 'private.hook_mfa_verification_attempt(jsonb)', 'execute')
  and has_schema_privilege('supabase_auth_admin', 'private', 'usage'),
  'Auth''s role (supabase_auth_admin) may call both hooks');
select ok(not has_function_privilege('service_role', 'private.hook_password_verification_attempt(jsonb)', 'execute')
  and not has_function_privilege('service_role', 'private.hook_mfa_verification_attempt(jsonb)', 'execute')
  and not has_function_privilege('supabase_auth_admin', 'private.count_verification_attempt(uuid, text, boolean)', 'execute'),
  'no other role may, and the shared counter is called only through the hooks');
select ok(not has_table_privilege('supabase_auth_admin', 'private.verification_attempt_limits', 'select, insert, update, delete')
  and not has_table_privilege('authenticated', 'private.verification_attempt_limits', 'select, insert, update, delete')
  and not has_table_privilege('anon', 'private.verification_attempt_limits', 'select, insert, update, delete')
  and not has_table_privilege('service_role', 'private.verification_attempt_limits', 'select, insert, update, delete'),
  'the counters are reached through the hooks only');

select tests.authenticate_as('ola');
select throws_ok($$ select private.hook_password_verification_attempt('{"user_id": "00000000-0000-0000-0000-000000000000", "valid": true}') $$,
  '42501', null, 'a signed-in user cannot call the password hook');
select throws_ok($$ select private.hook_mfa_verification_attempt('{"user_id": "00000000-0000-0000-0000-000000000000", "valid": true}') $$,
  '42501', null, 'nor the MFA hook');
select tests.authenticate_as_anon();
select throws_ok($$ select private.hook_password_verification_attempt('{"user_id": "00000000-0000-0000-0000-000000000000", "valid": false}') $$,
  '42501', null, 'a visitor cannot call the password hook (so cannot lock anyone out from the Data API)');
select tests.clear_authentication();

select * from finish();
rollback;
