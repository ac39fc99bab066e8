-- add_learners looks up at most 1,000 distinct addresses per caller per 24 hours: past that, rate_limited 429 with
-- the wait, and nobody invited or enrolled. An address looked up again within the day counts once; refusals (non-members, bad
-- lists) count nothing; each caller has their own allowance; an allowance frees up as its lookups turn a day old.
begin;
select plan(11);

select tests.create_enrollment_fixture();

create function tests.addresses(n integer, prefix text) returns text[] language sql immutable
as $$ select array_agg(format('%s-%s@test.summit.local', prefix, i)) from generate_series(1, n) as i $$;
grant execute on function tests.addresses(integer, text) to anon, authenticated;

-- 950 addresses looked up by the instructor in the last day, 100 more 25 hours ago that no longer count.
insert into private.learner_address_lookups (user_id, address_hash, looked_up_at)
select tests.get_user_id('instructor'), pg_catalog.sha256(pg_catalog.convert_to(format('earlier-%s@test.summit.local', i), 'UTF8')),
  now() - interval '1 hour'
from generate_series(1, 950) as i;
insert into private.learner_address_lookups (user_id, address_hash, looked_up_at)
select tests.get_user_id('instructor'), pg_catalog.sha256(pg_catalog.convert_to(format('old-%s@test.summit.local', i), 'UTF8')),
  now() - interval '25 hours'
from generate_series(1, 100) as i;

select tests.authenticate_as('instructor');
select is(
  tests.error_of(format('select * from public.add_learners(%L, %L)', tests.course_id('alpine-basics'), tests.addresses(51, 'a'))),
  '{"code": "rate_limited", "status": 429}',
  'past 1,000 addresses in a day the call is refused'
);
select ok(
  (tests.error_details(format('select * from public.add_learners(%L, %L)', tests.course_id('alpine-basics'), tests.addresses(51, 'a'))) ->> 'retry_after_s')::integer
    between 3500 and 82800,
  'and says how long to wait: until the oldest counted lookup is a day old'
);
select is(
  (select count(*)::integer from public.add_learners(tests.course_id('alpine-basics'), tests.addresses(50, 'b'))),
  50, 'up to the limit the addresses are looked up'
);
select is(
  tests.error_of(format('select * from public.add_learners(%L, array[%L])', tests.course_id('alpine-basics'), 'one-more@test.summit.local')),
  '{"code": "rate_limited", "status": 429}',
  'the 1,001st address of the day is refused'
);
select is(
  (select count(*)::integer from public.add_learners(tests.course_id('alpine-basics'), array['B-7@test.summit.local ', 'earlier-3@test.summit.local'])),
  2, 'addresses already looked up today count once: looking them up again is allowed'
);

-- Refusals count nothing; other callers have their own allowance.
select tests.authenticate_as('other_owner');
select is(
  tests.error_of(format('select * from public.add_learners(%L, %L)', tests.course_id('alpine-basics'), tests.addresses(100, 'c'))),
  '{"code": "forbidden", "status": 403}', 'a non-member is refused before anything is counted'
);
select tests.authenticate_as('owner');
select is(
  (select count(*)::integer from public.add_learners(tests.course_id('alpine-basics'), array['owner-adds@test.summit.local'])),
  1, 'the school''s owner still has their own allowance'
);
select tests.clear_authentication();

select is(
  (select count(*)::integer from private.learner_address_lookups where user_id = tests.get_user_id('other_owner')),
  0, 'the refused call counted nothing'
);
select is(
  (select count(*)::integer from private.learner_address_lookups where user_id = tests.get_user_id('instructor')),
  1000, 'the instructor''s day holds exactly 1,000 addresses, the day-old ones swept away'
);
select is(
  (select count(*)::integer from public.enrollments where user_id is not null and source = 'manual'
     and course_id = tests.course_id('alpine-basics')
     and user_id in (select id from auth.users where email like 'a-%@test.summit.local')),
  0, 'the refused call enrolled nobody'
);
select is(
  (select count(*)::integer from public.course_invitations where email like 'a-%@test.summit.local'),
  0, 'and invited nobody'
);

select * from finish();
rollback;
