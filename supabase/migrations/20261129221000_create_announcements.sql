-- ============================================================================================================
-- Announcements: the course's staff tell its learners (all of them, or one cohort) something, now or at a chosen
-- time. Sending is the database's: an announcement whose send_at has come is stamped sent_at, every learner of its
-- audience gets a notification (the bell, live) unless they turned announcements off in the app, and an email is
-- queued for each learner whose preference allows it. The queue is emptied by the announcement-emails function,
-- called through pg_net right after the send commits and by the send-announcements job (Supabase Cron) every
-- minute, which also sends the scheduled announcements that are due and retries failed emails with backoff.
--
-- Rules held here: the staff write (members of the course's school); learners read the sent, undeleted ones of
-- their course (and cohort); nothing about a sent announcement changes except that it is deleted (which hides it
-- and its notifications); at most 5 announcements per course in any 24 hours, so a stolen instructor account
-- cannot flood every learner (rate_limited 429, deleted ones count too).
-- ============================================================================================================

create table public.announcements (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  cohort_id uuid,
  author_id uuid default auth.uid() references public.profiles (id) on delete set null,
  title text not null,
  body_md text not null,
  send_at timestamptz not null default now(),
  sent_at timestamptz,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- An announcement to a cohort goes with it: widening it to the whole course would tell people it was not for.
  constraint announcements_cohort_fkey foreign key (course_id, cohort_id)
    references public.cohorts (course_id, id) on delete cascade,
  constraint announcements_title_length check (title = btrim(title) and char_length(title) between 3 and 120),
  constraint announcements_body_length check (char_length(btrim(body_md)) between 1 and 20000)
);

comment on table public.announcements is
  'What a course''s staff tell its learners (or one cohort): sent at send_at by the database, never edited after sending, deleted (hidden) instead of removed.';
comment on column public.announcements.cohort_id is 'Only this cohort''s learners get it; null: every learner of the course.';
comment on column public.announcements.author_id is 'The staff member who wrote it.';
comment on column public.announcements.title is '3-120 characters, trimmed; the email''s subject and the notification''s text.';
comment on column public.announcements.body_md is 'Markdown, up to 20,000 characters.';
comment on column public.announcements.send_at is 'When it goes out: now (the default) or a chosen time, up to a year ahead.';
comment on column public.announcements.sent_at is 'When it went out (set by the database); from then on only deleted_at may change.';
comment on column public.announcements.deleted_at is 'When the staff deleted it: hidden from learners, its notifications removed; a scheduled one is not sent.';

create index announcements_course_id_created_at_idx on public.announcements (course_id, created_at desc);
create index announcements_course_id_cohort_id_idx on public.announcements (course_id, cohort_id);
create index announcements_author_id_idx on public.announcements (author_id);
create index announcements_due_idx on public.announcements (send_at) where sent_at is null and deleted_at is null;

alter table public.announcements enable row level security;
revoke all on public.announcements from anon, authenticated;
grant select on public.announcements to authenticated;
grant insert (course_id, cohort_id, title, body_md, send_at) on public.announcements to authenticated;
grant update (cohort_id, title, body_md, send_at, deleted_at) on public.announcements to authenticated;

-- Whether the caller is in an announcement's audience (a learner of its course, or of its cohort).
create function private.is_announcement_reader(target_course uuid, target_cohort uuid)
returns boolean
language sql
stable
-- Definer: reads enrollments, which learners cannot read for a course's other learners.
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.enrollments e
    where e.course_id = target_course and e.user_id = (select auth.uid()) and e.status in ('active', 'completed')
      and (target_cohort is null or e.cohort_id = target_cohort)
  );
$$;

comment on function private.is_announcement_reader(uuid, uuid) is
  'True when the requesting user is an active or completed learner of the course, and of the cohort when one is named.';

revoke execute on function private.is_announcement_reader(uuid, uuid) from public, anon;
grant execute on function private.is_announcement_reader(uuid, uuid) to authenticated;

create policy announcements_select_staff_or_audience on public.announcements
  for select to authenticated
  using (
    private.is_course_member(course_id)
    or (sent_at is not null and deleted_at is null and private.is_announcement_reader(course_id, cohort_id))
  );
comment on policy announcements_select_staff_or_audience on public.announcements is
  'The course''s staff read all its announcements; its learners (of the cohort, when one is named) read the sent ones that are not deleted.';

create policy announcements_insert_staff on public.announcements
  for insert to authenticated
  with check (private.is_course_member(course_id) and author_id = (select auth.uid()));
comment on policy announcements_insert_staff on public.announcements is 'The course''s staff write announcements, as themselves.';

create policy announcements_update_staff on public.announcements
  for update to authenticated
  using (private.is_course_member(course_id))
  with check (private.is_course_member(course_id));
comment on policy announcements_update_staff on public.announcements is
  'The course''s staff change a scheduled announcement, send it now or delete one (the guard trigger refuses edits after sending).';

-- ------------------------------------------------------------------------------------------------------------
-- The rules: validation and the rate limit on insert, no edit after sending on update.
-- ------------------------------------------------------------------------------------------------------------
create function private.prepare_announcement()
returns trigger
language plpgsql
-- Definer: counts every announcement of the course (including deleted ones, which the limit still counts).
security definer
set search_path = ''
as $$
declare
  fields jsonb := '{}';
  recent integer;
begin
  if tg_op = 'UPDATE' then
    if old.sent_at is not null and (
      new.title is distinct from old.title or new.body_md is distinct from old.body_md
      or new.send_at is distinct from old.send_at or new.cohort_id is distinct from old.cohort_id
      or new.course_id is distinct from old.course_id or new.author_id is distinct from old.author_id
    ) then
      perform private.raise_api_error('announcement_sent',
        'This announcement has been sent and can no longer be changed. Delete it and write a new one.', 409);
    end if;
    if old.deleted_at is not null and new.deleted_at is distinct from old.deleted_at then
      perform private.raise_api_error('announcement_deleted', 'This announcement was deleted.', 409);
    end if;
    if new.sent_at is distinct from old.sent_at and old.sent_at is not null then
      perform private.raise_api_error('announcement_sent', 'This announcement has been sent already.', 409);
    end if;
    new.updated_at := now();
  end if;

  new.title := btrim(coalesce(new.title, ''));
  if char_length(new.title) < 3 then
    fields := fields || jsonb_build_object('title', 'Give the announcement a title of at least 3 characters.');
  elsif char_length(new.title) > 120 then
    fields := fields || jsonb_build_object('title', 'Keep the title to 120 characters.');
  end if;
  if char_length(btrim(coalesce(new.body_md, ''))) = 0 then
    fields := fields || jsonb_build_object('body_md', 'Write what you want to tell your learners.');
  elsif char_length(new.body_md) > 20000 then
    fields := fields || jsonb_build_object('body_md', 'Keep the announcement to 20,000 characters.');
  end if;
  if new.sent_at is null and (tg_op = 'INSERT' or new.send_at is distinct from old.send_at) then
    if new.send_at > now() + interval '366 days' then
      fields := fields || jsonb_build_object('send_at', 'Choose a time within the next year.');
    elsif new.send_at < now() - interval '5 minutes' then
      fields := fields || jsonb_build_object('send_at', 'Choose a time in the future, or send it now.');
    end if;
  end if;
  perform private.raise_unless_valid(fields);

  if tg_op = 'INSERT' then
    -- One course at a time: two tabs posting at once cannot both slip under the limit.
    perform pg_advisory_xact_lock(hashtextextended('announcements:' || new.course_id::text, 0));
    select count(*) into recent
    from public.announcements a
    where a.course_id = new.course_id and a.created_at > now() - interval '24 hours';
    if recent >= 5 then
      perform private.raise_api_error('rate_limited',
        'This course has had 5 announcements in the last 24 hours, the most Summit sends. Try again tomorrow.', 429,
        jsonb_build_object('retry_after_s', ceil(extract(epoch from (
          (select min(a.created_at) from public.announcements a
           where a.course_id = new.course_id and a.created_at > now() - interval '24 hours')
          + interval '24 hours' - now())))::integer));
    end if;
    new.sent_at := null;
    new.deleted_at := null;
    new.created_at := now();
    new.updated_at := now();
  end if;
  return new;
end;
$$;

comment on function private.prepare_announcement() is
  'Before an announcement is written: trims and checks title, body and send time (validation_failed 422), refuses changes once sent (announcement_sent 409), and allows at most 5 per course in 24 hours (rate_limited 429).';

revoke execute on function private.prepare_announcement() from public, anon, authenticated;

create trigger announcements_prepare
  before insert or update on public.announcements
  for each row execute function private.prepare_announcement();

-- ------------------------------------------------------------------------------------------------------------
-- Sending: notifications now, emails through a private queue.
-- ------------------------------------------------------------------------------------------------------------
create table private.announcement_emails (
  announcement_id uuid not null references public.announcements (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  claimed_at timestamptz,
  sent_at timestamptz,
  send_failures integer not null default 0,
  last_failed_at timestamptz,
  primary key (announcement_id, user_id)
);

comment on table private.announcement_emails is
  'One announcement email owed to one learner: claimed by the announcement-emails function, marked sent, or released after a failure and retried with backoff (up to 8 failures).';

create index announcement_emails_user_id_idx on private.announcement_emails (user_id);
create index announcement_emails_unsent_idx on private.announcement_emails (created_at) where sent_at is null;

-- Asks the announcement-emails function (service role, through pg_net) to empty the queue; the request id, or null
-- when nothing is owed or the settings are missing.
create function private.queue_announcement_emails()
returns bigint
language plpgsql
volatile
-- Definer: reads the private settings and queue for whoever sent the announcement.
security definer
set search_path = ''
as $$
declare
  project_url text;
  service_key text;
begin
  if not exists (
    select 1 from private.announcement_emails e
    where e.sent_at is null and e.send_failures < 8
      and (e.claimed_at is null or e.claimed_at < now() - interval '10 minutes')
  ) then
    return null;
  end if;
  select s.value into project_url from private.edge_function_settings s where s.name = 'project_url';
  select s.value into service_key from private.edge_function_settings s where s.name = 'service_role_key';
  if project_url is null or service_key is null then
    raise warning 'announcement emails are owed but private.edge_function_settings has no project_url or service_role_key';
    return null;
  end if;
  return net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/announcement-emails',
    body := '{}'::jsonb,
    headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || service_key),
    timeout_milliseconds := 60000
  );
end;
$$;

comment on function private.queue_announcement_emails() is
  'Asks the announcement-emails function (through pg_net, after commit) to send the owed announcement emails; the request id, or null when none is owed.';

revoke execute on function private.queue_announcement_emails() from public, anon, authenticated;

create function private.send_announcement(target uuid)
returns void
language plpgsql
volatile
-- Definer: notifies and queues emails for the course's learners, whom the sender cannot read.
security definer
set search_path = ''
as $$
declare
  a public.announcements;
begin
  update public.announcements set sent_at = now()
  where id = target and sent_at is null and deleted_at is null
  returning * into a;
  if a.id is null then
    return;
  end if;

  perform private.notify(e.user_id, 'announcement',
    private.course_notification_payload(a.course_id)
      || jsonb_build_object('announcement_id', a.id, 'title', a.title, 'cohort_id', a.cohort_id))
  from public.enrollments e
  where e.course_id = a.course_id and e.status in ('active', 'completed')
    and (a.cohort_id is null or e.cohort_id = a.cohort_id)
    and e.user_id is distinct from a.author_id;

  insert into private.announcement_emails (announcement_id, user_id)
  select a.id, e.user_id
  from public.enrollments e
  where e.course_id = a.course_id and e.status in ('active', 'completed')
    and (a.cohort_id is null or e.cohort_id = a.cohort_id)
    and e.user_id is distinct from a.author_id
    and private.wants_notification_email(e.user_id, 'announcement')
  on conflict do nothing;

  perform private.queue_announcement_emails();
end;
$$;

comment on function private.send_announcement(uuid) is
  'Sends an announcement once: stamps sent_at, notifies its audience (their app preference permitting) and queues an email for each learner whose email preference allows it.';

revoke execute on function private.send_announcement(uuid) from public, anon, authenticated;

-- After a write: send it if its time has come (send now, or a scheduled one moved to now); hide a deleted one's
-- notifications.
create function private.after_announcement_write()
returns trigger
language plpgsql
-- Definer: sends (see send_announcement) and removes the audience's notifications of a deleted announcement.
security definer
set search_path = ''
as $$
begin
  if new.sent_at is null and new.deleted_at is null and new.send_at <= now() then
    perform private.send_announcement(new.id);
  end if;
  if tg_op = 'UPDATE' and new.deleted_at is not null and old.deleted_at is null then
    delete from public.notifications n
    where n.kind = 'announcement' and n.payload->>'announcement_id' = new.id::text;
    delete from private.announcement_emails e where e.announcement_id = new.id and e.sent_at is null;
  end if;
  return null;
end;
$$;

comment on function private.after_announcement_write() is
  'After an announcement is written: sends it when send_at has come; when it is deleted, removes its notifications and unsent emails.';

revoke execute on function private.after_announcement_write() from public, anon, authenticated;

create trigger announcements_after_write
  after insert or update on public.announcements
  for each row execute function private.after_announcement_write();

create index notifications_announcement_idx on public.notifications ((payload->>'announcement_id')) where kind = 'announcement';

-- ------------------------------------------------------------------------------------------------------------
-- For the announcement-emails function (service role): claim owed emails with what they say, then report each.
-- ------------------------------------------------------------------------------------------------------------
create function public.claim_announcement_emails(max_count integer default 50)
returns table (
  announcement_id uuid, user_id uuid, email text, display_name text, title text, body_md text,
  course_id uuid, course_slug text, course_title text, cohort_name text
)
language sql
volatile
-- Definer: the queue is private and the addresses are Auth's; executable by the service role only.
security definer
set search_path = ''
as $$
  with due as (
    select e.announcement_id, e.user_id
    from private.announcement_emails e
    join public.announcements a on a.id = e.announcement_id and a.deleted_at is null
    where e.sent_at is null and e.send_failures < 8
      and (e.claimed_at is null or e.claimed_at < now() - interval '10 minutes')
      and (e.last_failed_at is null or e.last_failed_at < now() - interval '1 minute' * power(2, e.send_failures))
    order by e.created_at
    limit greatest(1, least(max_count, 200))
    for update of e skip locked
  ), claimed as (
    update private.announcement_emails e set claimed_at = now()
    from due where e.announcement_id = due.announcement_id and e.user_id = due.user_id
    returning e.announcement_id, e.user_id
  )
  select c.announcement_id, c.user_id, u.email::text, p.display_name, a.title, a.body_md,
         co.id, co.slug, co.title, ch.name
  from claimed c
  join public.announcements a on a.id = c.announcement_id
  join public.courses co on co.id = a.course_id
  left join public.cohorts ch on ch.id = a.cohort_id
  join auth.users u on u.id = c.user_id and u.deleted_at is null and u.email is not null
  left join public.profiles p on p.id = c.user_id;
$$;

comment on function public.claim_announcement_emails(integer) is
  'Service role only (announcement-emails): claims up to max_count owed announcement emails (never one claimed in the last 10 minutes, failed ones after 2^failures minutes) and returns what each says and whom it goes to.';

revoke execute on function public.claim_announcement_emails(integer) from public, anon, authenticated;
grant execute on function public.claim_announcement_emails(integer) to service_role;

create function public.finish_announcement_email(announcement_id uuid, user_id uuid, sent boolean)
returns void
language sql
volatile
-- Definer: writes the private queue; executable by the service role only.
security definer
set search_path = ''
as $$
  update private.announcement_emails e set
    sent_at = case when sent then now() else null end,
    claimed_at = case when sent then e.claimed_at else null end,
    send_failures = e.send_failures + case when sent then 0 else 1 end,
    last_failed_at = case when sent then e.last_failed_at else now() end
  where e.announcement_id = finish_announcement_email.announcement_id
    and e.user_id = finish_announcement_email.user_id and e.sent_at is null;
$$;

comment on function public.finish_announcement_email(uuid, uuid, boolean) is
  'Service role only (announcement-emails): marks a claimed announcement email sent, or releases it after a failure (counted, retried with backoff).';

revoke execute on function public.finish_announcement_email(uuid, uuid, boolean) from public, anon, authenticated;
grant execute on function public.finish_announcement_email(uuid, uuid, boolean) to service_role;

-- ------------------------------------------------------------------------------------------------------------
-- The job: every minute, send the scheduled announcements that are due, then ask for any owed emails (retries).
-- ------------------------------------------------------------------------------------------------------------
create function private.send_due_announcements()
returns integer
language plpgsql
volatile
set search_path = ''
as $$
declare
  due record;
  sent integer := 0;
begin
  for due in
    select a.id from public.announcements a
    where a.sent_at is null and a.deleted_at is null and a.send_at <= now()
    order by a.send_at
    for update skip locked
  loop
    perform private.send_announcement(due.id);
    sent := sent + 1;
  end loop;
  perform private.queue_announcement_emails();
  return sent;
end;
$$;

comment on function private.send_due_announcements() is
  'Run every minute by the send-announcements job: sends the scheduled announcements whose time has come and asks for the owed emails; how many were sent.';

revoke execute on function private.send_due_announcements() from public, anon, authenticated;

create extension if not exists pg_cron;
create extension if not exists pg_net with schema extensions;

select cron.schedule('send-announcements', '* * * * *', 'select private.send_due_announcements()');
