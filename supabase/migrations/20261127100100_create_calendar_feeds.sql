-- ============================================================================================================
-- Calendar feeds (PRODUCT.md §3 calendar_feeds, §7 calendar-feed): a private iCal subscription URL per learner. The
-- token is 32 random bytes shown once when made; only its SHA-256 is kept. Making a new one (rotate) revokes the
-- old one; revoking leaves none. The calendar-feed edge function (service role) reads the feed's items with
-- calendar_feed(token): nothing for an unknown or revoked token, alike.
-- ============================================================================================================

create table public.calendar_feeds (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  token_hash bytea not null unique,
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  constraint calendar_feeds_token_hash_length check (octet_length(token_hash) = 32),
  constraint calendar_feeds_revoked_after_created check (revoked_at is null or revoked_at >= created_at)
);

comment on table public.calendar_feeds is
  'Private iCal feed tokens (SHA-256 only). At most one live (not revoked) per user.';

create unique index calendar_feeds_one_live_per_user_idx on public.calendar_feeds (user_id) where revoked_at is null;

alter table public.calendar_feeds enable row level security;

-- Learners read their own feeds (never the hash); the calls below make and revoke them.
revoke all on public.calendar_feeds from anon, authenticated;
grant select (id, user_id, created_at, revoked_at) on public.calendar_feeds to authenticated;

create policy calendar_feeds_select_own on public.calendar_feeds
  for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy calendar_feeds_select_own on public.calendar_feeds is 'A learner reads their own feeds.';


create function public.rotate_calendar_feed()
returns jsonb
language plpgsql
volatile
-- Definer: only the database writes feed rows, so a token always comes from its random source and is kept hashed.
security definer
set search_path = ''
as $$
declare
  viewer uuid := (select auth.uid());
  token text;
  made public.calendar_feeds;
begin
  if viewer is null then
    perform private.raise_api_error('not_signed_in', 'Sign in to subscribe to your calendar.', 401);
  end if;
  -- One rotation at a time per user.
  perform 1 from public.profiles p where p.id = viewer for update;
  update public.calendar_feeds set revoked_at = now() where user_id = viewer and revoked_at is null;
  token := translate(rtrim(encode(extensions.gen_random_bytes(32), 'base64'), '='), '+/', '-_');
  insert into public.calendar_feeds (user_id, token_hash)
  values (viewer, pg_catalog.sha256(pg_catalog.convert_to(token, 'UTF8')))
  returning * into made;
  return jsonb_build_object('id', made.id, 'token', token, 'created_at', made.created_at);
end;
$$;

comment on function public.rotate_calendar_feed() is
  'Makes the caller a new feed token (shown only in this answer: {id, token, created_at}) and revokes the one they had. Errors: not_signed_in 401.';

revoke execute on function public.rotate_calendar_feed() from public, anon;
grant execute on function public.rotate_calendar_feed() to authenticated;


create function public.revoke_calendar_feed()
returns void
language plpgsql
volatile
-- Definer: feed rows have no client writes (see rotate_calendar_feed).
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    perform private.raise_api_error('not_signed_in', 'Sign in to manage your calendar subscription.', 401);
  end if;
  update public.calendar_feeds set revoked_at = now() where user_id = (select auth.uid()) and revoked_at is null;
end;
$$;

comment on function public.revoke_calendar_feed() is
  'Revokes the caller''s live feed token, if any: its URL answers 404 from then on. Errors: not_signed_in 401.';

revoke execute on function public.revoke_calendar_feed() from public, anon;
grant execute on function public.revoke_calendar_feed() to authenticated;


create function public.calendar_feed(token text)
returns jsonb
language sql
stable
-- Definer, for the service role only: it reads one learner's items by the feed token, applying what the policies
-- of study_sessions and events would grant that learner (own sessions; events of courses they are enrolled in, for
-- everyone or their cohort; events of their school's courses).
security definer
set search_path = ''
as $$
  with feed as (
    select f.user_id
    from public.calendar_feeds f
    where f.token_hash = pg_catalog.sha256(pg_catalog.convert_to(coalesce(token, ''), 'UTF8'))
      and f.revoked_at is null
  ),
  items as (
    select s.id, 'study'::text as kind, 'Study: ' || c.title as title, c.title as course_title, c.slug as course_slug,
      s.starts_at, s.ends_at, null::text as join_url, s.created_at as updated_at
    from feed
    join public.study_sessions s on s.user_id = feed.user_id
    join public.courses c on c.id = s.course_id
    where s.starts_at > now() - interval '60 days' and s.starts_at < now() + interval '400 days'
    union all
    select e.id, e.kind::text, e.title, c.title, c.slug, e.starts_at, e.ends_at, e.join_url, e.updated_at
    from feed
    join public.events e on true
    join public.courses c on c.id = e.course_id
    where e.starts_at > now() - interval '60 days' and e.starts_at < now() + interval '400 days'
      and (
        exists (
          select 1 from public.enrollments en
          where en.course_id = e.course_id and en.user_id = feed.user_id and en.status in ('active', 'completed')
            and (e.cohort_id is null or en.cohort_id = e.cohort_id)
        )
        or exists (
          select 1 from public.school_members m where m.school_id = c.school_id and m.user_id = feed.user_id
        )
      )
  )
  select jsonb_build_object(
    'time_zone', (select p.timezone from public.profiles p where p.id = feed.user_id),
    'items', coalesce(
      (select jsonb_agg(to_jsonb(i) order by i.starts_at, i.id) from (select * from items limit 2000) i),
      '[]'::jsonb
    )
  )
  from feed;
$$;

comment on function public.calendar_feed(text) is
  'For the calendar-feed function (service role): {time_zone, items} of the learner whose live feed token this is, 60 days back to 400 days ahead (at most 2,000 items); null for an unknown or revoked token.';

revoke execute on function public.calendar_feed(text) from public, anon, authenticated;
grant execute on function public.calendar_feed(text) to service_role;
