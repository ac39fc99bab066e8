-- Every destructive act of PRODUCT.md §1 (delete a course, archive a published course with learners, remove a
-- learner, revoke a certificate, remove a school member; and deleting a school) at three kinds of session:
-- refused at aal1 (password only), done at aal2 (TOTP or WebAuthn verified) and done after a passkey sign-in
-- (aal1 with amr method passkey: "a passkey counts as aal2"). Each allowed act is undone before the next session
-- tries it, so the three see the same data.
begin;
select plan(36);

select tests.create_course_fixture();

-- The course alpine-basics (published, 'enrolled' is its learner) gets a certificate to revoke.
insert into public.certificates (code, user_id, course_id, snapshot)
values ('ABCDEFGHJK', tests.get_user_id('enrolled'), tests.course_id('alpine-basics'), '{"learner_name": "Erin"}');
-- A school of the owner's without courses, to delete.
insert into public.schools (slug, name) values ('spare-school', 'Spare School');
insert into public.school_members (school_id, user_id, role) values (tests.school_id('spare-school'), tests.get_user_id('owner'), 'owner');

-- Runs a statement that answers one value and undoes it: {"done": value} when it succeeded, the API error as
-- tests.error_of gives it otherwise.
create function tests.try_undone(statement text)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  answer text;
  message text;
begin
  begin
    execute statement into answer;
    raise exception using errcode = 'U0001', message = coalesce(answer, 'null');
  exception when sqlstate 'U0001' then
    get stacked diagnostics message = message_text;
    return jsonb_build_object('done', message);
  end;
exception when others then
  return tests.error_of(statement);
end;
$$;
grant execute on function tests.try_undone(text) to authenticated;

create temporary table acts (position integer, name text, statement text) on commit drop;
grant select on acts to authenticated;
insert into acts values
  (1, 'delete a course', format(
    $$ with d as (delete from public.courses where id = %L returning 1) select count(*) from d $$,
    tests.course_id('alpine-draft'))),
  (2, 'archive a published course with learners', format(
    $$ with u as (update public.courses set status = 'archived' where id = %L returning 1) select count(*) from u $$,
    tests.course_id('alpine-basics'))),
  (3, 'remove a learner (remove_learner)', format(
    $$ select public.remove_learner(%L, 'Left the programme') ->> 'status' $$,
    (select id from public.enrollments where user_id = tests.get_user_id('enrolled')))),
  (4, 'remove a learner (enrollment update)', format(
    $$ with u as (update public.enrollments set status = 'removed' where id = %L returning 1) select count(*) from u $$,
    (select id from public.enrollments where user_id = tests.get_user_id('enrolled')))),
  (5, 'revoke a certificate', format(
    $$ select public.revoke_certificate(%L, 'Issued by mistake') is not null $$,
    (select id from public.certificates where code = 'ABCDEFGHJK'))),
  (6, 'remove a school member (remove_school_member)', format(
    $$ select 'removed' from public.remove_school_member(%L, %L) as r $$,
    tests.school_id('alpine-academy'), tests.get_user_id('instructor'))),
  (7, 'remove a school member (delete)', format(
    $$ with d as (delete from public.school_members where school_id = %L and user_id = %L returning 1)
       select count(*) from d $$,
    tests.school_id('alpine-academy'), tests.get_user_id('instructor'))),
  (8, 'delete a school', format(
    $$ with d as (delete from public.schools where id = %L returning 1) select count(*) from d $$,
    tests.school_id('spare-school')));

-- What each act answers when done (rows changed, or the call's answer).
create temporary table done_answers (position integer, answer jsonb) on commit drop;
grant select on done_answers to authenticated;
insert into done_answers values
  (1, '{"done": "1"}'), (2, '{"done": "1"}'), (3, '{"done": "removed"}'), (4, '{"done": "1"}'),
  (5, '{"done": "true"}'), (6, '{"done": "removed"}'), (7, '{"done": "1"}'), (8, '{"done": "1"}');

-- aal1: refused. The acts behind a guard say aal2_required (the enrollment update too, from its status guard);
-- deleting a school is hidden by its policy (no row).
select tests.authenticate_with('owner', gen_random_uuid(), 'aal1');
select is(
  tests.try_undone(a.statement),
  case a.position when 8 then '{"done": "0"}'::jsonb else '{"code": "aal2_required", "status": 403}'::jsonb end,
  a.name || ': refused at aal1'
) from acts a order by a.position;

-- The refusals changed nothing.
select tests.clear_authentication();
select ok(exists (select 1 from public.courses where id = tests.course_id('alpine-draft')), 'the course is still there');
select is((select status::text from public.courses where id = tests.course_id('alpine-basics')), 'published',
  'the course is still published');
select is((select status::text from public.enrollments where user_id = tests.get_user_id('enrolled')), 'active',
  'the learner is still enrolled');
select is((select revoked_at from public.certificates where code = 'ABCDEFGHJK'), null, 'the certificate is still valid');
select ok(exists (select 1 from public.school_members where user_id = tests.get_user_id('instructor')),
  'the instructor is still a member');
select ok(exists (select 1 from public.schools where id = tests.school_id('spare-school')), 'the school is still there');

-- aal2 (TOTP or WebAuthn verified): done.
select tests.authenticate_with('owner', gen_random_uuid(), 'aal2', '[{"method": "password"}, {"method": "totp"}]');
select is(tests.try_undone(a.statement), d.answer, a.name || ': done at aal2')
from acts a join done_answers d using (position) order by a.position;

-- A passkey sign-in (aal1, amr passkey): done too.
select tests.authenticate_with_passkey('owner');
select is(tests.try_undone(a.statement), d.answer, a.name || ': done with a passkey')
from acts a join done_answers d using (position) order by a.position;

-- An amr that only mentions other methods, or is malformed, does not count.
select tests.authenticate_with('owner', gen_random_uuid(), 'aal1', '[{"method": "otp"}, {"method": "oauth"}]');
select is(tests.try_undone(a.statement), '{"code": "aal2_required", "status": 403}'::jsonb,
  a.name || ': refused with other sign-in methods')
from acts a where a.position in (1, 3, 5, 6) order by a.position;
select tests.authenticate_with('owner', gen_random_uuid(), 'aal1', '"passkey"');
select is(tests.try_undone(a.statement), '{"code": "aal2_required", "status": 403}'::jsonb,
  a.name || ': refused with a malformed amr')
from acts a where a.position in (1, 3) order by a.position;

select * from finish();
rollback;
