-- ============================================================================================================
-- Lesson progress: one row per learner and lesson (resume position, distinct seconds watched, completion).
-- Owned by the learner; instructors of the course read it. Written by the save_progress call in practice; the
-- policies also hold for direct writes. Streamed to the learner's other tabs and devices through Realtime.
-- ============================================================================================================

create type public.progress_status as enum ('not_started', 'in_progress', 'completed');
comment on type public.progress_status is 'not_started -> in_progress (first play or open) -> completed; back to in_progress by unticking.';

create type public.completed_by as enum ('manual', 'rule', 'instructor');
comment on type public.completed_by is 'Who completed a lesson: the learner''s tick, the completion rule, or an instructor override.';

create table public.lesson_progress (
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  lesson_id uuid not null,
  course_id uuid not null,
  status public.progress_status not null default 'in_progress',
  position_s integer not null default 0,
  watched_s integer not null default 0,
  completed_at timestamptz,
  completed_by public.completed_by,
  updated_at timestamptz not null default now(),
  primary key (user_id, lesson_id),
  constraint lesson_progress_lesson_fkey foreign key (lesson_id, course_id)
    references public.lessons (id, course_id) on delete cascade,
  constraint lesson_progress_position_range check (position_s between 0 and 86400),
  constraint lesson_progress_watched_range check (watched_s between 0 and 86400),
  constraint lesson_progress_completion_consistent check (
    (status = 'completed') = (completed_at is not null) and (status = 'completed') = (completed_by is not null)
  )
);

comment on table public.lesson_progress is 'A learner''s progress in one lesson. Last write wins by updated_at.';
comment on column public.lesson_progress.course_id is 'The lesson''s course (enforced by the foreign key), for policies and course totals.';
comment on column public.lesson_progress.position_s is 'Where to resume the video, in seconds.';
comment on column public.lesson_progress.watched_s is 'Distinct seconds watched; compared with completion_threshold x duration_s.';
comment on column public.lesson_progress.completed_at is 'Set exactly when status is completed.';
comment on column public.lesson_progress.completed_by is 'Set exactly when status is completed.';

create index lesson_progress_course_id_idx on public.lesson_progress (course_id);
create index lesson_progress_lesson_id_idx on public.lesson_progress (lesson_id, course_id);

create trigger lesson_progress_set_updated_at
  before update on public.lesson_progress
  for each row execute function private.set_updated_at();

-- ------------------------------------------------------------------------------------------------------------
-- Grants and row-level security
-- ------------------------------------------------------------------------------------------------------------

alter table public.lesson_progress enable row level security;

-- Progress is kept for the learner's history: no deletes by clients (it goes with the account).
revoke all on public.lesson_progress from anon, authenticated;
grant select on public.lesson_progress to authenticated;
grant insert (lesson_id, course_id, status, position_s, watched_s, completed_at, completed_by)
  on public.lesson_progress to authenticated;
grant update (status, position_s, watched_s, completed_at, completed_by) on public.lesson_progress to authenticated;

create policy lesson_progress_select_authenticated on public.lesson_progress
  for select to authenticated
  using (user_id = (select auth.uid()) or private.is_course_member(course_id));
comment on policy lesson_progress_select_authenticated on public.lesson_progress is
  'Learners read their own progress; members of the course''s school read its learners'' progress.';

create policy lesson_progress_insert_owner on public.lesson_progress
  for insert to authenticated
  with check (user_id = (select auth.uid()) and private.is_enrolled(course_id));
comment on policy lesson_progress_insert_owner on public.lesson_progress is
  'Learners record their own progress, only in courses they are enrolled in.';

create policy lesson_progress_update_owner on public.lesson_progress
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()) and private.is_enrolled(course_id));
comment on policy lesson_progress_update_owner on public.lesson_progress is
  'Learners update their own progress, only while enrolled in the course.';

-- Realtime: a learner's progress changes reach their other tabs and devices (delivered under the select policy).
alter publication supabase_realtime add table public.lesson_progress;
