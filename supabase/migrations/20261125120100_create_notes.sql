-- ============================================================================================================
-- Notes: a learner's own markdown notes on a lesson, optionally at a moment of its video (at_s, "at 3:12"). Private
-- to their owner: nobody else reads them, not even the course's staff (PRODUCT.md §6). Written only in courses the
-- learner is enrolled in; at most 10,000 characters each and 120 new notes per hour (see 20261125120000).
-- ============================================================================================================

create table public.notes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  lesson_id uuid not null,
  course_id uuid not null,
  at_s integer,
  body text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint notes_lesson_fkey foreign key (lesson_id, course_id)
    references public.lessons (id, course_id) on delete cascade,
  constraint notes_at_s_range check (at_s between 0 and 86400),
  constraint notes_body_length check (char_length(btrim(body)) >= 1 and char_length(body) <= 10000)
);

comment on table public.notes is 'A learner''s private notes on a lesson; only their owner reads or writes them.';
comment on column public.notes.course_id is 'The lesson''s course, set by the database: for the policies and the "My notes" list per course.';
comment on column public.notes.at_s is 'Second of the lesson''s video the note belongs to ("at 3:12"); null for a note on the whole lesson.';
comment on column public.notes.body is 'Markdown, 1-10,000 characters.';

create index notes_user_id_course_id_idx on public.notes (user_id, course_id, lesson_id, at_s);
create index notes_user_id_created_at_idx on public.notes (user_id, created_at);
create index notes_lesson_id_idx on public.notes (lesson_id, course_id);

create function private.prepare_note()
returns trigger
language plpgsql
-- Definer: takes the lesson's course whatever the writer may read (the insert policy then requires an enrollment in
-- it) and counts the writer's recent notes under a per-user lock, so two notes at once cannot both pass the limit.
security definer
set search_path = ''
as $$
declare
  recent bigint;
  oldest timestamptz;
begin
  perform private.require_text_length('body', new.body, 1, 10000, 'A note');
  if tg_op = 'INSERT' then
    new.course_id := (select l.course_id from public.lessons l where l.id = new.lesson_id);
    if new.user_id is not null then
      perform pg_advisory_xact_lock(hashtextextended('notes:' || new.user_id::text, 0));
      select count(*), min(n.created_at) into recent, oldest
      from public.notes n where n.user_id = new.user_id and n.created_at > now() - interval '1 hour';
      perform private.require_hourly_quota('notes', recent, oldest, 120,
        'You have written a lot of notes in the last hour. Wait a little, then try again.');
    end if;
  end if;
  return new;
end;
$$;

comment on function private.prepare_note() is
  'Trigger: checks a note''s length (validation_failed), sets its course from the lesson and applies 120 new notes per hour (rate_limited).';

create trigger notes_prepare
  before insert or update of body on public.notes
  for each row execute function private.prepare_note();

create trigger notes_set_updated_at
  before update on public.notes
  for each row execute function private.set_updated_at();

-- ------------------------------------------------------------------------------------------------------------
-- Grants and row-level security
-- ------------------------------------------------------------------------------------------------------------

alter table public.notes enable row level security;

-- The course and owner are the database's: clients send the lesson, the moment and the text.
revoke all on public.notes from anon, authenticated;
grant select, delete on public.notes to authenticated;
grant insert (lesson_id, at_s, body) on public.notes to authenticated;
grant update (at_s, body) on public.notes to authenticated;

create policy notes_select_owner on public.notes
  for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy notes_select_owner on public.notes is 'Learners read their own notes only.';

create policy notes_insert_owner on public.notes
  for insert to authenticated
  with check (user_id = (select auth.uid()) and private.is_enrolled(course_id));
comment on policy notes_insert_owner on public.notes is
  'Learners write notes of their own, only in courses they are enrolled in (active or completed).';

create policy notes_update_owner on public.notes
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
comment on policy notes_update_owner on public.notes is 'Learners edit their own notes only.';

create policy notes_delete_owner on public.notes
  for delete to authenticated
  using (user_id = (select auth.uid()));
comment on policy notes_delete_owner on public.notes is 'Learners delete their own notes only.';
