-- ============================================================================================================
-- Course state transitions (PRODUCT.md §4) enforced by the database, not the studio:
--   * back to draft (from published or archived) only while the course has no learners (active or completed
--     enrollments): a draft is invisible to learners, so unpublishing would cut them off with course_not_found.
--     Completed learners count too, since they keep reading the course. Archive a course to retire it instead;
--   * archiving needs a session verified with a second factor (aal2), like the other destructive actions. The
--     service role and migrations (no user in the request) are trusted and exempt;
--   * an archived course stays open to its enrolled learners (the courses, lessons, content and media policies
--     and course_outline already say so) and hidden from everyone else; its school's name stays readable to
--     those learners, as for a published course.
-- Refusals answer PRODUCT.md §8 errors: aal2_required (403) and validation_failed (422) with a fields map.
-- ============================================================================================================

create function private.guard_course_status()
returns trigger
language plpgsql
-- Definer: counts the course's enrollments whatever the acting user's enrollments policies show.
security definer
set search_path = ''
as $$
begin
  if new.status = old.status then
    return new;
  end if;
  if new.status = 'archived' and (select auth.uid()) is not null and not private.is_aal2() then
    perform private.raise_api_error(
      'aal2_required', 'Archiving a course needs a session verified with a second factor.', 403
    );
  end if;
  if new.status = 'draft' and exists (
    select 1 from public.enrollments e where e.course_id = new.id and e.status in ('active', 'completed')
  ) then
    perform private.raise_api_error(
      'validation_failed', 'A course with enrolled learners cannot go back to draft; archive it instead.', 422,
      jsonb_build_object('fields', jsonb_build_object(
        'status', 'A course with enrolled learners cannot go back to draft; archive it instead.'
      ))
    );
  end if;
  return new;
end;
$$;

comment on function private.guard_course_status() is
  'Trigger: refuses draft for a course with learners (validation_failed 422) and archiving without aal2 (aal2_required 403).';

create trigger courses_guard_status
  before update of status on public.courses
  for each row execute function private.guard_course_status();

-- The school of an archived course stays readable to its learners (course page, "my courses"): the courses
-- subquery runs under the caller's courses policies, which show archived courses only to members and learners.
alter policy schools_select_authenticated on public.schools
  using (
    private.is_school_member(id)
    or exists (select 1 from public.courses c where c.school_id = schools.id and c.status in ('published', 'archived'))
    -- The creator, in the transaction that created the school (see 20261124100100).
    or (created_by = (select auth.uid()) and created_at = now())
  );
comment on policy schools_select_authenticated on public.schools is
  'Members see their schools; signed-in users see schools with a course they can read (published, or archived and enrolled); the creator reads back the school they are creating.';
