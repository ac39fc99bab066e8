-- ============================================================================================================
-- Publishing and deleting a course (PRODUCT.md §4), enforced by the database:
--   * a course is published (from draft or archived, or inserted as published) only when its checklist passes:
--     a title and a slug (the courses check constraints already guarantee both, so those items are always met),
--     at least one section with at least one lesson, and a video for every video lesson
--     (lesson_contents.video_path). Otherwise validation_failed (422) with a fields map of what blocks it.
--     course_publish_checklist(course_id) answers the same items for the editor. The rule holds for the step into
--     published, not afterwards: authors keep adding lessons (whose videos come later) to a published course;
--   * deleting a course needs a session verified with a second factor (aal2_required, 403; the delete policy no
--     longer hides the course from such a session, so the refusal is an error the studio can show), and is refused
--     while the course has learners (active or completed enrollments), like going back to draft: deleting would
--     take their progress and certificates. Archive the course, or remove its learners (aal2), first. This also
--     applies when a school with such courses is deleted.
-- Requests without a user (service role, migrations, seed) are trusted and exempt, as in 20261124100200.
-- ============================================================================================================

-- ------------------------------------------------------------------------------------------------------------
-- The checklist
-- ------------------------------------------------------------------------------------------------------------

create function private.publish_checklist(target_course uuid)
returns table (item text, ok boolean, message text, lesson_ids uuid[])
language sql
stable
-- Invoker: course_publish_checklist calls it for the course's authors, who read the whole outline and content;
-- the status guard below runs it with definer rights.
set search_path = ''
as $$
  with course as (
    select c.id, c.title, c.slug from public.courses c where c.id = target_course
  ),
  missing_videos as (
    select
      array_agg(l.id order by s.position, l.position) as ids,
      string_agg('"' || l.title || '"', ', ' order by s.position, l.position) as titles
    from public.lessons l
    join public.course_sections s on s.id = l.section_id
    left join public.lesson_contents lc on lc.lesson_id = l.id
    where l.course_id = target_course and l.kind = 'video' and lc.video_path is null
  )
  select 'title', coalesce(btrim(c.title) <> '', false), 'Give the course a title.', null::uuid[] from course c
  union all
  select 'slug', coalesce(btrim(c.slug) <> '', false), 'Give the course a web address (slug).', null from course c
  union all
  select 'curriculum',
    exists (select 1 from public.lessons l where l.course_id = c.id),
    'Add at least one section with at least one lesson.', null
  from course c
  union all
  select 'videos', m.ids is null, 'Upload a video for every video lesson: ' || m.titles || '.', m.ids
  from course c cross join missing_videos m;
$$;

comment on function private.publish_checklist(uuid) is
  'What publishing a course needs (PRODUCT.md §4), one row per item: title, slug, curriculum (a section with a lesson), videos (every video lesson has one; lesson_ids names those without). message says what to do when ok is false.';

grant execute on function private.publish_checklist(uuid) to authenticated, service_role;

create function public.course_publish_checklist(course_id uuid)
returns table (item text, ok boolean, message text, lesson_ids uuid[])
language plpgsql
stable
-- Invoker: only the course's authors get an answer (see private.require_course_author).
security invoker
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform private.require_course_author(course_publish_checklist.course_id);
  return query
  select c.item, c.ok, case when c.ok then null else c.message end, c.lesson_ids
  from private.publish_checklist(course_publish_checklist.course_id) as c;
end;
$$;

comment on function public.course_publish_checklist(uuid) is
  'The editor''s publishing checklist: one row per item (title, slug, curriculum, videos) with ok, what to do when not ok, and for videos the lessons without one. The course publishes when every item is ok. Errors: not_signed_in 401, course_not_found 404, forbidden 403.';

revoke all on function public.course_publish_checklist(uuid) from public;
grant execute on function public.course_publish_checklist(uuid) to anon, authenticated;

-- ------------------------------------------------------------------------------------------------------------
-- The status guard, extended with the checklist
-- ------------------------------------------------------------------------------------------------------------

create or replace function private.guard_course_status()
returns trigger
language plpgsql
-- Definer: counts the course's enrollments and reads its whole outline and content, whatever the acting user's
-- policies show.
security definer
set search_path = ''
as $$
declare
  trusted boolean := (select auth.uid()) is null;
  blockers jsonb;
begin
  if tg_op = 'UPDATE' and new.status = old.status then
    return new;
  end if;
  if tg_op = 'UPDATE' and new.status = 'archived' and not trusted and not private.is_aal2() then
    perform private.raise_api_error(
      'aal2_required', 'Archiving a course needs a session verified with a second factor.', 403
    );
  end if;
  if tg_op = 'UPDATE' and new.status = 'draft' and exists (
    select 1 from public.enrollments e where e.course_id = new.id and e.status in ('active', 'completed')
  ) then
    perform private.raise_api_error(
      'validation_failed', 'A course with enrolled learners cannot go back to draft; archive it instead.', 422,
      jsonb_build_object('fields', jsonb_build_object(
        'status', 'A course with enrolled learners cannot go back to draft; archive it instead.'
      ))
    );
  end if;
  if new.status = 'published' and not trusted then
    select jsonb_object_agg(c.item, c.message) into blockers
    from private.publish_checklist(new.id) as c
    where not c.ok;
    -- A course inserted as published has no outline yet: every item of it is missing.
    if tg_op = 'INSERT' then
      blockers := coalesce(blockers, '{}') || jsonb_build_object(
        'curriculum', 'Add at least one section with at least one lesson.'
      );
    end if;
    if blockers is not null then
      perform private.raise_api_error(
        'validation_failed',
        'This course cannot be published yet: ' || (select string_agg(v, ' ') from jsonb_each_text(blockers) as b(k, v)),
        422, jsonb_build_object('fields', blockers)
      );
    end if;
  end if;
  return new;
end;
$$;

comment on function private.guard_course_status() is
  'Trigger: refuses publishing before the checklist passes and draft for a course with learners (validation_failed 422), and archiving without aal2 (aal2_required 403). Trusted requests (no user) are exempt from the checklist and aal2.';

-- Inserting a course as published takes the same step as publishing it.
create trigger courses_guard_status_on_insert
  before insert on public.courses
  for each row execute function private.guard_course_status();

-- ------------------------------------------------------------------------------------------------------------
-- Deleting a course
-- ------------------------------------------------------------------------------------------------------------

create function private.guard_course_delete()
returns trigger
language plpgsql
-- Definer: counts the course's enrollments whatever the acting user's enrollments policies show.
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    return old;
  end if;
  if not private.is_aal2() then
    perform private.raise_api_error(
      'aal2_required', 'Deleting a course needs a session verified with a second factor.', 403
    );
  end if;
  if exists (select 1 from public.enrollments e where e.course_id = old.id and e.status in ('active', 'completed')) then
    perform private.raise_api_error(
      'validation_failed', 'A course with enrolled learners cannot be deleted; archive it instead.', 422,
      jsonb_build_object('fields', jsonb_build_object(
        'course', 'A course with enrolled learners cannot be deleted; archive it instead.'
      ))
    );
  end if;
  return old;
end;
$$;

comment on function private.guard_course_delete() is
  'Trigger: deleting a course needs aal2 (aal2_required 403) and no active or completed learners (validation_failed 422). Trusted requests (no user) are exempt.';

create trigger courses_guard_delete
  before delete on public.courses
  for each row execute function private.guard_course_delete();

-- The policy keeps who (the school's members); the trigger says why a member's session may not (aal2_required),
-- which an invisible row could not.
alter policy courses_delete_member on public.courses
  using (private.is_school_member(school_id));
comment on policy courses_delete_member on public.courses is
  'Members of a school delete its courses; the courses_guard_delete trigger requires a second factor and no learners.';
