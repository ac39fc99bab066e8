-- ============================================================================================================
-- Reminders and the instructors' weekly digest, on the scheduler (PRODUCT.md §9):
--   * study_session — a learner's planned study session, 15 minutes before it starts;
--   * event / deadline — a live session or a deadline of a course the learner is active in (the whole course's,
--     or their cohort's), the day before (from 24 hours before its start);
--   * streak — a streak at risk: from 19:00 in the learner's time zone until their midnight, once a day, when
--     yesterday counted for the streak and today does not yet (daily_activity.counts_for_streak);
--   * digest — for each instructor of a course (course_instructors), Mondays from 08:00 in their time zone: at-risk
--     learners (active, no activity for 7 days), questions waiting for an instructor's answer and new enrollments
--     of the last 7 days, per course they teach; none when there is nothing to report.
--
-- private.reminders is the claim table: one row per user, reminder and subject (the session, the event, the local
-- day of the streak, the local Monday of the digest), unique, so a retry or two workers never send one twice. A
-- row is written when the reminder comes due; the app notification (the bell) is written with it when the user
-- takes that kind in the app, and the email is claimed by the send-reminders edge function when they take it by
-- email. Deleted users, removed enrollments and people who turned that kind's email off are skipped. A failed
-- send is handed back (release_reminder) and retried after 2^failures minutes, up to 8 times, while the reminder
-- still means something (before the session or event starts, before the local day ends).
--
-- The send-reminders job runs every minute (Supabase Cron) and, when something is due, asks the send-reminders
-- function through pg_net with the service role key from private.edge_function_settings, as retry-answer-emails
-- does (20261129180000).
-- ============================================================================================================

-- ------------------------------------------------------------------------------------------------------------
-- The claim table
-- ------------------------------------------------------------------------------------------------------------
create table private.reminders (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  reminder text not null,
  subject text not null,
  kind public.notification_kind not null,
  course_id uuid references public.courses (id) on delete cascade,
  payload jsonb not null,
  email boolean not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  claimed_at timestamptz,
  sent_at timestamptz,
  send_failures integer not null default 0,
  last_failed_at timestamptz,
  constraint reminders_once unique (user_id, reminder, subject),
  constraint reminders_reminder_known check (reminder in ('study_session', 'event', 'deadline', 'streak', 'digest')),
  constraint reminders_payload_object check (jsonb_typeof(payload) = 'object')
);

comment on table private.reminders is
  'Reminders and digests that came due, one per user, reminder and subject (unique: never sent twice); the email is claimed by the send-reminders function, retried with backoff after a failed send.';
comment on column private.reminders.reminder is 'study_session, event, deadline, streak or digest.';
comment on column private.reminders.subject is
  'What it is about: the study session''s or event''s id, the learner''s local day (streak), the instructor''s local Monday (digest).';
comment on column private.reminders.kind is 'The notification kind (and preference) it falls under.';
comment on column private.reminders.course_id is 'The course of a session or event reminder: its enrollment must still be active when the email is claimed.';
comment on column private.reminders.payload is 'What the email and the notification say, frozen when it came due.';
comment on column private.reminders.email is 'Whether it is emailed: the user took that kind by email when it came due (and still does when claimed).';
comment on column private.reminders.expires_at is 'When the reminder stops meaning anything (the start, the end of the local day): no send after it.';
comment on column private.reminders.claimed_at is 'When a sender claimed the email; cleared again by release_reminder after a failed send.';
comment on column private.reminders.sent_at is 'When the email was sent.';
comment on column private.reminders.send_failures is 'Failed sends so far; the next try waits 2^send_failures minutes from the last, up to 8.';

create index reminders_course_id_idx on private.reminders (course_id);
create index reminders_email_pending_idx on private.reminders (expires_at)
  where email and sent_at is null and claimed_at is null;

-- Private: no API role reads or writes it; the functions below (definers) do.
alter table private.reminders enable row level security;
revoke all on private.reminders from public, anon, authenticated, service_role;

-- What is due is looked up by start time every minute.
create index study_sessions_starts_at_idx on public.study_sessions (starts_at);
create index events_starts_at_idx on public.events (starts_at);
create index course_instructors_user_id_idx on public.course_instructors (user_id);

-- ------------------------------------------------------------------------------------------------------------
-- private.reminder_address(user): the address of a user who can still be written to (not deleted or banned).
-- ------------------------------------------------------------------------------------------------------------
create function private.reminder_address(target_user uuid)
returns text
language sql
stable
-- Definer: reads auth.users.
security definer
set search_path = ''
as $$
  select u.email
  from auth.users u
  join public.profiles p on p.id = u.id
  where u.id = target_user
    and u.deleted_at is null
    and (u.banned_until is null or u.banned_until < now())
    and coalesce(u.email, '') <> '';
$$;

comment on function private.reminder_address(uuid) is
  'The email address of a user who may be reminded (has a profile, not deleted, not banned, has an address); null otherwise.';

revoke execute on function private.reminder_address(uuid) from public, anon, authenticated;

-- Whether a user takes a kind in the app (as private.notify decides).
create function private.wants_notification_app(target_user uuid, target_kind public.notification_kind)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select p.app from public.notification_preferences p where p.user_id = target_user and p.kind = target_kind),
    private.notification_default(target_kind, 'app')
  );
$$;

comment on function private.wants_notification_app(uuid, public.notification_kind) is
  'Whether a user takes a kind of notification in the app (their preference, else the default).';

revoke execute on function private.wants_notification_app(uuid, public.notification_kind) from public, anon, authenticated;

-- A moment as the user reads it: 'YYYY-MM-DD HH24:MI' in their zone.
create function private.local_moment(at timestamptz, zone text)
returns text
language sql
stable
set search_path = ''
as $$
  select to_char(at at time zone zone, 'YYYY-MM-DD HH24:MI');
$$;

comment on function private.local_moment(timestamptz, text) is 'A moment as wall-clock time in a zone: YYYY-MM-DD HH24:MI.';

revoke execute on function private.local_moment(timestamptz, text) from public, anon, authenticated;

-- ------------------------------------------------------------------------------------------------------------
-- private.due_reminders(as_of): what is due at a moment and not recorded yet, for users who can be reminded and
-- take that kind in the app or by email.
-- ------------------------------------------------------------------------------------------------------------
create function private.due_reminders(as_of timestamptz)
returns table (
  user_id uuid,
  reminder text,
  subject text,
  kind public.notification_kind,
  course_id uuid,
  payload jsonb,
  expires_at timestamptz
)
language sql
stable
-- Definer: reads every learner's sessions, events, activity and addresses for the scheduler.
security definer
set search_path = ''
as $$
  with due as (
    -- A planned study session starting within 15 minutes, of a course the learner is active in.
    select s.user_id, 'study_session'::text as reminder, s.id::text as subject,
      'study_reminder'::public.notification_kind as kind, s.course_id,
      jsonb_build_object(
        'course_id', c.id, 'course_slug', c.slug, 'course_title', c.title, 'school_name', sc.name,
        'school_accent', sc.accent_color,
        'starts_at', s.starts_at, 'ends_at', s.ends_at,
        'minutes', (extract(epoch from s.ends_at - s.starts_at) / 60)::integer,
        'time_zone', pr.timezone, 'local_start', private.local_moment(s.starts_at, pr.timezone)
      ) as payload,
      s.starts_at as expires_at
    from public.study_sessions s
    join public.enrollments e on e.user_id = s.user_id and e.course_id = s.course_id and e.status = 'active'
    join public.profiles pr on pr.id = s.user_id
    join public.courses c on c.id = s.course_id
    join public.schools sc on sc.id = c.school_id
    where s.starts_at > as_of and s.starts_at <= as_of + interval '15 minutes'

    union all

    -- A live session or deadline within a day, for the course's active learners (the cohort's, when it has one).
    select e.user_id, case when ev.kind = 'live' then 'event' else 'deadline' end, ev.id::text,
      'event_reminder'::public.notification_kind, ev.course_id,
      jsonb_build_object(
        'course_id', c.id, 'course_slug', c.slug, 'course_title', c.title, 'school_name', sc.name,
        'school_accent', sc.accent_color,
        'event_id', ev.id, 'event_kind', ev.kind, 'title', ev.title, 'starts_at', ev.starts_at, 'ends_at', ev.ends_at,
        'join_url', ev.join_url, 'time_zone', pr.timezone, 'local_start', private.local_moment(ev.starts_at, pr.timezone)
      ),
      ev.starts_at
    from public.events ev
    join public.enrollments e on e.course_id = ev.course_id and e.status = 'active'
      and (ev.cohort_id is null or e.cohort_id = ev.cohort_id)
    join public.profiles pr on pr.id = e.user_id
    join public.courses c on c.id = ev.course_id
    join public.schools sc on sc.id = c.school_id
    where ev.starts_at > as_of and ev.starts_at <= as_of + interval '1 day'

    union all

    -- A streak at risk: 19:00 or later in the learner's zone, yesterday counted, today (or later) not yet.
    select pr.id, 'streak', l.today::text, 'streak_reminder'::public.notification_kind, null::uuid,
      jsonb_build_object('streak_days', st.days, 'day', l.today, 'time_zone', pr.timezone),
      ((l.today + 1)::timestamp at time zone pr.timezone)
    from public.profiles pr
    cross join lateral (select (as_of at time zone pr.timezone) as local_now) n
    cross join lateral (select n.local_now::date as today) l
    cross join lateral (
      select count(*)::integer as days
      from (
        select d.day, row_number() over (order by d.day desc) as rn
        from public.daily_activity d
        where d.user_id = pr.id and d.counts_for_streak and d.day <= l.today - 1
      ) r
      where r.day = l.today - r.rn::integer
    ) st
    where n.local_now::time >= time '19:00'
      and st.days > 0
      and not exists (
        select 1 from public.daily_activity d
        where d.user_id = pr.id and d.day >= l.today and d.counts_for_streak
      )

    union all

    -- The weekly digest: Monday from 08:00 in the instructor's zone, when a course they teach has news.
    select pr.id, 'digest', l.today::text, 'weekly_digest'::public.notification_kind, null::uuid,
      jsonb_build_object('week_of', l.today, 'time_zone', pr.timezone, 'courses', dg.courses),
      ((l.today + 1)::timestamp at time zone pr.timezone)
    from (select distinct ci.user_id from public.course_instructors ci) i
    join public.profiles pr on pr.id = i.user_id
    cross join lateral (select (as_of at time zone pr.timezone) as local_now) n
    cross join lateral (select n.local_now::date as today) l
    cross join lateral (
      select jsonb_agg(to_jsonb(x) order by x.course_title, x.course_id) as courses
      from (
        select c.id as course_id, c.slug as course_slug, c.title as course_title, sc.name as school_name,
          (select count(*)::integer from public.enrollments e
            where e.course_id = c.id and e.status = 'active'
              and coalesce(e.last_activity_at, e.enrolled_at) < as_of - interval '7 days') as at_risk,
          (select coalesce(jsonb_agg(r.display_name order by r.idle_since desc), '[]'::jsonb) from (
            select p.display_name, coalesce(e.last_activity_at, e.enrolled_at) as idle_since
            from public.enrollments e join public.profiles p on p.id = e.user_id
            where e.course_id = c.id and e.status = 'active'
              and coalesce(e.last_activity_at, e.enrolled_at) < as_of - interval '7 days'
            order by coalesce(e.last_activity_at, e.enrolled_at) desc
            limit 5
          ) r) as at_risk_names,
          (select count(*)::integer from public.questions q
            where q.course_id = c.id and q.instructor_answered_at is null and not q.resolved) as unanswered,
          (select count(*)::integer from public.enrollments e
            where e.course_id = c.id and e.status <> 'removed'
              and e.enrolled_at >= as_of - interval '7 days' and e.enrolled_at <= as_of) as new_enrollments
        from public.course_instructors ci
        join public.courses c on c.id = ci.course_id
        join public.schools sc on sc.id = c.school_id
        where ci.user_id = pr.id and c.status <> 'draft'
      ) x
      where x.at_risk > 0 or x.unanswered > 0 or x.new_enrollments > 0
    ) dg
    where extract(isodow from n.local_now) = 1 and n.local_now::time >= time '08:00'
      and dg.courses is not null
  )
  select d.user_id, d.reminder, d.subject, d.kind, d.course_id, d.payload, d.expires_at
  from due d
  where private.reminder_address(d.user_id) is not null
    and (private.wants_notification_email(d.user_id, d.kind) or private.wants_notification_app(d.user_id, d.kind))
    and not exists (
      select 1 from private.reminders r
      where r.user_id = d.user_id and r.reminder = d.reminder and r.subject = d.subject
    );
$$;

comment on function private.due_reminders(timestamptz) is
  'The reminders due at a moment and not recorded yet: study sessions within 15 minutes, events and deadlines within a day (active learners, their cohort), streaks at risk from 19:00 local, Monday digests from 08:00 local; for users who can be reminded and take the kind in the app or by email.';

revoke execute on function private.due_reminders(timestamptz) from public, anon, authenticated;

-- ------------------------------------------------------------------------------------------------------------
-- private.claim_due_reminders_at(as_of, max_count): records what came due (with its app notification), then
-- claims the emails that are owed: new ones, and failed ones whose backoff has passed, still before they expire,
-- for users who still take the kind by email and (for a course's reminder) are still active in the course.
-- ------------------------------------------------------------------------------------------------------------
create function private.claim_due_reminders_at(as_of timestamptz, max_count integer)
returns table (
  id uuid,
  reminder text,
  kind public.notification_kind,
  user_id uuid,
  email text,
  display_name text,
  payload jsonb
)
language plpgsql
volatile
-- Definer: writes the private claim table and other users' notifications, reads addresses in auth.users.
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  recorded record;
begin
  -- Two callers at once: the unique key lets one insert each row; the other skips it.
  for recorded in
    insert into private.reminders (user_id, reminder, subject, kind, course_id, payload, email, expires_at)
    select d.user_id, d.reminder, d.subject, d.kind, d.course_id, d.payload,
      private.wants_notification_email(d.user_id, d.kind), d.expires_at
    from private.due_reminders(as_of) d
    limit greatest(max_count, 1) * 4
    on conflict on constraint reminders_once do nothing
    returning user_id, reminder, kind, payload
  loop
    perform private.notify(recorded.user_id, recorded.kind, recorded.payload || jsonb_build_object('reminder', recorded.reminder));
  end loop;

  -- Owed emails of users who no longer can or want to get them, or whose enrollment ended, are dropped.
  update private.reminders r
  set email = false
  where r.email and r.sent_at is null and r.claimed_at is null and r.expires_at > as_of
    and (
      private.reminder_address(r.user_id) is null
      or not private.wants_notification_email(r.user_id, r.kind)
      or (r.course_id is not null and not exists (
        select 1 from public.enrollments e
        where e.user_id = r.user_id and e.course_id = r.course_id and e.status = 'active'
      ))
    );

  return query
  with claimable as (
    select r.id
    from private.reminders r
    where r.email and r.sent_at is null and r.claimed_at is null and r.expires_at > as_of
      and r.send_failures < 8
      and (r.last_failed_at is null or r.last_failed_at <= as_of - interval '1 minute' * power(2, r.send_failures))
    order by r.expires_at, r.id
    limit greatest(max_count, 1)
    for update skip locked
  ),
  claimed as (
    update private.reminders r
    set claimed_at = as_of
    from claimable c
    where r.id = c.id
    returning r.id, r.reminder, r.kind, r.user_id, r.payload
  )
  select c.id, c.reminder, c.kind, c.user_id, private.reminder_address(c.user_id), p.display_name, c.payload
  from claimed c
  join public.profiles p on p.id = c.user_id;
end;
$$;

comment on function private.claim_due_reminders_at(timestamptz, integer) is
  'Records the reminders due at a moment (once, with their app notification) and claims up to max_count emails owed then (new, or failed and waited 2^failures minutes, before they expire); each email is claimed once.';

revoke execute on function private.claim_due_reminders_at(timestamptz, integer) from public, anon, authenticated;

-- ------------------------------------------------------------------------------------------------------------
-- The service role's calls (the send-reminders function).
-- ------------------------------------------------------------------------------------------------------------
create function public.claim_due_reminders(max_count integer default 50)
returns table (
  id uuid,
  reminder text,
  kind public.notification_kind,
  user_id uuid,
  email text,
  display_name text,
  payload jsonb
)
language sql
volatile
-- Definer: the claim table is private; executable by the service role only.
security definer
set search_path = ''
as $$
  select * from private.claim_due_reminders_at(now(), least(greatest(coalesce(max_count, 50), 1), 200));
$$;

comment on function public.claim_due_reminders(integer) is
  'Service role only (send-reminders): records the reminders due now and claims up to max_count (1–200) emails to send, each once: id, reminder (study_session, event, deadline, streak, digest), kind, user, address, name and what to say.';

revoke execute on function public.claim_due_reminders(integer) from public, anon, authenticated;
grant execute on function public.claim_due_reminders(integer) to service_role;

create function public.mark_reminder_sent(reminder_id uuid)
returns boolean
language sql
volatile
-- Definer: the claim table is private; executable by the service role only.
security definer
set search_path = ''
as $$
  with sent as (
    update private.reminders r set sent_at = now()
    where r.id = reminder_id and r.claimed_at is not null and r.sent_at is null
    returning 1
  )
  select exists (select 1 from sent);
$$;

comment on function public.mark_reminder_sent(uuid) is
  'Service role only: records that a claimed reminder''s email was sent; true when there was one to mark.';

revoke execute on function public.mark_reminder_sent(uuid) from public, anon, authenticated;
grant execute on function public.mark_reminder_sent(uuid) to service_role;

create function public.release_reminder(reminder_id uuid)
returns boolean
language sql
volatile
-- Definer: the claim table is private; executable by the service role only.
security definer
set search_path = ''
as $$
  with released as (
    update private.reminders r
    set claimed_at = null, send_failures = r.send_failures + 1, last_failed_at = now()
    where r.id = reminder_id and r.claimed_at is not null and r.sent_at is null
    returning 1
  )
  select exists (select 1 from released);
$$;

comment on function public.release_reminder(uuid) is
  'Service role only: hands a claimed reminder back after its send failed (counting the failure), so a later call retries it after 2^failures minutes; true when there was one to release.';

revoke execute on function public.release_reminder(uuid) from public, anon, authenticated;
grant execute on function public.release_reminder(uuid) to service_role;

-- ------------------------------------------------------------------------------------------------------------
-- The job: every minute, as postgres. It calls send-reminders only when something is due or an email is owed.
-- ------------------------------------------------------------------------------------------------------------
create function private.queue_reminders()
returns bigint
language plpgsql
volatile
set search_path = ''
as $$
declare
  project_url text;
  service_key text;
begin
  if not exists (select 1 from private.due_reminders(now()))
    and not exists (
      select 1 from private.reminders r
      where r.email and r.sent_at is null and r.claimed_at is null and r.expires_at > now() and r.send_failures < 8
        and (r.last_failed_at is null or r.last_failed_at <= now() - interval '1 minute' * power(2, r.send_failures))
    ) then
    return null;
  end if;
  select s.value into project_url from private.edge_function_settings s where s.name = 'project_url';
  select s.value into service_key from private.edge_function_settings s where s.name = 'service_role_key';
  if project_url is null or service_key is null then
    raise warning 'reminders are due but private.edge_function_settings has no project_url or service_role_key';
    return null;
  end if;
  return net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/send-reminders',
    body := '{}'::jsonb,
    headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || service_key),
    timeout_milliseconds := 60000
  );
end;
$$;

comment on function private.queue_reminders() is
  'Run every minute by the send-reminders job: asks the send-reminders function to send what is due; the pg_net request id, or null when nothing is due (or the settings are missing).';

revoke execute on function private.queue_reminders() from public, anon, authenticated;

select cron.schedule('send-reminders', '* * * * *', 'select private.queue_reminders()');
