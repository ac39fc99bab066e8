-- access_codes: as invites — members list (without hashes), create and revoke through the calls, and delete;
-- nobody else sees them; no client role reads code_hash or the attempts table.
begin;
select plan(22);

select tests.create_enrollment_fixture();

-- reading -------------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok('select id from public.access_codes', '42501', null, 'anon cannot read access codes');
select tests.authenticate_as('enrolled');
select is_empty('select id from public.access_codes', 'an enrolled learner reads no code of their course');
select throws_ok('select code_hash from public.access_codes', '42501', null, 'a learner cannot read code hashes');
select throws_ok('select * from private.code_attempts', '42501', null, 'a learner cannot read the attempts table');
select tests.authenticate_as('instructor');
select results_eq($$select count(*)::int from public.access_codes$$, array[5], 'an instructor lists the codes of their school''s courses');
select throws_ok('select code_hash from public.access_codes', '42501', null, 'an instructor cannot read code hashes');
select throws_ok('select * from private.code_attempts', '42501', null, 'an instructor cannot read the attempts table');
select tests.authenticate_as('other_owner');
select results_eq($$select course_id from public.access_codes$$, array[tests.course_id('beacon-basics')], 'the owner of another school lists only their own course''s codes');

-- writing directly: never -----------------------------------------------------------------------------------------
select tests.authenticate_as('instructor');
select throws_ok($$insert into public.access_codes (course_id, code_hash) values (tests.course_id('alpine-basics'), sha256('x'))$$, '42501', null, 'an instructor cannot insert a code directly');
select throws_ok($$update public.access_codes set uses = 0$$, '42501', null, 'an instructor cannot reset a code''s uses');

-- create_access_code --------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok($$select public.create_access_code(tests.course_id('alpine-basics'))$$, '42501', null, 'anon cannot call create_access_code');
select tests.authenticate_as('enrolled');
select throws_like($$select public.create_access_code(tests.course_id('alpine-basics'))$$, '%forbidden%', 'a learner cannot create codes');
select tests.authenticate_as('other_owner');
select throws_like($$select public.create_access_code(tests.course_id('alpine-basics'))$$, '%forbidden%', 'the owner of another school cannot create codes for school A');
select tests.authenticate_as('instructor');
select ok(
  (select bool_and(public.create_access_code(tests.course_id('alpine-basics')) ->> 'code' ~ '^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$') from generate_series(1, 50)),
  'an instructor creates codes of 8 characters without 0, O, 1, I or L'
);
select tests.clear_authentication();
select is(
  (select count(distinct code_hash)::int from public.access_codes where created_by = tests.get_user_id('instructor')),
  50, 'each code is stored once, as its hash'
);
select tests.authenticate_as('owner');
select is(
  (select jsonb_build_object('max_uses', r -> 'max_uses', 'expires', r ->> 'expires_at' is not null, 'cohort', r ->> 'cohort_id' = tests.cohort_id('Spring')::text)
   from (select public.create_access_code(tests.course_id('alpine-basics'), tests.cohort_id('Spring'), now() + interval '7 days', 25) as r) t),
  '{"max_uses": 25, "expires": true, "cohort": true}'::jsonb,
  'the owner creates a cohort code with an expiry and a use limit'
);
select throws_like($$select public.create_access_code(tests.course_id('alpine-basics'), max_uses => -1)$$, '%validation_failed%max_uses%', 'a negative use limit is refused');

-- revoke_access_code --------------------------------------------------------------------------------------------
select tests.authenticate_as('other_owner');
select throws_like($$select public.revoke_access_code(tests.access_code_id('alpine-basics', 'ABCDEFGH'))$$, '%forbidden%', 'the owner of another school cannot revoke school A''s codes');
select throws_like($$select public.revoke_access_code(gen_random_uuid())$$, '%forbidden%', 'an unknown code id gets the same answer');
select tests.authenticate_as('instructor');
select ok((public.revoke_access_code(tests.access_code_id('alpine-basics', 'TWXCE234')) ->> 'revoked_at') is not null, 'an instructor revokes a code');

-- deleting ------------------------------------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
select results_eq($$with gone as (delete from public.access_codes returning 1) select count(*)::int from gone$$, array[0], 'a learner cannot delete codes');
select tests.authenticate_as('instructor');
select results_eq($$with gone as (delete from public.access_codes where expires_at < now() returning 1) select count(*)::int from gone$$, array[1], 'an instructor deletes an expired code');

select * from finish();
rollback;
