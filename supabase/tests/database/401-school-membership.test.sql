-- Membership only through a school's creation (or, from M2, an accepted invitation): nobody puts anyone into a
-- school, so nobody gains a co-member's profile without consent; who created a school stays private; the creator of a
-- school reads back the row they created (PostgREST's Prefer: return=representation).
begin;
select plan(13);

select tests.create_course_fixture();

-- the attack: a stranger's school enlists a victim ------------------------------------------------------------------
select tests.authenticate_as('other_owner');
select throws_ok(
  $$insert into public.school_members (school_id, user_id, role)
    values (tests.school_id('beacon-school'), tests.get_user_id('learner'), 'owner')$$,
  '42501', null, 'an owner cannot enlist a user as owner of their school'
);
select throws_ok(
  $$insert into public.school_members (school_id, user_id, role)
    values (tests.school_id('beacon-school'), tests.get_user_id('enrolled'), 'instructor')$$,
  '42501', null, 'nor as instructor'
);
select is_empty(
  $$select display_name from public.profiles where id in (tests.get_user_id('learner'), tests.get_user_id('enrolled'))$$,
  'so their profiles stay out of reach'
);
select tests.authenticate_as('learner');
select lives_ok($$insert into public.schools (slug, name) values ('trap-school', 'Trap School')$$, 'anyone signed in starts a school');
select throws_ok(
  $$insert into public.school_members (school_id, user_id, role)
    values (tests.school_id('trap-school'), tests.get_user_id('owner'), 'instructor')$$,
  '42501', null, 'and still cannot enlist anyone into it'
);
select results_eq(
  $$select user_id from public.school_members where school_id = tests.school_id('trap-school')$$,
  array[tests.get_user_id('learner')], 'the new school has its creator, as owner, and nobody else'
);

-- who created a school is not readable, the public face is ------------------------------------------------------
select tests.authenticate_as('enrolled');
select throws_ok('select created_by from public.schools', '42703', null, 'a signed-in stranger cannot read who created a school');
select throws_ok('select created_at from private.school_creations', '42501', null, 'nor when');
select results_eq(
  $$select name from public.schools where slug = 'alpine-academy'$$, array['Alpine Academy'],
  'but reads the name of a school with a published course'
);

-- the creator reads back what they created ------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
select results_eq(
  $$with created as (insert into public.schools (slug, name) values ('erins-studio', 'Erin''s Studio') returning id, slug, name)
    select slug || '/' || name from created$$,
  array['erins-studio/Erin''s Studio'], 'insert ... returning answers the creator with the school'
);
select results_eq(
  $$select role::text from public.school_members where school_id = tests.school_id('erins-studio')$$,
  array['owner'], 'and they are its owner'
);
select is_empty(
  $$select 1 from public.schools where slug = 'trap-school'$$,
  'another user''s new school stays unreadable to them'
);

-- the service role (the M2 invitation function) still adds members ------------------------------------------------
select tests.authenticate_as_service_role();
select lives_ok(
  $$insert into public.school_members (school_id, user_id) values (tests.school_id('alpine-academy'), tests.get_user_id('learner'))$$,
  'the service role adds a member (an accepted invitation)'
);

select * from finish();
rollback;
