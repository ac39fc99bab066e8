-- ============================================================================================================
-- Test helpers, created once per test run (pg_prove runs files in name order; `supabase db reset` drops the
-- `tests` schema again). Users are inserted into auth.users the way Supabase seed files do, and requests are
-- imitated the way PostgREST makes them: `role` and `request.jwt.claims` set for the transaction.
-- ============================================================================================================
begin;
select plan(1);

create schema if not exists tests;
grant usage on schema tests to anon, authenticated, service_role;

-- A named test user: tests.create_user('learner') makes learner@test.summit.local.
create or replace function tests.create_user(identifier text, display_name text default null)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  user_id uuid := gen_random_uuid();
  user_email text := identifier || '@test.summit.local';
begin
  insert into auth.users (
    instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
    raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
    confirmation_token, recovery_token, email_change_token_new, email_change
  ) values (
    '00000000-0000-0000-0000-000000000000', user_id, 'authenticated', 'authenticated', user_email,
    extensions.crypt('password123', extensions.gen_salt('bf', 4)), now(),
    '{"provider": "email", "providers": ["email"]}',
    jsonb_build_object('display_name', coalesce(display_name, identifier)),
    now(), now(), '', '', '', ''
  );
  insert into auth.identities (user_id, provider_id, provider, identity_data, last_sign_in_at, created_at, updated_at)
  values (
    user_id, user_id::text, 'email',
    jsonb_build_object('sub', user_id::text, 'email', user_email, 'email_verified', true),
    now(), now(), now()
  );
  return user_id;
end;
$$;

create or replace function tests.get_user_id(identifier text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select id from auth.users where email = identifier || '@test.summit.local';
$$;

-- Several test users' ids in id order, for comparing with what a query returns.
create or replace function tests.user_ids(variadic identifiers text[])
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select id from auth.users
  where email in (select i || '@test.summit.local' from unnest(identifiers) as i)
  order by id;
$$;

-- Act as a signed-in user for the rest of the transaction. aal is 'aal1' (password) or 'aal2' (second factor).
create or replace function tests.authenticate_as(identifier text, aal text default 'aal1')
returns void
language plpgsql
set search_path = ''
as $$
declare
  user_id uuid := tests.get_user_id(identifier);
begin
  if user_id is null then
    raise exception 'tests.authenticate_as: no test user %', identifier;
  end if;
  perform set_config('role', 'authenticated', true);
  perform set_config('request.jwt.claims', jsonb_build_object(
    'sub', user_id, 'role', 'authenticated', 'aud', 'authenticated',
    'email', identifier || '@test.summit.local', 'aal', aal,
    'session_id', gen_random_uuid(), 'is_anonymous', false
  )::text, true);
end;
$$;

create or replace function tests.authenticate_as_anon()
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform set_config('role', 'anon', true);
  perform set_config('request.jwt.claims', '{"role": "anon"}', true);
end;
$$;

create or replace function tests.authenticate_as_service_role()
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform set_config('role', 'service_role', true);
  perform set_config('request.jwt.claims', '{"role": "service_role"}', true);
end;
$$;

-- Back to the test's own superuser session.
create or replace function tests.clear_authentication()
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform set_config('role', 'postgres', true);
  perform set_config('request.jwt.claims', '', true);
end;
$$;

-- Tests run where the demo data is loaded (supabase test db runs against the seeded local database), so a test
-- that counts what a role sees first removes the demo rows inside its own transaction; its rollback puts them back.
create or replace function tests.remove_demo_data()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  set local storage.allow_delete_query = 'true';
  delete from storage.objects;
  delete from public.schools;
  delete from auth.users;
end;
$$;

-- The cast of the permission tests: a learner with no school, school A (Alpine Academy) with an owner and an
-- instructor, and school B (Beacon School) whose owner is "the owner of another school".
create or replace function tests.create_school_fixture()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform tests.remove_demo_data();
  perform tests.create_user('learner', 'Lena Learner');
  perform tests.create_user('owner', 'Olga Owner');
  perform tests.create_user('instructor', 'Ivan Instructor');
  perform tests.create_user('other_owner', 'Otto Other');
  -- A trusted insert records no creator: the owners are added as members, as the seed does.
  insert into public.schools (slug, name)
  values ('alpine-academy', 'Alpine Academy'), ('beacon-school', 'Beacon School');
  insert into public.school_members (school_id, user_id, role)
  values (tests.school_id('alpine-academy'), tests.get_user_id('owner'), 'owner'),
         (tests.school_id('beacon-school'), tests.get_user_id('other_owner'), 'owner'),
         (tests.school_id('alpine-academy'), tests.get_user_id('instructor'), 'instructor');
end;
$$;

create or replace function tests.school_id(school_slug text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select id from public.schools where slug = school_slug;
$$;

-- The course cast on top of the school fixture: 'enrolled' is an active learner of alpine-basics, 'learner' is
-- enrolled nowhere. alpine-basics (school A) is published and sequential: section 1 holds 'Welcome' (a preview)
-- and 'First steps'; section 2 opens in 30 days and holds 'Deep dive'. alpine-draft (school A) is a draft with a
-- preview lesson 'Draft lesson'; beacon-basics (school B) is published with 'Beacon lesson'. Every lesson has content.
-- None issues certificates (new courses do by default; these three were written to test courses without them).
create or replace function tests.create_course_fixture()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  basics uuid;
  draft uuid;
  beacon uuid;
  s1 uuid;
  s2 uuid;
  sd uuid;
  sb uuid;
begin
  perform tests.create_school_fixture();
  perform tests.create_user('enrolled', 'Erin Enrolled');
  insert into public.courses (school_id, slug, title, status, progression, published_at, certificate_enabled)
  values (tests.school_id('alpine-academy'), 'alpine-basics', 'Alpine Basics', 'published', 'sequential', now(), false)
  returning id into basics;
  insert into public.courses (school_id, slug, title, certificate_enabled)
  values (tests.school_id('alpine-academy'), 'alpine-draft', 'Alpine Draft', false)
  returning id into draft;
  insert into public.courses (school_id, slug, title, status, published_at, certificate_enabled)
  values (tests.school_id('beacon-school'), 'beacon-basics', 'Beacon Basics', 'published', now(), false)
  returning id into beacon;

  insert into public.course_sections (course_id, position, title) values (basics, 1, 'Getting started') returning id into s1;
  insert into public.course_sections (course_id, position, title, release_at)
  values (basics, 2, 'Going further', now() + interval '30 days') returning id into s2;
  insert into public.course_sections (course_id, position, title) values (draft, 1, 'Draft section') returning id into sd;
  insert into public.course_sections (course_id, position, title) values (beacon, 1, 'Beacon section') returning id into sb;

  insert into public.lessons (course_id, section_id, position, title, kind, duration_s, is_preview, completion_rule)
  values (basics, s1, 1, 'Welcome', 'video', 120, true, 'video'),
         (basics, s1, 2, 'First steps', 'text', 300, false, 'manual'),
         (basics, s2, 1, 'Deep dive', 'video', 600, false, 'video'),
         (draft, sd, 1, 'Draft lesson', 'text', 60, true, 'manual'),
         (beacon, sb, 1, 'Beacon lesson', 'text', 60, false, 'manual');

  insert into public.lesson_contents (lesson_id, course_id, body_md)
  select id, course_id, 'Content of ' || title from public.lessons where course_id in (basics, draft, beacon);

  insert into public.enrollments (course_id, user_id, source) values (basics, tests.get_user_id('enrolled'), 'open');
end;
$$;

create or replace function tests.course_id(course_slug text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select id from public.courses where slug = course_slug;
$$;

create or replace function tests.lesson_id(lesson_title text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select id from public.lessons where title = lesson_title;
$$;

create or replace function tests.section_id(section_title text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select id from public.course_sections where title = section_title;
$$;

grant execute on all functions in schema tests to anon, authenticated, service_role;

select has_function('tests', 'authenticate_as', array['text', 'text'], 'test helpers are installed');

select * from finish();
commit;
