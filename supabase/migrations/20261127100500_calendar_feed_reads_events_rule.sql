-- ============================================================================================================
-- calendar_feed(token) (20261127100100) decided which events a learner's feed shows with its own copy of the events'
-- read rule. It now asks the rule itself: the helpers of events_select_authenticated (is_course_member, is_enrolled,
-- is_cohort_learner), which read auth.uid(), with the feed's learner standing in the call's claims. One rule, so a
-- change to who may read an event reaches the feed too. Same answer, same grants.
-- ============================================================================================================

create or replace function public.calendar_feed(token text)
returns jsonb
language plpgsql
volatile
-- Definer, for the service role only: it reads one learner's items by the feed token. Which events the learner may
-- read is decided by the events' own read rule (events_select_authenticated's helpers, which ask auth.uid()), so
-- the learner's id stands in the call's claims for the rest of this read-only transaction.
security definer
set search_path = ''
as $$
declare
  learner uuid;
begin
  select f.user_id into learner
  from public.calendar_feeds f
  where f.token_hash = pg_catalog.sha256(pg_catalog.convert_to(coalesce(token, ''), 'UTF8'))
    and f.revoked_at is null;
  if learner is null then
    return null;
  end if;
  perform set_config('request.jwt.claim.sub', learner::text, true);
  perform set_config('request.jwt.claims', jsonb_build_object('sub', learner, 'role', 'authenticated')::text, true);

  return (
    with items as (
      select s.id, 'study'::text as kind, 'Study: ' || c.title as title, c.title as course_title,
        c.slug as course_slug, s.starts_at, s.ends_at, null::text as join_url, s.created_at as updated_at
      from public.study_sessions s
      join public.courses c on c.id = s.course_id
      where s.user_id = learner
        and s.starts_at > now() - interval '60 days' and s.starts_at < now() + interval '400 days'
      union all
      select e.id, e.kind::text, e.title, c.title, c.slug, e.starts_at, e.ends_at, e.join_url, e.updated_at
      from public.events e
      join public.courses c on c.id = e.course_id
      where e.starts_at > now() - interval '60 days' and e.starts_at < now() + interval '400 days'
        and (
          private.is_course_member(e.course_id)
          or (private.is_enrolled(e.course_id) and (e.cohort_id is null or private.is_cohort_learner(e.cohort_id)))
        )
    )
    select jsonb_build_object(
      'time_zone', (select p.timezone from public.profiles p where p.id = learner),
      'items', coalesce(
        (select jsonb_agg(to_jsonb(i) order by i.starts_at, i.id) from (select * from items limit 2000) i),
        '[]'::jsonb
      )
    )
  );
end;
$$;

revoke execute on function public.calendar_feed(text) from public, anon, authenticated;
grant execute on function public.calendar_feed(text) to service_role;
