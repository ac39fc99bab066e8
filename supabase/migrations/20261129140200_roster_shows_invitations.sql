-- The roster (course_learners, 20261124133000) lists the course's pending invitations too (course_invitations,
-- 20261129140000): one row per invitation with its email and the status "invited", and no name, no account and no
-- progress, since the person has not said yes. A learner's name appears once they accept (their enrollment's row).
-- The status column becomes text (invited | active | completed | removed) and each row says which invitation or
-- which enrollment it is; everything else (checks, search, sorting, paging) is as before.

drop function public.course_learners(uuid, text, uuid, text, text, text, integer, integer);

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
  invitation_id uuid,
  user_id uuid,
  display_name text,
  email text,
  enrollment_cohort_id uuid,
  cohort_name text,
  source public.enrollment_source,
  enrollment_status text,
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
      and course_learners.status not in ('invited', 'active', 'completed', 'removed')
      then 'Choose invited, active, completed or removed.' end,
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
  enrolled as (
    select
      e.id, null::uuid as invitation_id, e.user_id, p.display_name, u.email::text as email, e.cohort_id,
      co.name as cohort_name, e.source, e.status::text as status, e.enrolled_at, e.last_activity_at, e.removed_at,
      e.removal_reason, coalesce(pr.done, 0) as done, lessons.total,
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
  ),
  invited as (
    -- Only what the staff typed themselves: the address, the cohort and when they sent it.
    select
      null::uuid as id, i.id as invitation_id, null::uuid as user_id, null::text as display_name, i.email,
      i.cohort_id, co.name as cohort_name, 'manual'::public.enrollment_source as source, 'invited'::text as status,
      -- enrolled_at carries when the invitation was sent, so new invitations sort with new learners.
      i.created_at as enrolled_at, null::timestamptz as last_activity_at, null::timestamptz as removed_at,
      null::text as removal_reason, 0 as done, lessons.total, 0 as percent, 0 as seconds
    from public.course_invitations i
    left join public.cohorts co on co.id = i.cohort_id
    cross join lessons
    where i.course_id = course_learners.course_id
      and (course_learners.cohort_id is null or i.cohort_id = course_learners.cohort_id)
      and (course_learners.status is null or course_learners.status = 'invited')
      and (needle is null or i.email ilike private.like_pattern(needle))
  ),
  roster as (
    select * from enrolled
    union all
    select * from invited
  )
  select
    r.id, r.invitation_id, r.user_id, r.display_name, r.email, r.cohort_id, r.cohort_name, r.source, r.status,
    r.enrolled_at, r.last_activity_at, r.removed_at, r.removal_reason, r.done, r.total, r.percent, r.seconds,
    (count(*) over ())::integer
  from roster r
  order by
    case when course_learners.direction = 'asc' then case course_learners.sort
      when 'name' then lower(r.display_name) when 'email' then lower(r.email) when 'cohort' then lower(r.cohort_name)
      when 'source' then r.source::text when 'status' then r.status end end asc nulls last,
    case when course_learners.direction = 'desc' then case course_learners.sort
      when 'name' then lower(r.display_name) when 'email' then lower(r.email) when 'cohort' then lower(r.cohort_name)
      when 'source' then r.source::text when 'status' then r.status end end desc nulls last,
    case when course_learners.direction = 'asc' then case course_learners.sort
      when 'enrolled_at' then r.enrolled_at when 'last_activity_at' then r.last_activity_at end end asc nulls last,
    case when course_learners.direction = 'desc' then case course_learners.sort
      when 'enrolled_at' then r.enrolled_at when 'last_activity_at' then r.last_activity_at end end desc nulls last,
    case when course_learners.direction = 'asc' and course_learners.sort = 'progress' then r.percent end asc,
    case when course_learners.direction = 'desc' and course_learners.sort = 'progress' then r.percent end desc,
    -- A stable order for equal keys, so paging neither repeats nor skips a row.
    coalesce(r.id, r.invitation_id)
  limit course_learners.page_size
  offset (course_learners.page - 1)::bigint * course_learners.page_size;
end;
$$;

comment on function public.course_learners(uuid, text, uuid, text, text, text, integer, integer) is
  'The learners page''s roster (members of the course''s school): one page of enrollments and pending invitations, searched in name and email (literally; invitations by email only), filtered by cohort and status (invited|active|completed|removed), sorted by name|email|cohort|source|enrolled_at|last_activity_at|progress|status asc|desc, page_size 1-500. An enrollment''s row has enrollment_id, user_id and display_name; an invitation''s has invitation_id, the email, status invited and the time it was sent as enrolled_at, and no name, account or progress. Each row carries lessons done of total, progress_percent, seconds_studied and total_count (rows matching the filters). Errors: not_signed_in 401, forbidden 403 (also for unknown courses), validation_failed 422.';

revoke all on function public.course_learners(uuid, text, uuid, text, text, text, integer, integer) from public;
grant execute on function public.course_learners(uuid, text, uuid, text, text, text, integer, integer) to anon, authenticated;
