-- A passkey is a second factor for the aal2 rule: a user whose only factor is a passkey is asked to step up before
-- deleting their account from a password (aal1) session, as a user with an authenticator app is; a passkey or aal2
-- session lets the deletion through, and a user with neither deletes without one.
begin;
select plan(6);

select tests.create_user('keyholder', 'Kim Keyholder');
select tests.create_user('plain', 'Pat Plain');

select is(private.has_verified_factor(tests.get_user_id('keyholder')), false, 'no factor and no passkey: none');

insert into auth.webauthn_credentials (user_id, credential_id, public_key, friendly_name)
values (tests.get_user_id('keyholder'), '\x0102030405'::bytea, '\x0a0b0c'::bytea, 'Kim''s laptop');

select is(private.has_verified_factor(tests.get_user_id('keyholder')), true, 'a passkey alone counts as a factor');

select tests.authenticate_as_service_role();
select is(
  tests.error_of(format($$ select * from public.delete_account(%L, '{"aal": "aal1", "amr": [{"method": "password"}]}') $$,
    tests.get_user_id('keyholder'))),
  '{"code": "aal2_required", "status": 403}'::jsonb,
  'deleting a passkey holder''s account from a password session asks for a second factor'
);
select lives_ok(
  format($$ select * from public.delete_account(%L, '{"aal": "aal1", "amr": [{"method": "passkey"}]}') $$,
    tests.get_user_id('keyholder')),
  'from a passkey sign-in it goes through'
);
select lives_ok(
  format($$ select * from public.delete_account(%L, '{"aal": "aal1", "amr": [{"method": "password"}]}') $$,
    tests.get_user_id('plain')),
  'a user with neither a factor nor a passkey deletes from a password session'
);
select tests.clear_authentication();
select is(
  (select count(*)::integer from auth.users where email in ('keyholder@test.summit.local', 'plain@test.summit.local')),
  0,
  'and both users are gone'
);

select * from finish();
rollback;
