-- Managing a school's members (20261124131000): the roster with emails for owners only, changing roles and removing
-- members through the calls, per audience (anon, learner, instructor of the school, owner, owner of another school);
-- promoting, demoting, removing and leaving need aal2; the last owner can neither leave, be removed nor be demoted.
begin;
select plan(34);

select tests.create_school_fixture();
select tests.create_user('second', 'Sam Second');
-- A second instructor of school A, recorded the way an accepted invitation does.
insert into public.school_members (school_id, user_id) values (tests.school_id('alpine-academy'), tests.get_user_id('second'));

-- the roster ------------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select is(tests.error_of($$select * from public.school_members_list(tests.school_id('alpine-academy'))$$),
  '{"code": "not_signed_in", "status": 401}', 'anon cannot list members');
select tests.authenticate_as('learner');
select is(tests.error_of($$select * from public.school_members_list(tests.school_id('alpine-academy'))$$),
  '{"code": "forbidden", "status": 403}', 'a learner cannot list a school''s members');
select tests.authenticate_as('other_owner');
select is(tests.error_of($$select * from public.school_members_list(tests.school_id('alpine-academy'))$$),
  '{"code": "forbidden", "status": 403}', 'the owner of another school cannot list school A''s members');
select tests.authenticate_as('owner');
select results_eq(
  $$select display_name || ' <' || email || '> ' || role from public.school_members_list(tests.school_id('alpine-academy'))$$,
  array[
    'Olga Owner <owner@test.summit.local> owner',
    'Ivan Instructor <instructor@test.summit.local> instructor',
    'Sam Second <second@test.summit.local> instructor'
  ],
  'an owner lists names, emails and roles, owners first'
);
select tests.authenticate_as('instructor');
select results_eq(
  $$select display_name || ' ' || role || ' ' || coalesce(email, '(hidden)') from public.school_members_list(tests.school_id('alpine-academy'))$$,
  array['Olga Owner owner (hidden)', 'Ivan Instructor instructor (hidden)', 'Sam Second instructor (hidden)'],
  'an instructor lists names and roles, without emails'
);

-- changing roles -----------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select is(tests.error_of($$select public.change_school_member_role(tests.school_id('alpine-academy'), tests.get_user_id('second'), 'owner')$$),
  '{"code": "not_signed_in", "status": 401}', 'anon cannot change a role');
select tests.authenticate_as('learner');
select is(tests.error_of($$select public.change_school_member_role(tests.school_id('alpine-academy'), tests.get_user_id('second'), 'owner')$$),
  '{"code": "forbidden", "status": 403}', 'a learner cannot change a role');
select tests.authenticate_as('instructor', 'aal2');
select is(tests.error_of($$select public.change_school_member_role(tests.school_id('alpine-academy'), tests.get_user_id('instructor'), 'owner')$$),
  '{"code": "forbidden", "status": 403}', 'an instructor cannot promote themselves');
select tests.authenticate_as('other_owner', 'aal2');
select is(tests.error_of($$select public.change_school_member_role(tests.school_id('alpine-academy'), tests.get_user_id('second'), 'owner')$$),
  '{"code": "forbidden", "status": 403}', 'the owner of another school cannot change school A''s roles');
select tests.authenticate_as('owner');
select is(tests.error_of($$select public.change_school_member_role(tests.school_id('alpine-academy'), tests.get_user_id('learner'), 'owner')$$),
  '{"code": "validation_failed", "status": 422, "fields": {"user_id": "This person is not a member of the school."}}',
  'an owner cannot give a role to someone who is not a member');
select is(tests.error_of($$select public.change_school_member_role(tests.school_id('alpine-academy'), tests.get_user_id('second'), 'owner')$$),
  '{"code": "aal2_required", "status": 403}', 'promoting gives ownership away, so it needs a second factor');
select is(tests.error_of($$update public.school_members set role = 'owner' where user_id = tests.get_user_id('second')$$),
  '{"code": "aal2_required", "status": 403}', 'a direct update to owner needs it too');
select tests.authenticate_as('owner', 'aal2');
select is(public.change_school_member_role(tests.school_id('alpine-academy'), tests.get_user_id('second'), 'owner'),
  'owner'::public.school_role, 'with it, an owner promotes an instructor');
select tests.authenticate_as('owner');
select is(tests.error_of($$select public.change_school_member_role(tests.school_id('alpine-academy'), tests.get_user_id('second'), 'instructor')$$),
  '{"code": "aal2_required", "status": 403}', 'demoting an owner takes ownership away, so it needs a second factor');
select tests.authenticate_as('owner', 'aal2');
select is(public.change_school_member_role(tests.school_id('alpine-academy'), tests.get_user_id('second'), 'instructor'),
  'instructor'::public.school_role, 'with it, an owner demotes another owner while one owner remains');
select is(tests.error_of($$select public.change_school_member_role(tests.school_id('alpine-academy'), tests.get_user_id('owner'), 'instructor')$$),
  '{"code": "validation_failed", "status": 422, "fields": {"role": "A school needs at least one owner. Make another member an owner first."}}',
  'the last owner cannot step down');
select is(tests.error_of($$update public.school_members set role = 'instructor' where user_id = tests.get_user_id('owner')$$),
  '{"code": "validation_failed", "status": 422, "fields": {"role": "A school needs at least one owner. Make another member an owner first."}}',
  'nor through the table');

-- removing -----------------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select is(tests.error_of($$select public.remove_school_member(tests.school_id('alpine-academy'), tests.get_user_id('second'))$$),
  '{"code": "not_signed_in", "status": 401}', 'anon cannot remove a member');
select tests.authenticate_as('learner', 'aal2');
select is(tests.error_of($$select public.remove_school_member(tests.school_id('alpine-academy'), tests.get_user_id('second'))$$),
  '{"code": "forbidden", "status": 403}', 'a learner cannot remove a member');
select tests.authenticate_as('instructor', 'aal2');
select is(tests.error_of($$select public.remove_school_member(tests.school_id('alpine-academy'), tests.get_user_id('second'))$$),
  '{"code": "forbidden", "status": 403}', 'an instructor cannot remove another member');
select tests.authenticate_as('other_owner', 'aal2');
select is(tests.error_of($$select public.remove_school_member(tests.school_id('alpine-academy'), tests.get_user_id('second'))$$),
  '{"code": "forbidden", "status": 403}', 'the owner of another school cannot remove school A''s members');
select tests.authenticate_as('owner', 'aal1');
select is(tests.error_of($$select public.remove_school_member(tests.school_id('alpine-academy'), tests.get_user_id('second'))$$),
  '{"code": "aal2_required", "status": 403}', 'an owner without a second factor gets aal2_required');
select is(tests.error_of($$delete from public.school_members where user_id = tests.get_user_id('second')$$),
  '{"code": "aal2_required", "status": 403}', 'through the table as well');
select tests.authenticate_as('owner', 'aal2');
select lives_ok($$select public.remove_school_member(tests.school_id('alpine-academy'), tests.get_user_id('second'))$$,
  'an owner with a second factor removes a member');
select tests.clear_authentication();
select is_empty($$select 1 from public.school_members where user_id = tests.get_user_id('second')$$, 'who is gone');

-- leaving ------------------------------------------------------------------------------------------------------------
select tests.authenticate_as('instructor', 'aal1');
select is(tests.error_of($$select public.remove_school_member(tests.school_id('alpine-academy'), tests.get_user_id('instructor'))$$),
  '{"code": "aal2_required", "status": 403}', 'leaving without a second factor gets aal2_required');
select tests.authenticate_as('owner', 'aal2');
select is(tests.error_of($$select public.remove_school_member(tests.school_id('alpine-academy'), tests.get_user_id('owner'))$$),
  '{"code": "validation_failed", "status": 422, "fields": {"role": "A school needs at least one owner. Make another member an owner first."}}',
  'the last owner cannot leave');
select tests.authenticate_as('other_owner', 'aal2');
select is(tests.error_of($$delete from public.school_members where user_id = tests.get_user_id('other_owner')$$),
  '{"code": "validation_failed", "status": 422, "fields": {"role": "A school needs at least one owner. Make another member an owner first."}}',
  'the last owner of another school cannot leave through the table either');
select tests.authenticate_as('instructor', 'aal2');
select lives_ok($$select public.remove_school_member(tests.school_id('alpine-academy'), tests.get_user_id('instructor'))$$,
  'an instructor with a second factor leaves');
select is(tests.error_of($$select * from public.school_members_list(tests.school_id('alpine-academy'))$$),
  '{"code": "forbidden", "status": 403}', 'and no longer sees the roster');

-- an owner who is not the last one leaves; a school's deletion takes its members --------------------------------------
select tests.authenticate_as_service_role();
insert into public.school_members (school_id, user_id, role)
values (tests.school_id('alpine-academy'), tests.get_user_id('second'), 'owner');
select tests.authenticate_as('owner', 'aal2');
select lives_ok($$select public.remove_school_member(tests.school_id('alpine-academy'), tests.get_user_id('owner'))$$,
  'an owner leaves when another owner remains');
select tests.authenticate_as('second', 'aal2');
select results_eq($$select role::text from public.school_members_list(tests.school_id('alpine-academy'))$$,
  array['owner'], 'the remaining owner is alone');
select results_eq($$with gone as (delete from public.schools where slug = 'alpine-academy' returning slug) select slug from gone$$,
  array['alpine-academy'], 'the last owner deletes the whole school (with a second factor), members and all');
select tests.clear_authentication();
select is_empty($$select 1 from public.school_members where school_id not in (select id from public.schools)$$,
  'no membership outlives its school');

select * from finish();
rollback;
