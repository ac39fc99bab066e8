-- ============================================================================================================
-- Test helpers for certificates, created once per test run like 000-setup (whose course fixture they extend):
-- alpine-certified (school A, published, free order, certificates on) with the text lessons 'Cert one' and
-- 'Cert two'; 'enrolled' and 'classmate' are active learners of it. tests.complete_as ticks a lesson as a learner.
-- ============================================================================================================
begin;
select plan(1);

create or replace function tests.create_certificate_fixture()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  certified uuid;
  section uuid;
begin
  perform tests.create_course_fixture();
  perform tests.create_user('classmate', 'Carl Classmate');
  insert into public.courses (school_id, slug, title, status, published_at, certificate_enabled)
  values (tests.school_id('alpine-academy'), 'alpine-certified', 'Alpine Certified', 'published', now(), true)
  returning id into certified;
  insert into public.course_sections (course_id, position, title) values (certified, 1, 'Certified section')
  returning id into section;
  insert into public.lessons (course_id, section_id, position, title, kind, duration_s, is_preview, completion_rule)
  values (certified, section, 1, 'Cert one', 'text', 600, false, 'manual'),
         (certified, section, 2, 'Cert two', 'text', 300, false, 'manual');
  insert into public.lesson_contents (lesson_id, course_id, body_md)
  select id, course_id, 'Content of ' || title from public.lessons where course_id = certified;
  insert into public.enrollments (course_id, user_id, source)
  values (certified, tests.get_user_id('enrolled'), 'open'), (certified, tests.get_user_id('classmate'), 'open');
end;
$$;

-- Ticks (or unticks) a lesson as the learner does, through save_progress; back to the superuser afterwards.
-- Invoker: the role can only be switched outside definer functions.
create or replace function tests.complete_as(identifier text, lesson_title text, done boolean default true)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  answer jsonb;
begin
  perform tests.authenticate_as(identifier);
  answer := public.save_progress(tests.lesson_id(lesson_title), 0, 0, done);
  perform tests.clear_authentication();
  return answer;
end;
$$;

-- A learner's certificates as the database holds them (whatever the caller may read).
create or replace function tests.certificates_of(identifier text)
returns setof public.certificates
language sql
stable
security definer
set search_path = ''
as $$
  select * from public.certificates where user_id = tests.get_user_id(identifier) order by issued_at;
$$;

grant execute on all functions in schema tests to anon, authenticated, service_role;

select pass('certificate test helpers created');
select * from finish();
commit;
