-- Account deletion in the database (delete_account, for the account-delete function only): a second factor when
-- the user has one (aal2 or a passkey), refused for the last owner of a school (forbidden, naming it), and then
-- complete: no row in any public or private table, nor in Auth, refers to the user; their certificate code
-- verifies as not found; the school's rows they touched stay, without their id; the Storage objects that go with
-- the account are answered for the function to remove.
begin;
select plan(23);

select tests.create_course_fixture();
select tests.create_user('co_owner', 'Cora Coowner');

-- Erin (enrolled in alpine-basics) has a bit of everything.
select tests.add_verified_factor('enrolled');
select tests.add_session('enrolled');
-- Ticked as the learner ticks it (this file runs before certificates-00-setup's helpers exist).
do $$
begin
  perform tests.authenticate_as('enrolled');
  perform public.save_progress(tests.lesson_id('Welcome'), 0, 0, true);
  perform tests.clear_authentication();
end;
$$;
insert into public.notes (user_id, lesson_id, at_s, body) values (tests.get_user_id('enrolled'), tests.lesson_id('Welcome'), 5, 'My note');
insert into public.questions (lesson_id, author_id, body)
values (tests.lesson_id('Welcome'), tests.get_user_id('enrolled'), 'What does this mean?');
insert into public.answers (question_id, author_id, body, is_instructor)
select q.id, tests.get_user_id('enrolled'), 'I found it myself.', false from public.questions q where q.body = 'What does this mean?';
insert into public.certificates (code, user_id, course_id, snapshot, pdf_path)
values ('ERNCRT2345', tests.get_user_id('enrolled'), tests.course_id('alpine-basics'),
        '{"learner_name": "Erin Enrolled"}', tests.course_id('alpine-basics') || '/ERNCRT2345.pdf');
insert into storage.objects (bucket_id, name, owner, owner_id, metadata) values
  ('avatars', tests.get_user_id('enrolled') || '/face.png', tests.get_user_id('enrolled'), tests.get_user_id('enrolled'), '{}'),
  ('certificates', tests.course_id('alpine-basics') || '/ERNCRT2345.pdf', null, null, '{}');
-- Erin also teaches at Beacon School, where she uploaded a cover, created an access code and removed a learner,
-- and has a pending invitation to Alpine Academy.
insert into public.school_members (school_id, user_id, role)
values (tests.school_id('beacon-school'), tests.get_user_id('enrolled'), 'instructor');
insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
values ('course-covers', tests.course_id('beacon-basics') || '/cover.png', tests.get_user_id('enrolled'), tests.get_user_id('enrolled'), '{}');
insert into public.access_codes (course_id, code_hash, created_by)
values (tests.course_id('beacon-basics'), extensions.digest('x', 'sha256'), tests.get_user_id('enrolled'));
insert into public.enrollments (course_id, user_id, source, status)
values (tests.course_id('beacon-basics'), tests.get_user_id('learner'), 'open', 'active');
update public.enrollments set status = 'removed', removed_by = tests.get_user_id('enrolled'), removal_reason = 'Test'
where course_id = tests.course_id('beacon-basics') and user_id = tests.get_user_id('learner');
update public.enrollments set removed_by = tests.get_user_id('enrolled')
where course_id = tests.course_id('beacon-basics') and user_id = tests.get_user_id('learner');
insert into public.school_invitations (school_id, email, invited_by)
values (tests.school_id('alpine-academy'), 'enrolled@test.summit.local', tests.get_user_id('owner'));
insert into private.code_attempts (user_id) values (tests.get_user_id('enrolled'));
select tests.authenticate_with('enrolled', gen_random_uuid(), 'aal2');
select public.create_recovery_codes();
select tests.clear_authentication();

-- Every row in public, private and auth that holds the user's id in a uuid (or id-as-text) column.
create function tests.rows_referring_to(target uuid)
returns table (table_name text, column_name text, row_count bigint)
language plpgsql
set search_path = ''
as $$
declare
  col record;
  n bigint;
begin
  for col in
    select c.table_schema, c.table_name, c.column_name, c.data_type
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema in ('public', 'private', 'auth', 'storage') and t.table_type = 'BASE TABLE'
      and (c.data_type = 'uuid' or (c.data_type in ('text', 'character varying')
        and c.column_name in ('user_id', 'owner_id', 'provider_id')))
  loop
    execute format('select count(*) from %I.%I where %I::text = $1', col.table_schema, col.table_name, col.column_name)
      into n using target::text;
    if n > 0 then
      table_name := col.table_schema || '.' || col.table_name;
      column_name := col.column_name;
      row_count := n;
      return next;
    end if;
  end loop;
end;
$$;

create temporary table erin (id uuid) on commit drop;
insert into erin select tests.get_user_id('enrolled');
grant select on erin to authenticated, service_role;
select ok((select count(*) from tests.rows_referring_to((select id from erin))) >= 15,
  'before: the user''s rows are found across the schemas');

-- Who may call it
select tests.authenticate_with('enrolled', gen_random_uuid(), 'aal2');
select throws_ok(format('select * from public.delete_account(%L, auth.jwt())', (select id from erin)), '42501', null,
  'a client cannot delete accounts itself (only the account-delete function)');
select throws_ok(format('select public.account_export(%L)', (select id from erin)), '42501', null,
  'nor export them');

select tests.authenticate_as_service_role();
-- The second factor
select is(
  tests.error_of(format($$ select * from public.delete_account(%L, '{"aal": "aal1", "amr": [{"method": "password"}]}') $$,
    (select id from erin))),
  '{"code": "aal2_required", "status": 403}'::jsonb,
  'with a verified factor, an aal1 session cannot delete the account'
);

-- The last owner
select is(
  tests.error_of(format($$ select * from public.delete_account(%L, '{"aal": "aal1"}') $$, tests.get_user_id('owner'))),
  '{"code": "forbidden", "status": 403}'::jsonb,
  'the last owner of a school is refused'
);
select is(
  tests.error_details(format($$ select * from public.delete_account(%L, '{"aal": "aal1"}') $$, tests.get_user_id('owner'))),
  jsonb_build_object('schools', jsonb_build_array(jsonb_build_object('id', tests.school_id('alpine-academy'), 'name', 'Alpine Academy'))),
  'the refusal names the school'
);
select tests.clear_authentication();
select tests.add_verified_factor('other_owner');
select tests.authenticate_as_service_role();
select is(
  tests.error_of(format($$ select * from public.delete_account(%L, '{"aal": "aal1"}') $$, tests.get_user_id('other_owner'))),
  '{"code": "forbidden", "status": 403}'::jsonb,
  'a last owner hears that first, before being asked for a second factor'
);
select results_eq(
  format('select school_name from public.account_deletion_blockers(%L)', tests.get_user_id('owner')),
  array['Alpine Academy'],
  'account_deletion_blockers names the schools where the user is the last owner'
);

-- The export before deletion holds what the user owns.
select is(
  (select array[jsonb_array_length(x -> 'enrollments'), jsonb_array_length(x -> 'notes'), jsonb_array_length(x -> 'questions'),
    jsonb_array_length(x -> 'answers'), jsonb_array_length(x -> 'certificates'), jsonb_array_length(x -> 'school_memberships')]
   from public.account_export((select id from erin)) x),
  array[1, 1, 1, 1, 1, 1],
  'the export holds the user''s enrollments, notes, questions, answers, certificates and memberships'
);
select ok((select jsonb_array_length(x -> 'progress') >= 1 and jsonb_array_length(x -> 'activity') >= 1
   and x #>> '{user,email}' = 'enrolled@test.summit.local' and x #>> '{profile,display_name}' = 'Erin Enrolled'
   from public.account_export((select id from erin)) x),
  'and their progress, activity, email and profile');

-- A passkey sign-in counts as the second factor, and then the deletion goes through.
select results_eq(
  format($$ select bucket_id, name from public.delete_account(%L, '{"aal": "aal1", "amr": [{"method": "passkey"}]}') $$,
    (select id from erin)),
  format($$ values ('avatars'::text, %L::text), ('certificates', %L) $$,
    (select id from erin) || '/face.png', tests.course_id('alpine-basics') || '/ERNCRT2345.pdf'),
  'with a passkey the account is deleted, answering its avatar and certificate PDF to remove'
);

-- The function removes the answered objects through Storage before it commits; here, as Storage would.
select tests.clear_authentication();
set local storage.allow_delete_query = 'true';
delete from storage.objects
where (bucket_id, name) in (('avatars', (select id from erin) || '/face.png'),
                            ('certificates', tests.course_id('alpine-basics') || '/ERNCRT2345.pdf'));
select is_empty(
  format('select * from tests.rows_referring_to(%L)', (select id from erin)),
  'after: no row in public, private, auth or storage refers to the user'
);
select is((select count(*)::integer from auth.users where id = (select id from erin)), 0, 'the Auth user is gone');
select is((select count(*)::integer from public.school_invitations where email = 'enrolled@test.summit.local'), 0,
  'invitations addressed to them are gone');
select is(public.verify_certificate('ERNCRT2345') ->> 'code', 'certificate_not_found',
  'their certificate code now verifies as not found');
select ok((select count(*) = 1 from storage.objects where bucket_id = 'course-covers' and owner is null and owner_id is null),
  'the cover they uploaded stays the school''s, without their id');
select ok(exists (select 1 from public.access_codes where course_id = tests.course_id('beacon-basics') and created_by is null),
  'the access code they created stays, without their id');
select is((select removal_reason from public.enrollments where course_id = tests.course_id('beacon-basics')), 'Test',
  'the removal they made stays on the learner''s enrollment');
select is((select count(*)::integer from public.school_members where school_id = tests.school_id('beacon-school')), 1,
  'the school keeps its other members');
select ok(exists (select 1 from public.questions q where q.body = 'What does this mean?') = false,
  'their questions are gone');

-- A co-owner can go once another owner stays.
insert into public.school_members (school_id, user_id, role)
values (tests.school_id('alpine-academy'), tests.get_user_id('co_owner'), 'owner');
select tests.authenticate_as_service_role();
select lives_ok(format($$ select * from public.delete_account(%L, '{"aal": "aal1"}') $$, tests.get_user_id('owner')),
  'an owner without a factor, with another owner beside them, deletes their account at aal1');
select tests.clear_authentication();
select results_eq(
  format('select user_id, role::text from public.school_members where school_id = %L order by role', tests.school_id('alpine-academy')),
  format($$ values (%L::uuid, 'instructor'::text), (%L, 'owner') $$, tests.get_user_id('instructor'), tests.get_user_id('co_owner')),
  'the school keeps its other owner and members'
);
select is(
  tests.error_of(format($$ select * from public.delete_account(%L, '{}') $$, gen_random_uuid())),
  '{"code": "not_signed_in", "status": 401}'::jsonb,
  'an unknown user answers not_signed_in'
);

select * from finish();
rollback;
