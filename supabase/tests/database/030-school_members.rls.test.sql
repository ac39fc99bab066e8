-- school_members: members read their schools' rosters; nobody adds members directly; owners re-role and (with aal2)
-- remove; members may leave (with aal2, 20261124131000); a school always keeps an owner.
begin;
select plan(18);

select tests.create_school_fixture();

-- anon ---------------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok('select * from public.school_members', '42501', null, 'anon cannot read memberships');

-- reading -------------------------------------------------------------------------------------------------------
select tests.authenticate_as('learner');
select is_empty('select * from public.school_members', 'a learner sees no memberships');

select tests.authenticate_as('instructor');
select results_eq(
  'select user_id from public.school_members order by user_id',
  $$select tests.user_ids('instructor', 'owner')$$,
  'an instructor sees the roster of their school'
);

select tests.authenticate_as('other_owner');
select results_eq(
  'select user_id from public.school_members',
  array[tests.get_user_id('other_owner')],
  'the owner of another school sees only their own roster'
);

-- adding --------------------------------------------------------------------------------------------------------
select tests.authenticate_as('instructor');
select throws_ok(
  $$insert into public.school_members (school_id, user_id) values (tests.school_id('alpine-academy'), tests.get_user_id('learner'))$$,
  '42501', null, 'an instructor cannot add members'
);
select tests.authenticate_as('other_owner');
select throws_ok(
  $$insert into public.school_members (school_id, user_id) values (tests.school_id('alpine-academy'), tests.get_user_id('learner'))$$,
  '42501', null, 'the owner of another school cannot add members to school A'
);
select tests.authenticate_as('owner');
select throws_ok(
  $$insert into public.school_members (school_id, user_id) values (tests.school_id('alpine-academy'), tests.get_user_id('learner'))$$,
  '42501', null, 'an owner cannot add a member without their consent (members come by accepted invitation)'
);
-- The learner accepts an invitation: the service role records the membership.
select tests.authenticate_as_service_role();
insert into public.school_members (school_id, user_id) values (tests.school_id('alpine-academy'), tests.get_user_id('learner'));

-- changing roles ------------------------------------------------------------------------------------------------
select tests.authenticate_as('instructor');
select results_eq(
  $$with changed as (update public.school_members set role = 'owner'
    where user_id = tests.get_user_id('instructor') returning 1) select count(*)::int from changed$$,
  array[0], 'an instructor cannot promote themselves'
);
select tests.authenticate_as('owner');
select throws_like(
  $$update public.school_members set role = 'owner' where user_id = tests.get_user_id('instructor')$$,
  '%aal2_required%', 'an owner without a second factor cannot promote a member (aal2_required)'
);
select tests.authenticate_as('owner', 'aal2');
select results_eq(
  $$with changed as (update public.school_members set role = 'owner'
    where user_id = tests.get_user_id('instructor') returning 1) select count(*)::int from changed$$,
  array[1], 'with one, an owner promotes an instructor to owner'
);

-- removing ------------------------------------------------------------------------------------------------------
select tests.authenticate_as('owner', 'aal1');
select throws_like(
  $$delete from public.school_members where user_id = tests.get_user_id('learner')$$,
  '%aal2_required%', 'an owner without a second factor cannot remove a member (aal2_required)'
);
select tests.authenticate_as('other_owner', 'aal2');
select results_eq(
  $$with gone as (delete from public.school_members where user_id = tests.get_user_id('learner') returning 1)
    select count(*)::int from gone$$,
  array[0], 'the owner of another school cannot remove school A''s members'
);
select tests.authenticate_as('owner', 'aal2');
select results_eq(
  $$with gone as (delete from public.school_members where user_id = tests.get_user_id('learner') returning 1)
    select count(*)::int from gone$$,
  array[1], 'an owner with a second factor removes a member'
);
select tests.authenticate_as('instructor');
select throws_like(
  $$delete from public.school_members where user_id = tests.get_user_id('owner')$$,
  '%aal2_required%', 'a co-owner without a second factor cannot remove another owner (aal2_required)'
);
select tests.authenticate_as('instructor', 'aal2');
select results_eq(
  $$with gone as (delete from public.school_members where user_id = tests.get_user_id('instructor') returning 1)
    select count(*)::int from gone$$,
  array[1], 'a member may leave a school'
);

-- the last owner --------------------------------------------------------------------------------------------------
set constraints all immediate;
select tests.authenticate_as('other_owner', 'aal2');
select throws_like(
  $$delete from public.school_members where user_id = tests.get_user_id('other_owner')$$,
  '%A school needs at least one owner%', 'the last owner cannot leave'
);
select throws_like(
  $$update public.school_members set role = 'instructor' where user_id = tests.get_user_id('other_owner')$$,
  '%A school needs at least one owner%', 'the last owner cannot step down'
);
select tests.clear_authentication();
select results_eq(
  $$select count(*)::int from public.school_members where role = 'owner' and school_id = tests.school_id('beacon-school')$$,
  array[1], 'school B still has its owner'
);

select * from finish();
rollback;
