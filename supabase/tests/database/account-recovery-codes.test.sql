-- Recovery codes: made only from a second-factor session (aal2 or a passkey) with a verified factor, 10 of them in
-- the xxxxx-xxxxx format, stored only as hashes, answered once; spent once each by the mfa-recovery function
-- (service role), which removes the user's factors; 10 wrong codes an hour and the next is rate limited.
begin;
select plan(24);

select tests.create_user('rae', 'Rae Recovery');
select tests.create_user('nofactor', 'Nora Nofactor');
select tests.create_user('pat', 'Pat Passkey');
select tests.add_verified_factor('rae');
select tests.add_verified_factor('pat');

create temporary table made (who text, codes text[]) on commit drop;
grant select, insert on made to authenticated, service_role;

-- Who may make them
select tests.authenticate_with('rae', gen_random_uuid(), 'aal1');
select is(tests.error_of('select public.create_recovery_codes()'), '{"code": "aal2_required", "status": 403}'::jsonb,
  'a password-only (aal1) session cannot make recovery codes');
select is(public.recovery_codes_left(), null::integer, 'before any are made, none are counted (null)');

select tests.authenticate_with('nofactor', gen_random_uuid(), 'aal2');
select is(tests.error_of('select public.create_recovery_codes()'), '{"code": "aal2_required", "status": 403}'::jsonb,
  'without a verified factor there is nothing to recover: refused');

select tests.authenticate_with('rae', gen_random_uuid(), 'aal2');
insert into made select 'rae-first', public.create_recovery_codes();
insert into made select 'rae', public.create_recovery_codes();
select is((select cardinality(codes) from made where who = 'rae'), 10, 'an aal2 session gets 10 codes');
select ok((select bool_and(c ~ '^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$') from made, unnest(codes) c where who = 'rae'),
  'each code is xxxxx-xxxxx from the unambiguous alphabet');
select is((select count(distinct c)::integer from made, unnest(codes) c where who = 'rae'), 10, 'the codes differ');
select is(public.recovery_codes_left(), 10, 'ten are left');

select tests.authenticate_with_passkey('pat');
select lives_ok($$ insert into made select 'pat', public.create_recovery_codes() $$,
  'a passkey sign-in counts as aal2');

select tests.authenticate_as_anon();
select throws_ok('select public.create_recovery_codes()', '42501', null, 'visitors cannot make codes');
select throws_ok('select public.recovery_codes_left()', '42501', null, 'visitors cannot count codes');

-- Stored hashed, out of reach
select tests.clear_authentication();
select is((select count(*)::integer from private.recovery_codes where user_id = tests.get_user_id('rae')), 10,
  'making a new set replaces the earlier one');
select ok(
  (select bool_and(r.code_hash = private.recovery_code_hash(r.user_id, c)
     and position(convert_to(c, 'UTF8') in r.code_hash) = 0)
   from private.recovery_codes r join made m on m.who = 'rae', unnest(m.codes) c
   where r.user_id = tests.get_user_id('rae') and r.code_hash = private.recovery_code_hash(r.user_id, c)),
  'only SHA-256 hashes are stored');
select tests.authenticate_with('rae', gen_random_uuid(), 'aal2');
select throws_ok('select * from private.recovery_codes', '42501', null, 'no client reads the stored hashes');
select throws_ok($$ select public.redeem_recovery_code(auth.uid(), 'x') $$, '42501', null,
  'a client cannot spend codes itself (only the mfa-recovery function)');

-- Spending
select tests.authenticate_as_service_role();
select is(public.redeem_recovery_code(tests.get_user_id('rae'), (select codes[1] from made where who = 'rae-first')) #>> '{error,code}',
  'code_invalid', 'a code of the replaced set no longer works');
select is(
  public.redeem_recovery_code(tests.get_user_id('rae'), upper(replace((select codes[3] from made where who = 'rae'), '-', ' '))),
  '{"factors_removed": 1}'::jsonb,
  'a right code (typed in capitals, with a space) removes the user''s factors');
select tests.clear_authentication();
select is((select count(*)::integer from auth.mfa_factors where user_id = tests.get_user_id('rae')), 0, 'the factor is gone');
select is((select count(*)::integer from private.recovery_codes where user_id = tests.get_user_id('rae')), 0,
  'the other codes are cleared with it');
select tests.authenticate_with('rae', gen_random_uuid(), 'aal1');
select is(public.recovery_codes_left(), null::integer, 'and none are counted');

select tests.authenticate_as_service_role();
select is(public.redeem_recovery_code(tests.get_user_id('rae'), (select codes[3] from made where who = 'rae')) #>> '{error,code}',
  'code_invalid', 'a used code does not work again');
select is(public.redeem_recovery_code(tests.get_user_id('pat'), (select codes[1] from made where who = 'rae')) #>> '{error,code}',
  'code_invalid', 'one user''s code does not work for another');

-- The rate limit: pat has had one wrong code above; nine more make ten, the eleventh is refused even if right.
select is((select count(*)::integer from (
  select public.redeem_recovery_code(tests.get_user_id('pat'), 'aaaaa-aaaaa') as answer from generate_series(1, 9)
) t where answer #>> '{error,code}' = 'code_invalid'), 9, 'wrong codes answer code_invalid');
select is(
  public.redeem_recovery_code(tests.get_user_id('pat'), (select codes[1] from made where who = 'pat')) - 'x',
  jsonb_build_object('error', jsonb_build_object('code', 'rate_limited',
    'message', 'Too many wrong recovery codes. Try again in a while.', 'status', 429, 'retry_after_s', 3600)),
  'after 10 wrong codes in an hour even a right one is refused with rate_limited'
);
select tests.clear_authentication();
update private.recovery_code_attempts set attempted_at = attempted_at - interval '61 minutes'
where user_id = tests.get_user_id('pat');
select tests.authenticate_as_service_role();
select is(
  public.redeem_recovery_code(tests.get_user_id('pat'), (select codes[1] from made where who = 'pat')),
  '{"factors_removed": 1}'::jsonb,
  'an hour later the right code works'
);

select * from finish();
rollback;
