-- add_learners enrolled every address with an account at once and named the others "unknown": anyone who created
-- a school and a course could put other people into it without asking them, and learn from the answer who has an
-- account. Now it records an invitation per address (course_invitations, 20261129140000) that the learner accepts
-- or declines, and answers "invited" whether or not the address has an account. The only other answer for a valid
-- address is "already_enrolled" (an active or completed learner of this course, whom the staff see in the roster
-- anyway). The daily limit of 1,000 distinct addresses per caller (20261124135000) stays as it was.
--
-- The return type gains the invitation's id (the add-learners function puts it in the email's link) and
-- send_email: false when this caller already invited the address within the last 24 hours, so adding the same
-- people again, or cancelling and adding again, does not flood their inbox.

drop function public.add_learners(uuid, text[], uuid);

create function public.add_learners(course_id uuid, emails text[], cohort_id uuid default null)
returns table (email text, result text, invitation_id uuid, send_email boolean)
language plpgsql
volatile
-- Definer: writes invitations and counts lookups, which no client role may, and looks the address up in
-- auth.users to spot a learner already in the course; the caller must be a member of the course's school
-- (checked first, so refusals count nothing). The answer never says whether an address has an account.
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  address text;
  address_hash bytea;
  caller uuid := auth.uid();
  wanted integer;
  recent integer;
  oldest timestamptz;
  seen bytea[];
begin
  perform private.require_course_member(add_learners.course_id, 'add learners');
  perform private.raise_unless_valid(jsonb_strip_nulls(jsonb_build_object(
    'emails', case when coalesce(cardinality(add_learners.emails), 0) not between 1 and 100
      then 'Add from 1 to 100 email addresses at a time.' end,
    'cohort_id', case when add_learners.cohort_id is not null and not exists (
        select 1 from public.cohorts c where c.id = add_learners.cohort_id and c.course_id = add_learners.course_id
      ) then 'Choose a cohort of this course.' end
  )));

  -- The daily limit, counted per distinct address (an address added again within the day counts once). One
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
  -- The addresses this caller already added within the day get no second email.
  select coalesce(array_agg(l.address_hash), '{}') into seen
  from private.learner_address_lookups l where l.user_id = caller;
  insert into private.learner_address_lookups (user_id, address_hash)
  select distinct caller, pg_catalog.sha256(pg_catalog.convert_to(lower(btrim(x)), 'UTF8')) from unnest(add_learners.emails) as x
  where x is not null
  on conflict (user_id, address_hash) do nothing;

  for address in select distinct lower(btrim(x)) from unnest(add_learners.emails) as x where x is not null loop
    email := address;
    invitation_id := null;
    send_email := false;
    -- The shape Auth accepts for sign-up; anything else cannot be an account.
    if address !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' or char_length(address) > 254 then
      result := 'invalid';
      return next;
      continue;
    end if;
    address_hash := pg_catalog.sha256(pg_catalog.convert_to(address, 'UTF8'));
    if exists (
      select 1 from public.enrollments e join auth.users u on u.id = e.user_id
      where e.course_id = add_learners.course_id and lower(u.email) = address and e.status in ('active', 'completed')
    ) then
      result := 'already_enrolled';
      return next;
      continue;
    end if;

    -- Inviting again refreshes the invitation (and its cohort, when one is chosen).
    insert into public.course_invitations as i (course_id, email, cohort_id, invited_by)
    values (add_learners.course_id, address, add_learners.cohort_id, caller)
    on conflict on constraint course_invitations_course_email_key
    do update set cohort_id = coalesce(excluded.cohort_id, i.cohort_id), invited_by = excluded.invited_by, created_at = now()
    returning i.id into invitation_id;
    result := 'invited';
    send_email := not (address_hash = any (seen));
    return next;
  end loop;
end;
$$;

comment on function public.add_learners(uuid, text[], uuid) is
  'Invites people by email to a course (members of its school; 1-100 addresses, optional cohort of the course): one row per distinct address (lowercased) with result invited (a pending invitation, the same whether or not the address has an account; nobody is enrolled until they accept), already_enrolled (an active or completed learner of the course) or invalid, the invitation''s id, and send_email (false when the caller invited the address in the last 24 hours). At most 1,000 addresses per caller per 24 hours. Errors: not_signed_in 401, forbidden 403, validation_failed 422, rate_limited 429 (details.retry_after_s).';

revoke all on function public.add_learners(uuid, text[], uuid) from public;
grant execute on function public.add_learners(uuid, text[], uuid) to anon, authenticated;
