-- invite_school_member without account hints (20261124135200): anyone can create a school and so be its owner, yet
-- the answer is the same whether or not the address has an account. Each caller records at most 50 invitations per
-- 24 hours: past that, rate_limited 429 with the wait and nothing recorded; refusals and members count nothing.
begin;
select plan(15);

select tests.create_school_fixture();

-- no account hints ------------------------------------------------------------------------------------------------
-- Any signed-in user can own a school: the learner makes one, as the security review's repro did.
select tests.authenticate_as('learner');
select lives_ok($$insert into public.schools (slug, name) values ('evil-school', 'Evil')$$, 'a learner creates a school');
select is(
  public.invite_school_member(tests.school_id('evil-school'), 'owner@test.summit.local'),
  public.invite_school_member(tests.school_id('evil-school'), 'nobody-here@example.com'),
  'an address with an account and one without get the same answer'
);
select is(public.invite_school_member(tests.school_id('evil-school'), 'instructor@test.summit.local'),
  '{"status": "invited"}', 'which is the status alone, no account_exists');
select is(public.invite_school_member(tests.school_id('evil-school'), 'learner@test.summit.local'),
  '{"status": "already_member"}', 'a member of the caller''s own school is named as such, without account_exists');
select results_eq(
  $$select email from public.school_invitations where school_id = tests.school_id('evil-school') order by email$$,
  array['instructor@test.summit.local', 'nobody-here@example.com', 'owner@test.summit.local'],
  'each address leaves the same pending invitation'
);

-- the daily limit -------------------------------------------------------------------------------------------------
select tests.clear_authentication();
-- 49 invitations by the owner in the last day, the oldest an hour ago, and one 25 hours ago that no longer counts.
insert into private.school_invitations_sent (user_id, sent_at)
select tests.get_user_id('owner'), now() - interval '1 hour' from generate_series(1, 49);
insert into private.school_invitations_sent (user_id, sent_at) values (tests.get_user_id('owner'), now() - interval '25 hours');

select tests.authenticate_as('owner');
select is(public.invite_school_member(tests.school_id('alpine-academy'), 'fiftieth@example.com'),
  '{"status": "invited"}', 'the 50th invitation of the day is recorded');
select is(tests.error_of($$select public.invite_school_member(tests.school_id('alpine-academy'), 'fifty-first@example.com')$$),
  '{"code": "rate_limited", "status": 429}', 'the 51st is refused');
select is(
  (tests.error_details($$select public.invite_school_member(tests.school_id('alpine-academy'), 'fifty-first@example.com')$$)
    ->> 'retry_after_s')::integer,
  82800, 'and says how long to wait: until the oldest counted invitation is a day old'
);
select is_empty($$select 1 from public.school_invitations where email = 'fifty-first@example.com'$$,
  'the refused invitation is not recorded');
select is(tests.error_of($$select public.invite_school_member(tests.school_id('alpine-academy'), 'not-an-email')$$),
  '{"code": "validation_failed", "status": 422, "fields": {"email": "Enter a valid email address."}}',
  'bad input is refused as such, before the limit');
select is(public.invite_school_member(tests.school_id('alpine-academy'), 'instructor@test.summit.local'),
  '{"status": "already_member"}', 'a member already there is answered past the limit: no email goes out');

-- Refusals count nothing; each caller has their own allowance.
select tests.authenticate_as('other_owner');
select is(tests.error_of($$select public.invite_school_member(tests.school_id('alpine-academy'), 'x@example.com')$$),
  '{"code": "forbidden", "status": 403}', 'a non-owner is refused');
select is(public.invite_school_member(tests.school_id('beacon-school'), 'beacon-invitee@example.com'),
  '{"status": "invited"}', 'and still invites to their own school');
select tests.clear_authentication();

select is(
  (select count(*)::integer from private.school_invitations_sent where user_id = tests.get_user_id('other_owner')),
  1, 'the refused call counted nothing, the invitation to their own school once'
);
select is(
  (select count(*)::integer from private.school_invitations_sent where user_id = tests.get_user_id('owner')),
  50, 'the owner''s day holds exactly 50, the day-old one swept away and nothing refused counted'
);

select * from finish();
rollback;
