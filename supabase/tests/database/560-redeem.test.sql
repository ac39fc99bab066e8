-- The redeem calls the enroll function makes with the service role: every refusal of PRODUCT.md §8 for invites and
-- codes, idempotent re-enrolling without spending a use, uses counted, cohorts applied, the rate limit (10 failed
-- code attempts per user per hour), and that no client role can call them. The invite preview of the /invite page.
begin;
select plan(34);

select tests.create_enrollment_fixture();

create function tests.redeem_invite(who text, label text)
returns jsonb
language sql
set search_path = ''
as $$
  select public.redeem_course_invite(tests.get_user_id(who), tests.invite_token(label));
$$;

create function tests.redeem_code(who text, course_slug text, code text)
returns jsonb
language sql
set search_path = ''
as $$
  select public.redeem_access_code(tests.get_user_id(who), tests.course_id(course_slug), code);
$$;

create function tests.error_of(answer jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select (answer -> 'error' ->> 'code') || ' ' || (answer -> 'error' ->> 'status');
$$;

grant execute on function tests.redeem_invite(text, text), tests.redeem_code(text, text, text), tests.error_of(jsonb) to anon, authenticated, service_role;

-- only the service role ---------------------------------------------------------------------------------------------
select tests.authenticate_as('learner');
select throws_ok($$select tests.redeem_invite('learner', 'single')$$, '42501', null, 'a learner cannot call redeem_course_invite directly');
select throws_ok($$select tests.redeem_code('learner', 'alpine-basics', 'ABCDEFGH')$$, '42501', null, 'a learner cannot call redeem_access_code directly');
select tests.authenticate_as_anon();
select throws_ok($$select tests.redeem_invite('learner', 'single')$$, '42501', null, 'a visitor cannot either');

-- invite refusals -----------------------------------------------------------------------------------------------
select tests.authenticate_as_service_role();
select is(tests.error_of(tests.redeem_invite('learner', 'unknown')), 'invite_invalid 404', 'an unknown token is invite_invalid (404)');
select is(tests.error_of(public.redeem_course_invite(tests.get_user_id('learner'), 'short')), 'invite_invalid 404', 'a malformed token is invite_invalid');
select is(tests.error_of(tests.redeem_invite('learner', 'revoked')), 'invite_invalid 404', 'a revoked token is invite_invalid');
select is(tests.error_of(tests.redeem_invite('learner', 'expired')), 'invite_expired 410', 'an expired token is invite_expired (410)');
select is(tests.error_of(tests.redeem_invite('learner', 'usedup')), 'invite_used_up 409', 'a used-up token is invite_used_up (409)');
select is(tests.error_of(tests.redeem_invite('learner', 'elsewhere')), 'email_domain_not_allowed 403', 'a token for other email domains is email_domain_not_allowed (403)');
select is(tests.error_of(tests.redeem_invite('learner', 'draft')), 'enrollment_closed 403', 'a token of a draft course is enrollment_closed');
select tests.clear_authentication();
select is((select count(*)::int from public.enrollments where user_id = tests.get_user_id('learner')), 0, 'no refusal enrolled the learner');
select is((select sum(uses)::int from public.course_invites), 1, 'no refusal spent a use');

-- invite accepted -----------------------------------------------------------------------------------------------
select tests.authenticate_as_service_role();
select is(
  (select jsonb_build_object('created', r -> 'created', 'source', r -> 'enrollment' -> 'source', 'status', r -> 'enrollment' -> 'status') from tests.redeem_invite('learner', 'single') r),
  '{"created": true, "source": "invite", "status": "active"}'::jsonb,
  'a valid token enrolls the learner, source invite'
);
select is(tests.redeem_invite('learner', 'single') -> 'created', 'false'::jsonb, 'accepting again returns the existing enrollment');
select is(tests.redeem_invite('learner', 'autumn') -> 'created', 'false'::jsonb, 'another token of the same course also returns it, without spending a use');
select tests.clear_authentication();
select is((select uses from public.course_invites where id = tests.invite_id('single')), 1, 'the one-use token counted one use');
select is((select uses from public.course_invites where id = tests.invite_id('autumn')), 0, 're-enrolling spent no use');
select tests.authenticate_as_service_role();
select is(tests.error_of(tests.redeem_invite('owner', 'single')), 'invite_used_up 409', 'the spent one-use token refuses the next person');
select is(tests.redeem_invite('owner', 'domain') -> 'created', 'true'::jsonb, 'a token for the user''s email domain enrolls them');
select is(tests.redeem_invite('instructor', 'autumn') -> 'created', 'true'::jsonb, 'a cohort token enrolls');
select tests.clear_authentication();
select is((select cohort_id from public.enrollments where user_id = tests.get_user_id('instructor')), tests.cohort_id('Autumn'), 'into the token''s cohort');
update public.enrollments set status = 'removed' where user_id = tests.get_user_id('classmate');
select tests.authenticate_as_service_role();
select is(tests.error_of(tests.redeem_invite('classmate', 'autumn')), 'forbidden 403', 'a removed learner stays removed');

-- codes ---------------------------------------------------------------------------------------------------------
select is(tests.error_of(tests.redeem_code('other_owner', 'alpine-basics', 'EXPRDXX2')), 'code_invalid 400', 'an expired code is code_invalid (400)');
select is(tests.error_of(tests.redeem_code('other_owner', 'alpine-basics', 'RVKDCDE3')), 'code_invalid 400', 'a revoked code is code_invalid');
select is(tests.error_of(tests.redeem_code('other_owner', 'alpine-basics', 'ZZZZZZZ9')), 'code_invalid 400', 'a used-up code is code_invalid');
select is(tests.error_of(tests.redeem_code('other_owner', 'alpine-basics', 'BEACN234')), 'code_invalid 400', 'another course''s code is code_invalid');
select is(
  (select jsonb_build_object('created', r -> 'created', 'source', r -> 'enrollment' -> 'source') from tests.redeem_code('other_owner', 'alpine-basics', ' abcd-efgh ') r),
  '{"created": true, "source": "code"}'::jsonb,
  'a valid code enrolls, typed in lower case with a hyphen and spaces'
);
select tests.clear_authentication();
select is((select cohort_id from public.enrollments where user_id = tests.get_user_id('other_owner')), tests.cohort_id('Spring'), 'into the code''s cohort');
select is((select count(*)::int from private.code_attempts where user_id = tests.get_user_id('other_owner')), 4, 'the four failures were counted, the success was not');

-- rate limit: failures 5 to 10 are answered code_invalid, the 11th attempt (even a right code) rate_limited
select tests.authenticate_as_service_role();
select is(
  (select array_agg(tests.error_of(tests.redeem_code('learner', 'beacon-basics', 'WRNGCD' || n)) order by n) from generate_series(22, 31) n),
  array_fill('code_invalid 400'::text, array[10]),
  'ten wrong codes in an hour are each code_invalid'
);
select is(
  (select (r -> 'error' ->> 'code') || ' ' || (r -> 'error' ->> 'status') || ' ' || ((r -> 'error' ->> 'retry_after_s')::int between 3590 and 3600)::text
   from tests.redeem_code('learner', 'beacon-basics', 'BEACN234') r),
  'rate_limited 429 true',
  'the 11th attempt in the hour is rate_limited (429) with the wait, even with the right code'
);
select tests.clear_authentication();
update private.code_attempts set attempted_at = attempted_at - interval '61 minutes' where user_id = tests.get_user_id('learner');
select tests.authenticate_as_service_role();
select is(tests.redeem_code('learner', 'beacon-basics', 'BEACN234') -> 'created', 'true'::jsonb, 'an hour later the right code enrolls');

-- preview -------------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select is(
  (select jsonb_build_object('slug', p -> 'course' ->> 'slug', 'state', p ->> 'state', 'cohort', p -> 'cohort' ->> 'name') from public.course_invite_preview(tests.invite_token('autumn')) p),
  '{"slug": "alpine-basics", "state": "valid", "cohort": "Autumn"}'::jsonb,
  'a visitor previews where an invite leads'
);
select throws_like($$select public.course_invite_preview(tests.invite_token('revoked'))$$, '%invite_invalid%', 'a revoked invite has no preview');

select * from finish();
rollback;
