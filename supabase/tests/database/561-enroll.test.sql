-- public.enroll, the one call the enroll function makes with the service role: the whole enrollment decision for a
-- course named by slug or id (visibility, removed learners, closed courses, the invite and code modes with the
-- sentences users read), invites and codes handed to the redeem calls, and that no client role can call it.
begin;
select plan(17);

select tests.create_enrollment_fixture();

create function tests.enroll_in(who text, course_slug text, code text default null)
returns jsonb
language sql
set search_path = ''
as $$
  select public.enroll(tests.get_user_id(who), course_slug => course_slug, code => code);
$$;

create function tests.refusal_of(answer jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select (answer -> 'error' ->> 'code') || ' ' || (answer -> 'error' ->> 'status') || ': ' || (answer -> 'error' ->> 'message');
$$;

grant execute on function tests.enroll_in(text, text, text), tests.refusal_of(jsonb) to anon, authenticated, service_role;

-- only the service role ---------------------------------------------------------------------------------------------
select tests.authenticate_as('learner');
select throws_ok($$select tests.enroll_in('learner', 'beacon-basics')$$, '42501', null, 'a learner cannot call enroll directly');
select tests.authenticate_as_anon();
select throws_ok($$select tests.enroll_in('learner', 'beacon-basics')$$, '42501', null, 'a visitor cannot either');

-- finding the course as the learner may see it --------------------------------------------------------------------
select tests.authenticate_as_service_role();
select is(tests.refusal_of(tests.enroll_in('learner', 'no-such-course')), 'course_not_found 404: We could not find that course.', 'an unknown slug is course_not_found');
select is(tests.refusal_of(tests.enroll_in('learner', 'alpine-draft')), 'course_not_found 404: We could not find that course.', 'another school''s draft is as unknown as a missing slug');
select is(tests.refusal_of(tests.enroll_in('instructor', 'alpine-draft')), 'enrollment_closed 403: This course is not open for enrollment.', 'a member of the school sees its draft, which is closed');
select is(tests.refusal_of(tests.enroll_in('learner', 'alpine-draft', 'ABCDEFGH')), 'course_not_found 404: We could not find that course.', 'a code for a course the learner cannot see is course_not_found');

-- the mode decides bare enrolls ---------------------------------------------------------------------------------
select tests.clear_authentication();
update public.courses set enrollment_mode = 'invite' where slug = 'beacon-basics';
select tests.authenticate_as_service_role();
select is(tests.refusal_of(tests.enroll_in('learner', 'beacon-basics')), 'enrollment_closed 403: This course is by invitation only. Open your invite link.', 'an invite-only course refuses a bare enroll with its sentence');
select tests.clear_authentication();
update public.courses set enrollment_mode = 'code' where slug = 'beacon-basics';
select tests.authenticate_as_service_role();
select is(tests.refusal_of(tests.enroll_in('learner', 'beacon-basics')), 'enrollment_closed 403: This course needs an access code. Enter the code you were given.', 'a code course refuses a bare enroll with its sentence');
select is(
  (select jsonb_build_object('created', r -> 'created', 'source', r -> 'enrollment' -> 'source') from tests.enroll_in('learner', 'beacon-basics', 'BEACN234') r),
  '{"created": true, "source": "code"}'::jsonb,
  'its code enrolls, through redeem_access_code'
);
select tests.clear_authentication();
update public.courses set enrollment_mode = 'open' where slug = 'beacon-basics';
select tests.authenticate_as_service_role();
select is(tests.refusal_of(tests.enroll_in('learner', 'alpine-basics', 'WRONGONE')), 'code_invalid 400: That code is not valid for this course. Check it and try again.', 'a wrong code is code_invalid, whatever the mode');

-- an open course ------------------------------------------------------------------------------------------------
select is(
  (select jsonb_build_object('created', r -> 'created', 'source', r -> 'enrollment' -> 'source', 'status', r -> 'enrollment' -> 'status') from tests.enroll_in('learner', 'alpine-basics') r),
  '{"created": true, "source": "open", "status": "active"}'::jsonb,
  'an open course enrolls the learner (source open)'
);
select is((select r -> 'created' from tests.enroll_in('learner', 'alpine-basics') r), 'false'::jsonb, 'enrolling again answers the same enrollment, not created');
select is(
  (select r -> 'enrollment' ->> 'course_id' from public.enroll(tests.get_user_id('learner'), course_id => tests.course_id('alpine-basics')) r),
  tests.course_id('alpine-basics')::text,
  'the course can be named by id'
);
select tests.clear_authentication();
select is((select count(*)::int from public.enrollments where user_id = tests.get_user_id('learner') and course_id = tests.course_id('alpine-basics')), 1, 'one enrollment row');

-- removed learners stay out -------------------------------------------------------------------------------------
update public.enrollments set status = 'removed', removed_at = now() where user_id = tests.get_user_id('learner') and course_id = tests.course_id('alpine-basics');
select tests.authenticate_as_service_role();
select is(
  tests.refusal_of(tests.enroll_in('learner', 'alpine-basics')),
  'forbidden 403: You were removed from this course. Ask its instructor to add you back.',
  'a removed learner is refused with the sentence, and stays removed'
);
select tests.clear_authentication();
select is((select status::text from public.enrollments where user_id = tests.get_user_id('learner') and course_id = tests.course_id('alpine-basics')), 'removed', 'the removal stands');

-- an invite token goes to redeem_course_invite ------------------------------------------------------------------
select tests.authenticate_as_service_role();
select is(tests.refusal_of(public.enroll(tests.get_user_id('learner'), invite_token => 'short')), 'invite_invalid 404: This invite link is not valid. Ask the instructor for a new one.', 'an invite token is redeemed by redeem_course_invite');

select * from finish();
rollback;
