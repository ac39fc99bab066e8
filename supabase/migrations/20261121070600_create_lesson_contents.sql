-- ============================================================================================================
-- Lesson contents: what a lesson teaches (markdown body, video, captions, attachments), kept apart from the outline
-- because it is readable only by enrolled learners (for unlocked lessons), the school's members, and anyone for
-- a preview lesson of a published course.
-- ============================================================================================================

create table public.lesson_contents (
  lesson_id uuid primary key,
  course_id uuid not null,
  body_md text not null default '',
  video_path text,
  captions_path text,
  attachments jsonb not null default '[]',
  updated_at timestamptz not null default now(),
  constraint lesson_contents_lesson_fkey foreign key (lesson_id, course_id)
    references public.lessons (id, course_id) on delete cascade,
  constraint lesson_contents_body_length check (char_length(body_md) <= 100000),
  -- Media live in the course-media bucket under {course_id}/{lesson_id}/{file}.
  constraint lesson_contents_video_path_owned check (
    video_path is null or video_path like course_id::text || '/' || lesson_id::text || '/_%'
  ),
  constraint lesson_contents_captions_path_owned check (
    captions_path is null or captions_path like course_id::text || '/' || lesson_id::text || '/_%.vtt'
  ),
  constraint lesson_contents_attachments_array check (jsonb_typeof(attachments) = 'array')
);

comment on table public.lesson_contents is 'The content of a lesson; stricter to read than the outline (PRODUCT.md §6).';
comment on column public.lesson_contents.course_id is 'The lesson''s course (enforced by the foreign key), for policies and media paths.';
comment on column public.lesson_contents.body_md is 'Markdown: the lesson for text lessons, notes under the video for video lessons.';
comment on column public.lesson_contents.video_path is 'Object path in the course-media bucket: {course_id}/{lesson_id}/{file}.';
comment on column public.lesson_contents.captions_path is 'WebVTT captions in the course-media bucket, next to the video.';
comment on column public.lesson_contents.attachments is 'JSON array of {name, path} for PDF attachments in the course-media bucket.';

create index lesson_contents_course_id_idx on public.lesson_contents (course_id);

create trigger lesson_contents_set_updated_at
  before update on public.lesson_contents
  for each row execute function private.set_updated_at();

-- ------------------------------------------------------------------------------------------------------------
-- Helper for policies
-- ------------------------------------------------------------------------------------------------------------

create function private.is_published_preview(target_lesson uuid)
returns boolean
language sql
stable
-- Invoker on purpose: the lookup runs under the caller's policies on lessons and courses, which already show
-- every published course's outline to everyone, so no definer rights are needed (and anon may call it).
set search_path = ''
as $$
  select exists (
    select 1 from public.lessons l join public.courses c on c.id = l.course_id
    where l.id = target_lesson and l.is_preview and c.status = 'published'
  );
$$;

comment on function private.is_published_preview(uuid) is 'True when the lesson is a preview lesson of a published course.';

grant execute on function private.is_published_preview(uuid) to anon, authenticated, service_role;

-- ------------------------------------------------------------------------------------------------------------
-- Grants and row-level security
-- ------------------------------------------------------------------------------------------------------------

alter table public.lesson_contents enable row level security;

revoke all on public.lesson_contents from anon, authenticated;
grant select on public.lesson_contents to anon, authenticated;
grant delete on public.lesson_contents to authenticated;
grant insert (lesson_id, course_id, body_md, video_path, captions_path, attachments) on public.lesson_contents to authenticated;
grant update (body_md, video_path, captions_path, attachments) on public.lesson_contents to authenticated;

create policy lesson_contents_select_anon on public.lesson_contents
  for select to anon
  using (private.is_published_preview(lesson_id));
comment on policy lesson_contents_select_anon on public.lesson_contents is 'Visitors read preview lessons of published courses.';

create policy lesson_contents_select_authenticated on public.lesson_contents
  for select to authenticated
  using (
    private.is_published_preview(lesson_id)
    or private.is_course_member(course_id)
    or private.is_lesson_unlocked(lesson_id)
  );
comment on policy lesson_contents_select_authenticated on public.lesson_contents is
  'Previews for everyone; school members everything; enrolled learners (active or completed) their unlocked lessons.';

create policy lesson_contents_insert_member on public.lesson_contents
  for insert to authenticated
  with check (private.is_course_member(course_id));
comment on policy lesson_contents_insert_member on public.lesson_contents is 'Members of the course''s school write lesson content.';

create policy lesson_contents_update_member on public.lesson_contents
  for update to authenticated
  using (private.is_course_member(course_id))
  with check (private.is_course_member(course_id));
comment on policy lesson_contents_update_member on public.lesson_contents is 'Members of the course''s school edit lesson content.';

create policy lesson_contents_delete_member on public.lesson_contents
  for delete to authenticated
  using (private.is_course_member(course_id));
comment on policy lesson_contents_delete_member on public.lesson_contents is 'Members of the course''s school remove lesson content.';
