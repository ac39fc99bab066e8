-- ============================================================================================================
-- Notifications in the app (the header's bell, /notifications) and each user's preferences per kind and channel.
-- A notification is written by the database only, by the security-definer triggers below on the tables where the
-- things happen: an enrollment made for me by the course's staff or an invitation to my confirmed address (added
-- to a course), an answer to my question, a certificate issued, a trophy earned (announcements add theirs when
-- they are sent, 20261129221000). The owner reads theirs and marks them read; nobody else reads or writes them.
-- Inserts are published on Realtime (postgres_changes under the select policy: to the owner only), so the bell
-- of every open tab counts up at once.
--
-- Preferences: one row per user and kind, only where the user changed a default (app on for every kind; email on
-- for every kind except achievements). A kind switched off in the app is not written at all; email senders ask
-- private.wants_notification_email. notification_settings() answers every kind with the defaults filled in.
-- ============================================================================================================

create type public.notification_kind as enum ('course_added', 'answer', 'announcement', 'certificate', 'achievement');
comment on type public.notification_kind is
  'course_added: enrolled or invited by a course''s staff; answer: an answer to my question; announcement: a course announcement sent to me; certificate: a certificate issued to me; achievement: a trophy earned.';

-- ------------------------------------------------------------------------------------------------------------
-- notifications
-- ------------------------------------------------------------------------------------------------------------
create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  kind public.notification_kind not null,
  payload jsonb not null default '{}',
  created_at timestamptz not null default now(),
  read_at timestamptz,
  constraint notifications_payload_object check (jsonb_typeof(payload) = 'object')
);

comment on table public.notifications is
  'What the bell lists: one row per thing that happened for a user; written by the database''s triggers only, read and marked read by its owner.';
comment on column public.notifications.kind is 'What happened; with the payload it says what to show and where the item links.';
comment on column public.notifications.payload is
  'What the item shows and links to, frozen when it happened (course_slug, course_title, lesson_id, code, title, ...).';
comment on column public.notifications.read_at is 'When the owner read it (opened it or marked all read); null: unread.';

create index notifications_user_id_created_at_idx on public.notifications (user_id, created_at desc);
create index notifications_user_id_unread_idx on public.notifications (user_id) where read_at is null;

alter table public.notifications enable row level security;
revoke all on public.notifications from anon, authenticated;
grant select on public.notifications to authenticated;
-- Only the read mark is the owner's to change.
grant update (read_at) on public.notifications to authenticated;

create policy notifications_select_owner on public.notifications
  for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy notifications_select_owner on public.notifications is 'Users read their own notifications.';

create policy notifications_update_owner on public.notifications
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
comment on policy notifications_update_owner on public.notifications is 'Users mark their own notifications read (read_at only, by grant).';

-- Open tabs hear of their owner's new notifications (delivered under notifications_select_owner).
alter publication supabase_realtime add table public.notifications;

-- ------------------------------------------------------------------------------------------------------------
-- notification_preferences
-- ------------------------------------------------------------------------------------------------------------
create table public.notification_preferences (
  user_id uuid not null references public.profiles (id) on delete cascade,
  kind public.notification_kind not null,
  app boolean not null,
  email boolean not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, kind)
);

comment on table public.notification_preferences is
  'A user''s choice per kind of notification and channel, where it differs from the default (see notification_settings()); the owner writes it, one-click unsubscribe turns email off.';
comment on column public.notification_preferences.app is 'Shown in the bell and on /notifications.';
comment on column public.notification_preferences.email is 'Sent by email (never for essential mail such as sign-in links).';

alter table public.notification_preferences enable row level security;
revoke all on public.notification_preferences from anon, authenticated;
grant select, insert, update on public.notification_preferences to authenticated;

create policy notification_preferences_select_owner on public.notification_preferences
  for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy notification_preferences_select_owner on public.notification_preferences is 'Users read their own preferences.';

create policy notification_preferences_insert_owner on public.notification_preferences
  for insert to authenticated
  with check (user_id = (select auth.uid()));
comment on policy notification_preferences_insert_owner on public.notification_preferences is 'Users set their own preferences.';

create policy notification_preferences_update_owner on public.notification_preferences
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
comment on policy notification_preferences_update_owner on public.notification_preferences is 'Users change their own preferences.';

-- The default of each kind and channel, in one place.
create function private.notification_default(kind public.notification_kind, channel text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case when channel = 'email' then kind <> 'achievement' else true end;
$$;

comment on function private.notification_default(public.notification_kind, text) is
  'The default of a kind and channel (''app'' or ''email''): everything on, except emails for trophies.';

grant usage on schema private to authenticated;
grant execute on function private.notification_default(public.notification_kind, text) to authenticated, service_role;

-- ------------------------------------------------------------------------------------------------------------
-- notification_settings(): every kind with the caller's choice or the default.
-- ------------------------------------------------------------------------------------------------------------
create function public.notification_settings()
returns table (kind public.notification_kind, app boolean, email boolean)
language sql
stable
security invoker
set search_path = ''
as $$
  select k.kind,
         coalesce(p.app, private.notification_default(k.kind, 'app')),
         coalesce(p.email, private.notification_default(k.kind, 'email'))
  from unnest(enum_range(null::public.notification_kind)) as k (kind)
  left join public.notification_preferences p on p.kind = k.kind and p.user_id = (select auth.uid())
  order by k.kind;
$$;

comment on function public.notification_settings() is
  'The signed-in user''s preferences: one row per kind, in the kinds'' order, with app and email as chosen or by default.';

revoke execute on function public.notification_settings() from public, anon;
grant execute on function public.notification_settings() to authenticated;

-- ------------------------------------------------------------------------------------------------------------
-- private.wants_notification_email(user, kind): for senders of email (service role, triggers).
-- ------------------------------------------------------------------------------------------------------------
create function private.wants_notification_email(target_user uuid, target_kind public.notification_kind)
returns boolean
language sql
stable
-- Definer: reads another user's preferences for the mail senders.
security definer
set search_path = ''
as $$
  select coalesce(
    (select p.email from public.notification_preferences p where p.user_id = target_user and p.kind = target_kind),
    private.notification_default(target_kind, 'email')
  );
$$;

comment on function private.wants_notification_email(uuid, public.notification_kind) is
  'Whether a user takes emails of a kind (their preference, else the default); for the functions that send them.';

revoke execute on function private.wants_notification_email(uuid, public.notification_kind) from public, anon, authenticated;
grant execute on function private.wants_notification_email(uuid, public.notification_kind) to service_role;

-- ------------------------------------------------------------------------------------------------------------
-- unsubscribe_email(user, kind): one-click unsubscribe (the unsubscribe function, service role, after it checked
-- the signed token): that kind's email off, the app channel as it was.
-- ------------------------------------------------------------------------------------------------------------
create function public.unsubscribe_email(target_user uuid, target_kind public.notification_kind)
returns boolean
language sql
volatile
security invoker
set search_path = ''
as $$
  insert into public.notification_preferences (user_id, kind, app, email)
  select pr.id, target_kind, private.notification_default(target_kind, 'app'), false
  from public.profiles pr where pr.id = target_user
  on conflict (user_id, kind) do update set email = false, updated_at = now()
  returning true;
$$;

comment on function public.unsubscribe_email(uuid, public.notification_kind) is
  'Service role only (the unsubscribe function, after checking the signed link): turns one kind''s email off for a user; null when there is no such user.';

revoke execute on function public.unsubscribe_email(uuid, public.notification_kind) from public, anon, authenticated;
grant execute on function public.unsubscribe_email(uuid, public.notification_kind) to service_role;

-- ------------------------------------------------------------------------------------------------------------
-- private.notify(user, kind, payload): the one way a notification is written; skipped when the user turned the
-- kind off in the app.
-- ------------------------------------------------------------------------------------------------------------
create function private.notify(target_user uuid, target_kind public.notification_kind, payload jsonb)
returns void
language sql
volatile
-- Definer: writes into another user's notifications, which no API role may insert.
security definer
set search_path = ''
as $$
  insert into public.notifications (user_id, kind, payload)
  select target_user, target_kind, payload
  where exists (select 1 from public.profiles pr where pr.id = target_user)
    and coalesce(
      (select p.app from public.notification_preferences p where p.user_id = target_user and p.kind = target_kind),
      private.notification_default(target_kind, 'app')
    );
$$;

comment on function private.notify(uuid, public.notification_kind, jsonb) is
  'Writes a notification for a user unless they turned that kind off in the app; called by the database''s triggers only.';

revoke execute on function private.notify(uuid, public.notification_kind, jsonb) from public, anon, authenticated;

-- What an item about a course shows and links to.
create function private.course_notification_payload(target_course uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('course_id', c.id, 'course_slug', c.slug, 'course_title', c.title, 'school_name', s.name)
  from public.courses c join public.schools s on s.id = c.school_id
  where c.id = target_course;
$$;

comment on function private.course_notification_payload(uuid) is
  'The course part of a notification''s payload: id, slug, title and school name.';

revoke execute on function private.course_notification_payload(uuid) from public, anon, authenticated;

-- ------------------------------------------------------------------------------------------------------------
-- The triggers.
-- ------------------------------------------------------------------------------------------------------------

-- An enrollment made for someone else (source manual: the staff's act, or an accepted invitation, which the
-- learner makes themselves and so is not announced to them).
create function private.notify_enrollment_added()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.source = 'manual' and new.user_id is distinct from (select auth.uid()) then
    perform private.notify(new.user_id, 'course_added',
      private.course_notification_payload(new.course_id) || jsonb_build_object('enrollment_id', new.id));
  end if;
  return null;
end;
$$;

comment on function private.notify_enrollment_added() is
  'After an enrollment is inserted by someone other than the learner (source manual): tells the learner they were added.';

create trigger enrollments_notify_added
  after insert on public.enrollments
  for each row execute function private.notify_enrollment_added();

-- An invitation (or its re-sending) to an address that belongs to a confirmed account: its holder sees it in the
-- app. Whoever sent it learns nothing from this (the notification is the invitee's only).
create function private.notify_course_invitation()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  invitee uuid;
  inviter text;
begin
  select u.id into invitee
  from auth.users u
  where lower(u.email) = new.email and u.email_confirmed_at is not null and u.deleted_at is null
  limit 1;
  if invitee is null then
    return null;
  end if;
  select pr.display_name into inviter from public.profiles pr where pr.id = new.invited_by;
  perform private.notify(invitee, 'course_added',
    private.course_notification_payload(new.course_id)
      || jsonb_build_object('invitation_id', new.id, 'invited_by_name', inviter));
  return null;
end;
$$;

comment on function private.notify_course_invitation() is
  'After an invitation to learn is sent or re-sent: tells the holder of that confirmed address, if they have an account.';

create trigger course_invitations_notify
  after insert or update of created_at on public.course_invitations
  for each row execute function private.notify_course_invitation();

-- An answer to my question, from someone else.
create function private.notify_answer()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  question record;
begin
  select q.author_id, q.body, l.title as lesson_title into question
  from public.questions q join public.lessons l on l.id = q.lesson_id
  where q.id = new.question_id;
  if question.author_id is null or question.author_id = new.author_id then
    return null;
  end if;
  perform private.notify(question.author_id, 'answer',
    private.course_notification_payload(new.course_id) || jsonb_build_object(
      'question_id', new.question_id, 'answer_id', new.id, 'lesson_id', new.lesson_id,
      'lesson_title', question.lesson_title, 'author_name', new.author_name, 'is_instructor', new.is_instructor,
      'excerpt', left(regexp_replace(new.body, '\s+', ' ', 'g'), 140)));
  return null;
end;
$$;

comment on function private.notify_answer() is 'After an answer is inserted: tells the question''s asker, unless they answered themselves.';

create trigger answers_notify
  after insert on public.answers
  for each row execute function private.notify_answer();

-- A certificate issued to me.
create function private.notify_certificate()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.notify(new.user_id, 'certificate',
    private.course_notification_payload(new.course_id) || jsonb_build_object('certificate_id', new.id, 'code', new.code));
  return null;
end;
$$;

comment on function private.notify_certificate() is 'After a certificate is issued: tells its learner.';

create trigger certificates_notify
  after insert on public.certificates
  for each row execute function private.notify_certificate();

-- A trophy earned.
create function private.notify_achievement()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.notify(new.user_id, 'achievement',
    (select jsonb_build_object('code', a.code, 'title', a.title, 'icon', a.icon)
     from public.achievements a where a.code = new.code));
  return null;
end;
$$;

comment on function private.notify_achievement() is 'After a trophy is awarded: tells its learner.';

create trigger user_achievements_notify
  after insert on public.user_achievements
  for each row execute function private.notify_achievement();

revoke execute on function private.notify_enrollment_added() from public, anon, authenticated;
revoke execute on function private.notify_course_invitation() from public, anon, authenticated;
revoke execute on function private.notify_answer() from public, anon, authenticated;
revoke execute on function private.notify_certificate() from public, anon, authenticated;
revoke execute on function private.notify_achievement() from public, anon, authenticated;
