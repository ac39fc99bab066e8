-- course_invites: the school's members list (without hashes), create and revoke through the calls, and delete;
-- learners, visitors and other schools see nothing; no client role reads token_hash or writes a row directly.
begin;
select plan(26);

select tests.create_enrollment_fixture();

-- reading -------------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok('select id from public.course_invites', '42501', null, 'anon cannot read invites');
select tests.authenticate_as('enrolled');
select is_empty('select id from public.course_invites', 'an enrolled learner reads no invite of their course');
select tests.authenticate_as('learner');
select is_empty('select id from public.course_invites', 'a learner reads no invite of any course');
select throws_ok('select token_hash from public.course_invites', '42501', null, 'a learner cannot read token hashes');
select tests.authenticate_as('instructor');
select results_eq($$select count(*)::int from public.course_invites$$, array[8], 'an instructor lists the invites of their school''s courses (drafts included)');
select throws_ok('select token_hash from public.course_invites', '42501', null, 'an instructor cannot read token hashes either');
select throws_ok('select * from public.course_invites', '42501', null, 'select * includes the hash and is refused');
select tests.authenticate_as('other_owner');
select results_eq($$select course_id from public.course_invites$$, array[tests.course_id('beacon-basics')], 'the owner of another school lists only their own course''s invites');

-- writing directly: never -----------------------------------------------------------------------------------------
select tests.authenticate_as('instructor');
select throws_ok($$insert into public.course_invites (course_id, token_hash) values (tests.course_id('alpine-basics'), sha256('x'))$$, '42501', null, 'an instructor cannot insert an invite (and choose its token)');
select throws_ok($$update public.course_invites set max_uses = 100$$, '42501', null, 'an instructor cannot update an invite directly');
select throws_ok($$update public.course_invites set revoked_at = null$$, '42501', null, 'an instructor cannot un-revoke an invite');

-- create_course_invite ------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok($$select public.create_course_invite(tests.course_id('alpine-basics'))$$, '42501', null, 'anon cannot call create_course_invite');
select tests.authenticate_as('enrolled');
select throws_like($$select public.create_course_invite(tests.course_id('alpine-basics'))$$, '%forbidden%', 'a learner cannot create invites');
select tests.authenticate_as('other_owner');
select throws_like($$select public.create_course_invite(tests.course_id('alpine-basics'))$$, '%forbidden%', 'the owner of another school cannot create invites for school A');
select tests.authenticate_as('instructor');
select is(
  (select jsonb_build_object('length', char_length(r ->> 'token'), 'base64url', (r ->> 'token') ~ '^[A-Za-z0-9_-]{43}$', 'max_uses', r -> 'max_uses', 'days', round(extract(epoch from (r ->> 'expires_at')::timestamptz - now()) / 86400))
   from (select public.create_course_invite(tests.course_id('alpine-basics')) as r) t),
  '{"length": 43, "base64url": true, "max_uses": 1, "days": 14}'::jsonb,
  'an instructor creates an invite: a 43-character base64url token (32 bytes), one use, 14 days by default'
);
select tests.clear_authentication();
select is(
  (select count(*)::int from public.course_invites i where i.created_by = tests.get_user_id('instructor') and octet_length(i.token_hash) = 32),
  1, 'only the 32-byte SHA-256 of the token is stored'
);
select tests.authenticate_as('owner');
select is(
  (select r -> 'allowed_email_domains' from (select public.create_course_invite(tests.course_id('alpine-basics'), tests.cohort_id('Spring'), now() + interval '2 days', 30, array[' @Example.COM', 'example.com', 'b.example.org']) as r) t),
  '["b.example.org", "example.com"]'::jsonb,
  'the owner creates a cohort invite; domains are trimmed, lowercased and kept once'
);
select throws_like($$select public.create_course_invite(tests.course_id('alpine-basics'), tests.cohort_id('Beacon cohort'))$$, '%validation_failed%cohort_id%', 'a cohort of another course is refused on cohort_id');
select throws_like($$select public.create_course_invite(tests.course_id('alpine-basics'), expires_at => now() - interval '1 minute')$$, '%validation_failed%expires_at%', 'an expiry in the past is refused');
select throws_like($$select public.create_course_invite(tests.course_id('alpine-basics'), max_uses => 0)$$, '%validation_failed%max_uses%', 'zero uses are refused');
select throws_like($$select public.create_course_invite(tests.course_id('alpine-basics'), allowed_email_domains => array['not a domain'])$$, '%validation_failed%allowed_email_domains%', 'a malformed domain is refused');

-- revoke_course_invite ------------------------------------------------------------------------------------------
select tests.authenticate_as('other_owner');
select throws_like($$select public.revoke_course_invite(tests.invite_id('single'))$$, '%forbidden%', 'the owner of another school cannot revoke school A''s invites');
select tests.authenticate_as('enrolled');
select throws_like($$select public.revoke_course_invite(tests.invite_id('single'))$$, '%forbidden%', 'a learner cannot revoke invites');
select tests.authenticate_as('instructor');
select ok((select (public.revoke_course_invite(tests.invite_id('single')) ->> 'revoked_at') is not null), 'an instructor revokes an invite');

-- deleting ------------------------------------------------------------------------------------------------------
select tests.authenticate_as('other_owner');
select results_eq($$with gone as (delete from public.course_invites where course_id = tests.course_id('alpine-basics') returning 1) select count(*)::int from gone$$, array[0], 'the owner of another school cannot delete school A''s invites');
select tests.authenticate_as('instructor');
select results_eq($$with gone as (delete from public.course_invites where id = tests.invite_id('expired') returning 1) select count(*)::int from gone$$, array[1], 'an instructor deletes an invite');

select * from finish();
rollback;
