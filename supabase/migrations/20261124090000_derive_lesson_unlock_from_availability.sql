-- ============================================================================================================
-- One lesson-lock rule. Until now the rule (release date, drip offset, sequence) was written twice: in
-- private.is_lesson_unlocked for the content, progress and media policies, and in private.lesson_availability for
-- course_outline and save_progress, kept in step by a comment. lesson_availability is now the only place the rule is
-- written; is_lesson_unlocked asks it, so a change to the rule (cohort starts, say) reaches every caller at once.
-- ============================================================================================================

create or replace function private.is_lesson_unlocked(target_lesson uuid)
returns boolean
language sql
stable
-- Definer: lesson_availability reads the requesting learner's enrollment and progress and the whole outline,
-- whatever the policies of the table asking (lesson_contents, lesson_progress, storage.objects) would let them see.
security definer
set search_path = ''
as $$
  select coalesce(
    (
      select a.available
      from public.lessons l
      cross join lateral private.lesson_availability(l.course_id) a
      where l.id = target_lesson
        and a.lesson_id = l.id
        -- Unlocked is an enrolled learner's notion: members and preview visitors have policies of their own.
        and private.is_enrolled(l.course_id)
    ),
    false
  );
$$;

comment on function private.is_lesson_unlocked(uuid) is
  'True when the requesting enrolled learner may open the lesson, as private.lesson_availability (the one lock rule) says.';

comment on function private.lesson_availability(uuid) is
  'The lesson-lock rule, written once: for the requesting user, each lesson of the course with whether they may open it, if not why (enroll, release date, sequence), and their own progress. is_lesson_unlocked and through it the content, progress and media policies ask it.';
