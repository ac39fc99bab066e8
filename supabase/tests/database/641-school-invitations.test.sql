-- School invitations (20261124131100; answers without account hints since 20261124135200): owners invite by email
-- through invite_school_member, per audience; the invitee with that confirmed address (and nobody else) sees the
-- invitation and its school, accepts or declines it; owners cancel; nobody writes invitations or memberships around
-- the calls.
begin;
select plan(27);

select tests.create_school_fixture();
select tests.create_user('unconfirmed', 'Una Unconfirmed');
update auth.users set email_confirmed_at = null where email = 'unconfirmed@test.summit.local';

-- inviting, per audience -------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select is(tests.error_of($$select public.invite_school_member(tests.school_id('alpine-academy'), 'learner@test.summit.local')$$),
  '{"code": "not_signed_in", "status": 401}', 'anon cannot invite');
select tests.authenticate_as('learner');
select is(tests.error_of($$select public.invite_school_member(tests.school_id('alpine-academy'), 'learner@test.summit.local')$$),
  '{"code": "forbidden", "status": 403}', 'a learner cannot invite');
select tests.authenticate_as('instructor');
select is(tests.error_of($$select public.invite_school_member(tests.school_id('alpine-academy'), 'learner@test.summit.local')$$),
  '{"code": "forbidden", "status": 403}', 'an instructor cannot invite');
select tests.authenticate_as('other_owner');
select is(tests.error_of($$select public.invite_school_member(tests.school_id('alpine-academy'), 'learner@test.summit.local')$$),
  '{"code": "forbidden", "status": 403}', 'the owner of another school cannot invite to school A');
select tests.authenticate_as('owner');
select is(tests.error_of($$select public.invite_school_member(tests.school_id('alpine-academy'), 'not-an-email')$$),
  '{"code": "validation_failed", "status": 422, "fields": {"email": "Enter a valid email address."}}',
  'an owner is told when the address is not an email');
select is(public.invite_school_member(tests.school_id('alpine-academy'), ' Learner@Test.Summit.Local '),
  '{"status": "invited"}', 'an owner invites an existing account, by any spelling of its address');
select is(public.invite_school_member(tests.school_id('alpine-academy'), 'newcomer@example.com', 'owner'),
  '{"status": "invited"}', 'and an address without an account, as owner');
select is(public.invite_school_member(tests.school_id('alpine-academy'), 'instructor@test.summit.local'),
  '{"status": "already_member"}', 'inviting a member is an idempotent no-op');
select results_eq(
  $$select email || ' ' || role from public.school_invitations order by email$$,
  array['learner@test.summit.local instructor', 'newcomer@example.com owner'],
  'the owner sees the pending invitations, addresses lowercased, members not among them'
);
select is(public.invite_school_member(tests.school_id('alpine-academy'), 'newcomer@example.com', 'instructor'),
  '{"status": "invited"}', 'inviting again changes the role');
select results_eq($$select role::text from public.school_invitations where email = 'newcomer@example.com'$$,
  array['instructor'], 'to the new one');
select throws_ok(
  $$insert into public.school_invitations (school_id, email) values (tests.school_id('alpine-academy'), 'x@example.com')$$,
  '42501', null, 'an owner cannot write invitations around the call');

-- who sees them ----------------------------------------------------------------------------------------------------
select tests.authenticate_as('instructor');
select is_empty('select * from public.school_invitations', 'an instructor does not see the school''s invitations');
select tests.authenticate_as('other_owner');
select is_empty('select * from public.school_invitations', 'nor does the owner of another school');
select tests.authenticate_as_anon();
select throws_ok('select * from public.school_invitations', '42501', null, 'anon cannot read invitations');
select tests.authenticate_as('learner');
select results_eq($$select email from public.school_invitations$$, array['learner@test.summit.local'],
  'the invitee sees the invitation to their address only');
select results_eq($$select name from public.schools where id = tests.school_id('alpine-academy')$$, array['Alpine Academy'],
  'and the name of the school inviting them');

-- accepting ---------------------------------------------------------------------------------------------------------
select tests.authenticate_as('other_owner');
select is(tests.error_of($$select public.accept_school_invitation(tests.school_id('alpine-academy'))$$),
  '{"code": "forbidden", "status": 403}', 'nobody accepts an invitation to someone else''s address');
select tests.authenticate_as_anon();
select is(tests.error_of($$select public.accept_school_invitation(tests.school_id('alpine-academy'))$$),
  '{"code": "not_signed_in", "status": 401}', 'anon cannot accept');
select tests.authenticate_as('learner');
select is(public.accept_school_invitation(tests.school_id('alpine-academy')), 'instructor'::public.school_role,
  'the invitee accepts and answers with their role');
select results_eq(
  $$select role::text from public.school_members where school_id = tests.school_id('alpine-academy') and user_id = tests.get_user_id('learner')$$,
  array['instructor'], 'and is now a member of the school'
);
select is_empty('select * from public.school_invitations', 'the invitation is used up');
select is(tests.error_of($$select public.accept_school_invitation(tests.school_id('alpine-academy'))$$),
  '{"code": "forbidden", "status": 403}', 'accepting twice is refused');

-- an unconfirmed address does not count ---------------------------------------------------------------------------
select tests.authenticate_as('owner');
select is(public.invite_school_member(tests.school_id('alpine-academy'), 'unconfirmed@test.summit.local'),
  '{"status": "invited"}', 'an owner invites an account whose address is unconfirmed');
select tests.authenticate_as('unconfirmed');
select is(tests.error_of($$select public.accept_school_invitation(tests.school_id('alpine-academy'))$$),
  '{"code": "forbidden", "status": 403}', 'which cannot accept before confirming the address');

-- declining and cancelling ------------------------------------------------------------------------------------------
select tests.clear_authentication();
update auth.users set email_confirmed_at = now() where email = 'unconfirmed@test.summit.local';
select tests.authenticate_as('unconfirmed');
select results_eq(
  $$with gone as (delete from public.school_invitations returning email) select email from gone$$,
  array['unconfirmed@test.summit.local'], 'once confirmed, the invitee declines'
);
select tests.authenticate_as('owner');
select results_eq(
  $$with gone as (delete from public.school_invitations where email = 'newcomer@example.com' returning email) select email from gone$$,
  array['newcomer@example.com'], 'an owner cancels a pending invitation'
);

select * from finish();
rollback;
