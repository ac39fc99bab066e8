-- ============================================================================================================
-- Managing a course's learners (PRODUCT.md §2 /studio/courses/$courseId/learners, §4 enrollment transitions):
--   * course_learners(...) is the roster: one page of the course's enrollments with name, email, cohort, progress
--     and time studied, filtered, searched and sorted in the database, with the total count on every row;
--   * remove_learner(enrollment_id, reason) ends a learner's access (aal2, a reason); their progress is kept. Every
--     content, media and progress policy asks private.is_enrolled / lesson_availability, which only count active and
--     completed enrollments, so the removal takes effect on the learner's next request, and Realtime (which checks
--     each change against the subscriber's policies) stops delivering the course to them;
--   * move_learner_to_cohort(enrollment_id, cohort_id) moves a learner to a cohort of the same course, or out of
--     any cohort;
--   * add_learners(course_id, emails, cohort_id) enrolls people who have an account (source manual) and names the
--     addresses without one, which the add-learners edge function invites through Auth and then enrolls here.
-- enrollments joins the supabase_realtime publication so the learner's open player hears of its removal at once.
-- ============================================================================================================

alter table public.enrollments
  add column removed_at timestamptz,
  add column removed_by uuid references public.profiles (id) on delete set null,
  add column removal_reason text,
  add constraint enrollments_removal_reason_length check (removal_reason is null or char_length(removal_reason) <= 500);

comment on column public.enrollments.removed_at is 'When the learner was removed; null unless status is removed.';
comment on column public.enrollments.removed_by is 'The instructor who removed the learner.';
comment on column public.enrollments.removal_reason is 'Why the learner was removed (instructors only see it), at most 500 characters.';

create index enrollments_removed_by_idx on public.enrollments (removed_by);

create function private.stamp_enrollment_removal()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- Whichever path removes a learner (remove_learner, or the status update the policy allows), the row says
  -- when and by whom; a reinstated learner carries no removal.
  if new.status = 'removed' and old.status <> 'removed' then
    new.removed_at := now();
    new.removed_by := (select auth.uid());
  elsif new.status <> 'removed' then
    new.removed_at := null;
    new.removed_by := null;
    new.removal_reason := null;
  end if;
  return new;
end;
$$;

comment on function private.stamp_enrollment_removal() is
  'Trigger: stamps removed_at and removed_by when an enrollment becomes removed, clears the removal when it is reinstated.';

create trigger enrollments_stamp_removal
  before update of status on public.enrollments
  for each row execute function private.stamp_enrollment_removal();

-- The learner's open player subscribes to its own enrollment (delivered under enrollments_select_authenticated).
alter publication supabase_realtime add table public.enrollments;

-- ------------------------------------------------------------------------------------------------------------
-- The roster
-- ------------------------------------------------------------------------------------------------------------

create function private.like_pattern(search text)
returns text
language sql
immutable
set search_path = ''
as $$
  -- What people type is matched literally: \, % and _ lose their LIKE meaning (the default escape is \).
  select '%' || replace(replace(replace(search, '\', '\\'), '%', '\%'), '_', '\_') || '%';
$$;

comment on function private.like_pattern(text) is 'An ILIKE pattern that finds the text anywhere, with its wildcards escaped.';

create function public.course_learners(
  course_id uuid,
  search text default null,
  cohort_id uuid default null,
  status text default null,
  sort text default 'enrolled_at',
  direction text default 'desc',
  page_size integer default 25,
  page integer default 1
)
returns table (
  enrollment_id uuid,
  user_id uuid,
  display_name text,
  email text,
  enrollment_cohort_id uuid,
  cohort_name text,
  source public.enrollment_source,
  enrollment_status public.enrollment_status,
  enrolled_at timestamptz,
  last_activity_at timestamptz,
  removed_at timestamptz,
  removal_reason text,
  lessons_done integer,
  lessons_total integer,
  progress_percent integer,
  seconds_studied integer,
  total_count integer
)
language plpgsql
stable
-- Definer: learners' emails live in auth.users, and their profiles are not readable by the course's instructors
-- (they share no school); the check below limits the answer to members of the course's school.
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  needle text := nullif(btrim(course_learners.search), '');
  fields jsonb;
begin
  perform private.require_course_member(course_learners.course_id, 'see its learners');

  fields := jsonb_strip_nulls(jsonb_build_object(
    'search', case when char_length(needle) > 200 then 'Search for at most 200 characters.' end,
    'status', case when course_learners.status is not null
      and course_learners.status not in ('active', 'completed', 'removed') then 'Choose active, completed or removed.' end,
    'sort', case when course_learners.sort not in (
      'name', 'email', 'cohort', 'source', 'enrolled_at', 'last_activity_at', 'progress', 'status'
    ) then 'Sort by name, email, cohort, source, enrolled_at, last_activity_at, progress or status.' end,
    'direction', case when course_learners.direction not in ('asc', 'desc') then 'Choose asc or desc.' end,
    'page_size', case when course_learners.page_size not between 1 and 500 then 'Ask for 1 to 500 rows.' end,
    'page', case when course_learners.page < 1 then 'Pages start at 1.' end
  ));
  perform private.raise_unless_valid(fields);

  return query
  with lessons as (
    select count(*)::integer as total from public.lessons l where l.course_id = course_learners.course_id
  ),
  roster as (
    select
      e.id, e.user_id, p.display_name, u.email::text as email, e.cohort_id, co.name as cohort_name, e.source,
      e.status, e.enrolled_at, e.last_activity_at, e.removed_at, e.removal_reason,
      coalesce(pr.done, 0) as done, lessons.total,
      case when lessons.total = 0 then 0 else floor(100.0 * coalesce(pr.done, 0) / lessons.total)::integer end as percent,
      coalesce(pr.seconds, 0) as seconds
    from public.enrollments e
    join public.profiles p on p.id = e.user_id
    join auth.users u on u.id = e.user_id
    left join public.cohorts co on co.id = e.cohort_id
    cross join lessons
    left join lateral (
      select
        (count(*) filter (where lp.status = 'completed'))::integer as done,
        least(coalesce(sum(lp.watched_s), 0), 2147483647)::integer as seconds
      from public.lesson_progress lp
      where lp.user_id = e.user_id and lp.course_id = e.course_id
    ) pr on true
    where e.course_id = course_learners.course_id
      and (course_learners.cohort_id is null or e.cohort_id = course_learners.cohort_id)
      and (course_learners.status is null or e.status::text = course_learners.status)
      and (
        needle is null
        or p.display_name ilike private.like_pattern(needle)
        or u.email ilike private.like_pattern(needle)
      )
  )
  select
    r.id, r.user_id, r.display_name, r.email, r.cohort_id, r.cohort_name, r.source, r.status, r.enrolled_at,
    r.last_activity_at, r.removed_at, r.removal_reason, r.done, r.total, r.percent, r.seconds,
    (count(*) over ())::integer
  from roster r
  order by
    case when course_learners.direction = 'asc' then case course_learners.sort
      when 'name' then lower(r.display_name) when 'email' then lower(r.email) when 'cohort' then lower(r.cohort_name)
      when 'source' then r.source::text when 'status' then r.status::text end end asc nulls last,
    case when course_learners.direction = 'desc' then case course_learners.sort
      when 'name' then lower(r.display_name) when 'email' then lower(r.email) when 'cohort' then lower(r.cohort_name)
      when 'source' then r.source::text when 'status' then r.status::text end end desc nulls last,
    case when course_learners.direction = 'asc' then case course_learners.sort
      when 'enrolled_at' then r.enrolled_at when 'last_activity_at' then r.last_activity_at end end asc nulls last,
    case when course_learners.direction = 'desc' then case course_learners.sort
      when 'enrolled_at' then r.enrolled_at when 'last_activity_at' then r.last_activity_at end end desc nulls last,
    case when course_learners.direction = 'asc' and course_learners.sort = 'progress' then r.percent end asc,
    case when course_learners.direction = 'desc' and course_learners.sort = 'progress' then r.percent end desc,
    -- A stable order for equal keys, so paging neither repeats nor skips a learner.
    r.id
  limit course_learners.page_size
  offset (course_learners.page - 1)::bigint * course_learners.page_size;
end;
$$;

comment on function public.course_learners(uuid, text, uuid, text, text, text, integer, integer) is
  'The learners page''s roster (members of the course''s school): one page of enrollments, searched in name and email (literally), filtered by cohort and status (active|completed|removed), sorted by name|email|cohort|source|enrolled_at|last_activity_at|progress|status asc|desc, page_size 1-500; each row (enrollment_status, enrollment_cohort_id, cohort_name, ...) with lessons done of total, progress_percent, seconds_studied and total_count (rows matching the filters). Errors: not_signed_in 401, forbidden 403 (also for unknown courses), validation_failed 422.';

-- ------------------------------------------------------------------------------------------------------------
-- Removing a learner and moving one between cohorts
-- ------------------------------------------------------------------------------------------------------------

create function private.managed_enrollment(target uuid, action text)
returns public.enrollments
language plpgsql
stable
set search_path = ''
as $$
declare
  found_row public.enrollments;
begin
  if (select auth.uid()) is null then
    perform private.raise_api_error('not_signed_in', 'Sign in to ' || action || '.', 401);
  end if;
  select * into found_row from public.enrollments e where e.id = target;
  -- An unknown enrollment and another school's get the same answer, so ids reveal nothing.
  if found_row.id is null or not private.is_course_member(found_row.course_id) then
    perform private.raise_api_error('forbidden', 'Only the course''s instructors can ' || action || '.', 403);
  end if;
  return found_row;
end;
$$;

comment on function private.managed_enrollment(uuid, text) is
  'The enrollment an instructor acts on: raises not_signed_in (401) or forbidden (403: unknown, or not a member of its course''s school).';

create function private.enrollment_json(e public.enrollments)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', e.id, 'course_id', e.course_id, 'user_id', e.user_id, 'cohort_id', e.cohort_id, 'source', e.source,
    'status', e.status, 'enrolled_at', e.enrolled_at, 'removed_at', e.removed_at, 'removal_reason', e.removal_reason
  );
$$;

comment on function private.enrollment_json(public.enrollments) is 'An enrollment as the studio''s calls answer it.';

create function public.remove_learner(enrollment_id uuid, reason text)
returns jsonb
language plpgsql
volatile
-- Definer: clients may update an enrollment's status but not its removal columns; the reason is written here
-- after the same checks the update policy makes (member of the course's school, second factor).
security definer
set search_path = ''
as $$
declare
  target public.enrollments;
  why text := btrim(coalesce(remove_learner.reason, ''));
begin
  target := private.managed_enrollment(remove_learner.enrollment_id, 'remove learners');
  if not private.is_aal2() then
    perform private.raise_api_error(
      'aal2_required', 'Removing a learner needs a session verified with a second factor.', 403
    );
  end if;
  perform private.raise_unless_valid(jsonb_strip_nulls(jsonb_build_object('reason', case
    when why = '' then 'Say why the learner is removed.'
    when char_length(why) > 500 then 'Keep the reason to 500 characters.'
  end)));
  if target.status = 'removed' then
    return private.enrollment_json(target);
  end if;

  update public.enrollments e set status = 'removed', removal_reason = why where e.id = target.id returning * into target;
  return private.enrollment_json(target);
end;
$$;

comment on function public.remove_learner(uuid, text) is
  'Removes a learner from a course (members of its school, aal2): status removed with the reason (1-500 characters), progress kept, access to content, media and Realtime ended. Idempotent. Errors: not_signed_in 401, forbidden 403, aal2_required 403, validation_failed 422.';

create function public.move_learner_to_cohort(enrollment_id uuid, cohort_id uuid)
returns jsonb
language plpgsql
volatile
-- Invoker: the update runs under enrollments_update_member; the checks only turn refusals into errors.
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  target public.enrollments;
begin
  target := private.managed_enrollment(move_learner_to_cohort.enrollment_id, 'move learners between cohorts');
  if target.status = 'removed' then
    -- Changing a removed enrollment needs a second factor (enrollments_update_member); nobody needs to.
    perform private.raise_api_error(
      'validation_failed', 'Add the learner back before moving them to a cohort.', 422,
      jsonb_build_object('fields', jsonb_build_object('enrollment_id', 'Add the learner back before moving them to a cohort.'))
    );
  end if;
  if move_learner_to_cohort.cohort_id is not null and not exists (
    select 1 from public.cohorts c where c.id = move_learner_to_cohort.cohort_id and c.course_id = target.course_id
  ) then
    perform private.raise_api_error(
      'validation_failed', 'Choose a cohort of this course.', 422,
      jsonb_build_object('fields', jsonb_build_object('cohort_id', 'Choose a cohort of this course.'))
    );
  end if;
  update public.enrollments e set cohort_id = move_learner_to_cohort.cohort_id
  where e.id = target.id
  returning * into target;
  return private.enrollment_json(target);
end;
$$;

comment on function public.move_learner_to_cohort(uuid, uuid) is
  'Moves a learner to a cohort of the same course, or out of any cohort with null (members of its school). Errors: not_signed_in 401, forbidden 403, validation_failed 422 (cohort of another course, or a removed learner).';

-- ------------------------------------------------------------------------------------------------------------
-- Adding learners by email
-- ------------------------------------------------------------------------------------------------------------

create function public.add_learners(course_id uuid, emails text[], cohort_id uuid default null)
returns table (email text, result text)
language plpgsql
volatile
-- Definer: finds accounts by email in auth.users and inserts enrollments, neither of which clients may; the
-- caller must be a member of the course's school (checked first).
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  address text;
  learner uuid;
  existing public.enrollments;
begin
  perform private.require_course_member(add_learners.course_id, 'add learners');
  perform private.raise_unless_valid(jsonb_strip_nulls(jsonb_build_object(
    'emails', case when coalesce(cardinality(add_learners.emails), 0) not between 1 and 100
      then 'Add from 1 to 100 email addresses at a time.' end,
    'cohort_id', case when add_learners.cohort_id is not null and not exists (
        select 1 from public.cohorts c where c.id = add_learners.cohort_id and c.course_id = add_learners.course_id
      ) then 'Choose a cohort of this course.' end
  )));

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
  'Enrolls people by email in a course (members of its school; 1-100 addresses, optional cohort of the course): one row per distinct address (lowercased) with result enrolled (new, or a removed learner reinstated), already_enrolled, invalid, or unknown (no account: the add-learners function invites them). Source manual. Errors: not_signed_in 401, forbidden 403, validation_failed 422.';

-- ------------------------------------------------------------------------------------------------------------
-- Grants
-- ------------------------------------------------------------------------------------------------------------

revoke all on function public.course_learners(uuid, text, uuid, text, text, text, integer, integer) from public;
revoke all on function public.remove_learner(uuid, text) from public;
revoke all on function public.move_learner_to_cohort(uuid, uuid) from public;
revoke all on function public.add_learners(uuid, text[], uuid) from public;
grant execute on function public.course_learners(uuid, text, uuid, text, text, text, integer, integer) to anon, authenticated;
grant execute on function public.remove_learner(uuid, text) to anon, authenticated;
grant execute on function public.move_learner_to_cohort(uuid, uuid) to anon, authenticated;
grant execute on function public.add_learners(uuid, text[], uuid) to anon, authenticated;
-- Executed inside the definer and invoker calls above; the invoker one runs them as the caller.
grant execute on function private.managed_enrollment(uuid, text) to anon, authenticated;
grant execute on function private.enrollment_json(public.enrollments) to anon, authenticated;
