-- add_learners answers, per address, whether an account exists (enrolled) or not (unknown, then invited). Anyone
-- can create a school and a course, so without a limit it would let anyone test thousands of addresses for an
-- account. Each caller may look up 1,000 distinct addresses per rolling 24 hours, counted in the database (it holds
-- across restarts and function instances); past that, rate_limited 429 with the seconds to wait. Looking the same
-- address up again within the day counts once (the add-learners function looks invited addresses up a second time
-- to enroll them). A class-sized import (100 per call, several calls) stays well inside it.

create table private.learner_address_lookups (
  user_id uuid not null references auth.users (id) on delete cascade,
  -- SHA-256 of the lowercased address: the counter needs identity, not the address itself.
  address_hash bytea not null,
  looked_up_at timestamptz not null default now(),
  primary key (user_id, address_hash)
);

comment on table private.learner_address_lookups is
  'Which addresses (hashed) each caller of add_learners looked up, and when: the 1,000 per 24 hours limit.';

-- add_learners as before (20261124133000), with the limit after the checks of the request.
create or replace function public.add_learners(course_id uuid, emails text[], cohort_id uuid default null)
returns table (email text, result text)
language plpgsql
volatile
-- Definer: finds accounts by email in auth.users, inserts enrollments and counts lookups, none of which clients
-- may; the caller must be a member of the course's school (checked first, so refusals count nothing).
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  address text;
  learner uuid;
  existing public.enrollments;
  caller uuid := auth.uid();
  wanted integer;
  recent integer;
  oldest timestamptz;
begin
  perform private.require_course_member(add_learners.course_id, 'add learners');
  perform private.raise_unless_valid(jsonb_strip_nulls(jsonb_build_object(
    'emails', case when coalesce(cardinality(add_learners.emails), 0) not between 1 and 100
      then 'Add from 1 to 100 email addresses at a time.' end,
    'cohort_id', case when add_learners.cohort_id is not null and not exists (
        select 1 from public.cohorts c where c.id = add_learners.cohort_id and c.course_id = add_learners.course_id
      ) then 'Choose a cohort of this course.' end
  )));

  -- The daily limit, counted per distinct address (an address looked up again within the day counts once). One
  -- caller's calls queue on the lock, so two at once cannot both pass the check.
  perform pg_advisory_xact_lock(hashtextextended('add_learners:' || caller::text, 0));
  delete from private.learner_address_lookups l
  where l.user_id = caller and l.looked_up_at <= now() - interval '24 hours';
  select count(*) into wanted
  from (select distinct pg_catalog.sha256(pg_catalog.convert_to(lower(btrim(x)), 'UTF8')) as h from unnest(add_learners.emails) as x) as asked
  where asked.h is not null and not exists (
    select 1 from private.learner_address_lookups l where l.user_id = caller and l.address_hash = asked.h
  );
  select count(*), min(l.looked_up_at) into recent, oldest
  from private.learner_address_lookups l where l.user_id = caller;
  if recent + wanted > 1000 then
    perform private.raise_api_error(
      'rate_limited',
      'You can add up to 1,000 email addresses a day. Try the rest later.',
      429,
      jsonb_build_object('retry_after_s', greatest(1, ceil(extract(epoch from oldest + interval '24 hours' - now())))::integer)
    );
  end if;
  insert into private.learner_address_lookups (user_id, address_hash)
  select distinct caller, pg_catalog.sha256(pg_catalog.convert_to(lower(btrim(x)), 'UTF8')) from unnest(add_learners.emails) as x
  where x is not null
  on conflict (user_id, address_hash) do nothing;

  for address in select distinct lower(btrim(x)) from unnest(add_learners.emails) as x loop
    -- The shape Auth accepts for sign-up; anything else cannot be an account.
    if address !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' or char_length(address) > 254 then
      email := address; result := 'invalid';
      return next;
      continue;
    end if;
    select u.id into learner from auth.users u where lower(u.email) = address;
    if learner is null then
      email := address; result := 'unknown';
      return next;
      continue;
    end if;
    insert into public.enrollments (course_id, user_id, cohort_id, source)
    values (add_learners.course_id, learner, add_learners.cohort_id, 'manual')
    on conflict (course_id, user_id) do nothing;
    if found then
      result := 'enrolled';
    else
      select * into existing from public.enrollments e where e.course_id = add_learners.course_id and e.user_id = learner;
      if existing.status = 'removed' then
        -- Adding a removed learner back is the instructor's way to reinstate them (their progress was kept).
        update public.enrollments e
        set status = case when e.completed_at is null then 'active' else 'completed' end::public.enrollment_status,
            cohort_id = coalesce(add_learners.cohort_id, e.cohort_id)
        where e.id = existing.id;
        result := 'enrolled';
      else
        result := 'already_enrolled';
      end if;
    end if;
    email := address;
    return next;
  end loop;
end;
$$;

comment on function public.add_learners(uuid, text[], uuid) is
  'Enrolls people by email in a course (members of its school; 1-100 addresses, optional cohort of the course): one row per distinct address (lowercased) with result enrolled (new, or a removed learner reinstated), already_enrolled, invalid, or unknown (no account: the add-learners function invites them). Source manual. At most 1,000 addresses per caller per 24 hours. Errors: not_signed_in 401, forbidden 403, validation_failed 422, rate_limited 429 (details.retry_after_s).';
