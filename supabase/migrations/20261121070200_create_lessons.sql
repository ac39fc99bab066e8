-- ============================================================================================================
-- Lessons: the rows of a course's outline (title, kind, duration, preview flag, completion rule), in a dense
-- order (1..n) within their section. Readable wherever the course is; the lesson itself (body, video) is in
-- lesson_contents, which has stricter rules.
-- ============================================================================================================

create type public.lesson_kind as enum ('video', 'text');
comment on type public.lesson_kind is 'video: a hosted video with optional captions; text: a markdown lesson.';

create type public.completion_rule as enum ('manual', 'video');
comment on type public.completion_rule is 'manual: the learner ticks it; video: watched_s reaches completion_threshold x duration_s.';

create table public.lessons (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  section_id uuid not null,
  position integer not null,
  title text not null,
  kind public.lesson_kind not null default 'video',
  duration_s integer not null default 0,
  is_preview boolean not null default false,
  completion_rule public.completion_rule not null default 'manual',
  completion_threshold numeric(3, 2) not null default 0.9,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint lessons_section_fkey foreign key (section_id, course_id)
    references public.course_sections (id, course_id) on delete cascade,
  -- Content and progress reference (lesson, course) so their course_id always matches the lesson's.
  constraint lessons_id_course_key unique (id, course_id),
  -- Deferrable so a reorder can swap positions inside one transaction.
  constraint lessons_position_key unique (section_id, position) deferrable initially immediate,
  constraint lessons_position_positive check (position >= 1),
  constraint lessons_title_length check (title = btrim(title) and char_length(title) between 1 and 120),
  constraint lessons_duration_range check (duration_s between 0 and 86400),
  constraint lessons_completion_threshold_range check (completion_threshold between 0.5 and 1.0),
  constraint lessons_video_rule_needs_video check (completion_rule = 'manual' or kind = 'video')
);

comment on table public.lessons is 'A lesson in a course''s outline; its content is in lesson_contents.';
comment on column public.lessons.course_id is 'The section''s course (enforced by the foreign key on section and course).';
comment on column public.lessons.position is 'Order within the section: 1..n, no gaps, no duplicates (checked at commit).';
comment on column public.lessons.title is 'Trimmed, 1-120 characters.';
comment on column public.lessons.duration_s is 'Length in seconds (0-86,400); for text lessons, the estimated reading time.';
comment on column public.lessons.is_preview is 'Preview lessons of a published course are open to everyone, enrolled or not.';
comment on column public.lessons.completion_rule is 'How the lesson gets completed; video needs a video lesson.';
comment on column public.lessons.completion_threshold is 'Share of the video (0.5-1.0, default 0.9) to watch for the video rule.';

create index lessons_course_id_idx on public.lessons (course_id);

create trigger lessons_set_updated_at
  before update on public.lessons
  for each row execute function private.set_updated_at();

-- ------------------------------------------------------------------------------------------------------------
-- Dense positions (the check is shared with sections: see their migration)
-- ------------------------------------------------------------------------------------------------------------

create constraint trigger lessons_positions_dense
  after insert or update of position, section_id or delete on public.lessons
  deferrable initially deferred
  for each row execute function private.check_positions_dense('section_id', 'lessons of a section');

-- ------------------------------------------------------------------------------------------------------------
-- Grants and row-level security
-- ------------------------------------------------------------------------------------------------------------

alter table public.lessons enable row level security;

revoke all on public.lessons from anon, authenticated;
grant select on public.lessons to anon, authenticated;
grant delete on public.lessons to authenticated;
grant insert (
  course_id, section_id, position, title, kind, duration_s, is_preview, completion_rule, completion_threshold
) on public.lessons to authenticated;
grant update (
  section_id, position, title, kind, duration_s, is_preview, completion_rule, completion_threshold
) on public.lessons to authenticated;

-- Reading follows the course: the subquery runs under the courses policies of the requesting role.
create policy lessons_select_anon on public.lessons
  for select to anon
  using (exists (select 1 from public.courses c where c.id = course_id));
comment on policy lessons_select_anon on public.lessons is 'Visitors read the outline of courses they can read.';

create policy lessons_select_authenticated on public.lessons
  for select to authenticated
  using (exists (select 1 from public.courses c where c.id = course_id));
comment on policy lessons_select_authenticated on public.lessons is 'Signed-in users read the outline of courses they can read.';

create policy lessons_insert_member on public.lessons
  for insert to authenticated
  with check (private.is_course_member(course_id));
comment on policy lessons_insert_member on public.lessons is 'Members of the course''s school add lessons.';

create policy lessons_update_member on public.lessons
  for update to authenticated
  using (private.is_course_member(course_id))
  with check (private.is_course_member(course_id));
comment on policy lessons_update_member on public.lessons is 'Members of the course''s school edit lessons.';

create policy lessons_delete_member on public.lessons
  for delete to authenticated
  using (private.is_course_member(course_id));
comment on policy lessons_delete_member on public.lessons is 'Members of the course''s school remove lessons.';
