-- Course invitations: adding a learner by email invites them and enrolls nobody. The answer is the same for an
-- address with an account and one without; the roster shows an invitation's email with status invited and no
-- name until the person accepts. Pending invitations are readable by the invitee (by confirmed email) and the
-- course's staff only; the invitee accepts (enrolled, source manual, in the cohort) or declines, the staff cancel;
-- a pending invitation opens no content.
begin;
select plan(40);

select tests.create_enrollment_fixture();
select tests.create_user('newbie', 'Nora Newbie');
-- An account whose address was never confirmed: an invitation to it is not theirs to see or accept yet.
select tests.create_user('unconfirmed', 'Uma Unconfirmed');
update auth.users set email_confirmed_at = null where id = tests.get_user_id('unconfirmed');

create function tests.invitation_of(address text) returns uuid language sql stable security definer set search_path = ''
as $$ select id from public.course_invitations where email = address and course_id = tests.course_id('alpine-basics') $$;
grant execute on function tests.invitation_of(text) to anon, authenticated;

-- adding: the same answer for a registered and an unknown address ----------------------------------------------
select tests.authenticate_as('instructor');
select results_eq(
  $$select email, result, invitation_id is not null, send_email from public.add_learners(
      tests.course_id('alpine-basics'),
      array['Learner@Test.Summit.Local', 'stranger@example.com', 'enrolled@test.summit.local', 'not an email', 'unconfirmed@test.summit.local'],
      tests.cohort_id('Spring')
    ) order by email$$,
  $$values ('enrolled@test.summit.local', 'already_enrolled', false, false),
           ('learner@test.summit.local', 'invited', true, true),
           ('not an email', 'invalid', false, false),
           ('stranger@example.com', 'invited', true, true),
           ('unconfirmed@test.summit.local', 'invited', true, true)$$,
  'an instructor adds by email: a registered and an unknown address both answer invited with an email to send'
);
select tests.clear_authentication();
select is_empty(
  $$select 1 from public.enrollments where user_id in (tests.get_user_id('learner'), tests.get_user_id('unconfirmed'))$$,
  'nobody is enrolled by being added'
);
select results_eq(
  $$select email, cohort_id, invited_by from public.course_invitations order by email$$,
  $$values ('learner@test.summit.local', tests.cohort_id('Spring'), tests.get_user_id('instructor')),
           ('stranger@example.com', tests.cohort_id('Spring'), tests.get_user_id('instructor')),
           ('unconfirmed@test.summit.local', tests.cohort_id('Spring'), tests.get_user_id('instructor'))$$,
  'one pending invitation per invited address, with the cohort and who sent it'
);

-- the roster: email and Invited, no name --------------------------------------------------------------------------
select tests.authenticate_as('instructor');
select results_eq(
  $$select email, enrollment_status, display_name, user_id, enrollment_id, invitation_id = tests.invitation_of(email), cohort_name
    from public.course_learners(tests.course_id('alpine-basics'), status => 'invited', sort => 'email', direction => 'asc')$$,
  $$values ('learner@test.summit.local', 'invited', null::text, null::uuid, null::uuid, true, 'Spring'),
           ('stranger@example.com', 'invited', null::text, null::uuid, null::uuid, true, 'Spring'),
           ('unconfirmed@test.summit.local', 'invited', null::text, null::uuid, null::uuid, true, 'Spring')$$,
  'the roster shows each invitation as its email with status invited, without a name or an account'
);
select is(
  (select row(display_name, enrollment_status, progress_percent)::text from public.course_learners(tests.course_id('alpine-basics'), search => 'learner@test')),
  row(null::text, 'invited', 0)::text,
  'a registered invitee''s row looks like a stranger''s: no name before they accept'
);
select is_empty(
  $$select 1 from public.course_learners(tests.course_id('alpine-basics'), search => 'Lena')$$,
  'searching for the registered invitee''s name finds nothing'
);
select results_eq(
  $$select count(*)::int, min(total_count) from public.course_learners(tests.course_id('alpine-basics'))$$,
  $$values (5, 5)$$,
  'the unfiltered roster counts two learners and three invitations'
);
select is_empty(
  $$select 1 from public.course_learners(tests.course_id('alpine-basics'), status => 'active') where enrollment_status = 'invited'$$,
  'filtering by another status leaves the invitations out'
);

-- who reads pending invitations ---------------------------------------------------------------------------------
select results_eq($$select count(*)::int from public.course_invitations$$, array[3], 'the course''s instructor reads its invitations');
select tests.authenticate_as('owner');
select results_eq($$select count(*)::int from public.course_invitations$$, array[3], 'so does its school''s owner');
select tests.authenticate_as('other_owner');
select is_empty($$select 1 from public.course_invitations$$, 'another school''s owner reads none');
select results_eq(
  $$with gone as (delete from public.course_invitations returning 1) select count(*)::int from gone$$,
  array[0], 'and cancels none'
);
select tests.authenticate_as('learner');
select results_eq($$select email from public.course_invitations$$, array['learner@test.summit.local'], 'the invitee reads the invitation to their own address only');
select results_eq(
  $$select course_title, course_slug, school_name, cohort_name from public.my_course_invitations()$$,
  $$values ('Alpine Basics', 'alpine-basics', 'Alpine Academy', 'Spring')$$,
  'and sees on their home which course, school and cohort it is for'
);
select tests.authenticate_as('classmate');
select is_empty($$select 1 from public.course_invitations$$, 'another learner reads none');
select is_empty($$select 1 from public.my_course_invitations()$$, 'and has none on their home');
select results_eq(
  $$with gone as (delete from public.course_invitations returning 1) select count(*)::int from gone$$,
  array[0], 'and declines none'
);
select tests.authenticate_as('unconfirmed');
select is_empty($$select 1 from public.course_invitations$$, 'an account whose address is not confirmed does not see the invitation to it');
select tests.authenticate_as_anon();
select is(tests.error_of($$select 1 from public.course_invitations$$), '{"sqlstate": "42501"}', 'a visitor may not read invitations at all');
select is_empty($$select 1 from public.my_course_invitations()$$, 'and has none on their home');

-- nobody writes them directly -----------------------------------------------------------------------------------
select tests.authenticate_as('instructor');
select is(
  tests.error_of(format('insert into public.course_invitations (course_id, email) values (%L, %L)', tests.course_id('alpine-basics'), 'direct@example.com')),
  '{"sqlstate": "42501"}', 'an instructor cannot insert an invitation directly'
);
select is(
  tests.error_of(format('update public.course_invitations set cohort_id = null where id = %L', tests.invitation_of('learner@test.summit.local'))),
  '{"sqlstate": "42501"}', 'nor change one'
);

-- a pending invitation grants nothing ---------------------------------------------------------------------------
select tests.authenticate_as('learner');
select is_empty(
  $$select 1 from public.lesson_contents where lesson_id = tests.lesson_id('First steps')$$,
  'the invitee reads no content of the course before accepting'
);
select is_empty($$select 1 from public.enrollments$$, 'and has no enrollment');

-- accepting -----------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select is(
  tests.error_of(format('select public.accept_course_invitation(%L)', tests.invitation_of('learner@test.summit.local'))),
  '{"code": "not_signed_in", "status": 401}', 'a visitor is asked to sign in to accept'
);
select tests.authenticate_as('classmate');
select is(
  tests.error_of(format('select public.accept_course_invitation(%L)', tests.invitation_of('learner@test.summit.local'))),
  '{"code": "invite_invalid", "status": 404}', 'another learner cannot accept someone else''s invitation'
);
select is(
  tests.error_of(format('select public.accept_course_invitation(%L)', gen_random_uuid())),
  '{"code": "invite_invalid", "status": 404}', 'an unknown invitation gets the same answer'
);
select tests.authenticate_as('instructor');
select is(
  tests.error_of(format('select public.accept_course_invitation(%L)', tests.invitation_of('learner@test.summit.local'))),
  '{"code": "invite_invalid", "status": 404}', 'the instructor cannot accept it for them'
);
select tests.authenticate_as('learner');
select is(
  (public.accept_course_invitation(tests.invitation_of('learner@test.summit.local'))) - 'enrollment_id' - 'course_id',
  '{"status": "active", "course_slug": "alpine-basics"}'::jsonb,
  'the invitee accepts and is an active learner'
);
select tests.clear_authentication();
select results_eq(
  $$select source::text, status::text, cohort_id from public.enrollments where user_id = tests.get_user_id('learner')$$,
  $$values ('manual', 'active', tests.cohort_id('Spring'))$$,
  'the enrollment is manual, active, in the invitation''s cohort'
);
select is_empty($$select 1 from public.course_invitations where email = 'learner@test.summit.local'$$, 'the invitation is gone');
select tests.authenticate_as('instructor');
select results_eq(
  $$select display_name, enrollment_status, invitation_id from public.course_learners(tests.course_id('alpine-basics'), search => 'learner@test')$$,
  $$values ('Lena Learner', 'active', null::uuid)$$,
  'the roster shows their name once they have accepted'
);

-- declining, cancelling, adding again ---------------------------------------------------------------------------
select results_eq(
  $$select result from public.add_learners(tests.course_id('alpine-basics'), array['newbie@test.summit.local'])$$,
  array['invited'], 'another registered address is invited'
);
select tests.authenticate_as('newbie');
select results_eq(
  $$with gone as (delete from public.course_invitations returning email) select email from gone$$,
  array['newbie@test.summit.local'], 'an invitee declines by deleting their invitation'
);
select is_empty($$select 1 from public.enrollments$$, 'and is not enrolled');
select tests.authenticate_as('instructor');
select results_eq(
  $$with gone as (delete from public.course_invitations where email = 'stranger@example.com' returning email) select email from gone$$,
  array['stranger@example.com'], 'the instructor cancels a pending invitation'
);
select results_eq(
  $$select result, send_email from public.add_learners(tests.course_id('alpine-basics'), array['stranger@example.com', 'unconfirmed@test.summit.local'])$$,
  $$values ('invited', false), ('invited', false)$$,
  'adding an address again within the day invites it again without a second email'
);

-- a removed learner comes back only by accepting ---------------------------------------------------------------
select tests.authenticate_as('owner', 'aal2');
select is(
  (public.remove_learner((select enrollment_id from public.course_learners(tests.course_id('alpine-basics'), search => 'classmate')), 'Left')) ->> 'status',
  'removed', 'the owner removes a learner'
);
select results_eq(
  $$select result from public.add_learners(tests.course_id('alpine-basics'), array['classmate@test.summit.local'])$$,
  array['invited'], 'adding them back invites them'
);
select tests.authenticate_as('classmate');
select is(
  (public.accept_course_invitation(tests.invitation_of('classmate@test.summit.local'))) ->> 'status',
  'active', 'accepting takes them back'
);

select * from finish();
rollback;
