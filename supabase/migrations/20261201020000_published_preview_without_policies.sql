-- ============================================================================================================
-- private.is_published_preview(lesson) looks the lesson up with definer rights instead of under the caller's
-- policies on lessons and courses, in PL/pgSQL like the other policy helpers (is_course_member, is_enrolled,
-- is_lesson_unlocked).
--
-- Why: the player now reads each lesson's content from lesson_contents (a row per lesson it opens), and that row's
-- policies ask is_published_preview first. A learner's read of one content row took 0.72 ms in the database (pgbench,
-- one connection, the demo course), and this lookup took most of it, twice over: as an invoker function its query
-- went through the lessons policy (an EXISTS on courses) and the courses policy (is_school_member, is_enrolled), and
-- as a SQL function with a SET clause it is never inlined and PostgreSQL plans its query again at every call (no plan
-- is kept for SQL functions across calls before PostgreSQL 18), where PL/pgSQL keeps one per connection. The read
-- now takes 0.27 ms.
--
-- The answer does not change: a lesson is a published preview when it is a preview lesson of a published course, and
-- every role may already read every published course and its lessons (courses_select_anon, courses_select_authenticated
-- and the lessons policies), so the policies never hid a lesson this lookup can find. 184-published-preview.test.sql
-- holds the definer answer equal to the lookup made under each demo user's and a visitor's policies, for every lesson.
-- CREATE OR REPLACE keeps the function's grants (anon and authenticated ask it from their policies) and its comment.
-- ============================================================================================================

create or replace function private.is_published_preview(target_lesson uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (
    select 1 from public.lessons l join public.courses c on c.id = l.course_id
    where l.id = target_lesson and l.is_preview and c.status = 'published'
  );
end;
$$;
