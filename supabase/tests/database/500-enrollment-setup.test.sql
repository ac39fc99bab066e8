-- ============================================================================================================
-- Test helpers for enrollment (cohorts, invite links, access codes, events), created once per test run like
-- 000-setup. The fixture builds on tests.create_course_fixture: alpine-basics gets the cohorts Spring (started
-- yesterday; 'enrolled' is in it) and Autumn (starts in 60 days; 'classmate' is in it), events for the course, each
-- cohort and beacon-basics, and invite links and access codes whose plaintext the tests know.
-- ============================================================================================================
begin;
select plan(1);

-- A known invite token: the label padded to the 43 base64url characters of a real token.
create or replace function tests.invite_token(label text)
returns text
language sql
immutable
set search_path = ''
as $$
  select rpad(label, 43, 'A');
$$;

create or replace function tests.cohort_id(cohort_name text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select id from public.cohorts where name = cohort_name;
$$;

create or replace function tests.event_id(event_title text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select id from public.events where title = event_title;
$$;

create or replace function tests.invite_id(label text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select id from public.course_invites where token_hash = private.invite_token_hash(tests.invite_token(label));
$$;

create or replace function tests.access_code_id(course_slug text, code text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select id from public.access_codes
  where code_hash = private.access_code_hash(tests.course_id(course_slug), code);
$$;

create or replace function tests.create_enrollment_fixture()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  basics uuid;
  beacon uuid;
  draft uuid;
  spring uuid;
  autumn uuid;
begin
  perform tests.create_course_fixture();
  perform tests.create_user('classmate', 'Carl Classmate');
  basics := tests.course_id('alpine-basics');
  beacon := tests.course_id('beacon-basics');
  draft := tests.course_id('alpine-draft');

  insert into public.cohorts (course_id, name, starts_at) values (basics, 'Spring', now() - interval '1 day')
  returning id into spring;
  insert into public.cohorts (course_id, name, starts_at) values (basics, 'Autumn', now() + interval '60 days')
  returning id into autumn;
  insert into public.cohorts (course_id, name, starts_at) values (beacon, 'Beacon cohort', now());

  update public.enrollments set cohort_id = spring where user_id = tests.get_user_id('enrolled');
  insert into public.enrollments (course_id, user_id, cohort_id, source)
  values (basics, tests.get_user_id('classmate'), autumn, 'open');

  insert into public.events (course_id, cohort_id, kind, title, starts_at, ends_at, join_url) values
    (basics, null, 'live', 'Kickoff', now() + interval '2 days', now() + interval '2 days 1 hour', 'https://meet.example.com/kickoff'),
    (basics, spring, 'deadline', 'Spring deadline', now() + interval '7 days', null, null),
    (basics, autumn, 'live', 'Autumn session', now() + interval '61 days', now() + interval '61 days 1 hour', 'https://meet.example.com/autumn'),
    (beacon, null, 'live', 'Beacon session', now() + interval '3 days', now() + interval '3 days 1 hour', null);

  insert into public.course_invites (course_id, cohort_id, token_hash, max_uses, uses, allowed_email_domains, expires_at, revoked_at, created_at, created_by)
  values
    (basics, null, private.invite_token_hash(tests.invite_token('single')), 1, 0, null, now() + interval '14 days', null, now(), tests.get_user_id('owner')),
    (basics, autumn, private.invite_token_hash(tests.invite_token('autumn')), 5, 0, null, now() + interval '14 days', null, now(), tests.get_user_id('owner')),
    (basics, null, private.invite_token_hash(tests.invite_token('expired')), 5, 0, null, now() - interval '1 day', null, now() - interval '15 days', tests.get_user_id('owner')),
    (basics, null, private.invite_token_hash(tests.invite_token('revoked')), 5, 0, null, now() + interval '14 days', now(), now(), tests.get_user_id('owner')),
    (basics, null, private.invite_token_hash(tests.invite_token('usedup')), 1, 1, null, now() + interval '14 days', null, now(), tests.get_user_id('owner')),
    (basics, null, private.invite_token_hash(tests.invite_token('elsewhere')), 5, 0, array['example.org'], now() + interval '14 days', null, now(), tests.get_user_id('owner')),
    (basics, null, private.invite_token_hash(tests.invite_token('domain')), 5, 0, array['example.org', 'test.summit.local'], now() + interval '14 days', null, now(), tests.get_user_id('owner')),
    (draft, null, private.invite_token_hash(tests.invite_token('draft')), 5, 0, null, now() + interval '14 days', null, now(), tests.get_user_id('owner')),
    (beacon, null, private.invite_token_hash(tests.invite_token('beacon')), 5, 0, null, now() + interval '14 days', null, now(), tests.get_user_id('other_owner'));

  insert into public.access_codes (course_id, cohort_id, code_hash, max_uses, uses, expires_at, revoked_at, created_at, created_by)
  values
    (basics, spring, private.access_code_hash(basics, 'ABCDEFGH'), null, 0, null, null, now(), tests.get_user_id('owner')),
    (basics, null, private.access_code_hash(basics, 'EXPRDXX2'), null, 0, now() - interval '1 day', null, now() - interval '2 days', tests.get_user_id('owner')),
    (basics, null, private.access_code_hash(basics, 'RVKDCDE3'), null, 0, null, now(), now(), tests.get_user_id('owner')),
    (basics, null, private.access_code_hash(basics, 'ZZZZZZZ9'), 1, 1, null, null, now(), tests.get_user_id('owner')),
    (basics, null, private.access_code_hash(basics, 'TWXCE234'), 1, 0, null, null, now(), tests.get_user_id('owner')),
    (beacon, null, private.access_code_hash(beacon, 'BEACN234'), null, 0, null, null, now(), tests.get_user_id('other_owner'));
end;
$$;

grant execute on all functions in schema tests to anon, authenticated, service_role;

select has_function('tests', 'create_enrollment_fixture', 'enrollment test helpers are installed');

select * from finish();
commit;
