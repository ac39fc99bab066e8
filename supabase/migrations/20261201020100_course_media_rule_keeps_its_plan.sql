-- ============================================================================================================
-- private.can_read_course_media(object name), the course-media bucket's read rule, in PL/pgSQL instead of SQL.
--
-- Why: the lesson-media function signs a lesson's video and captions through Storage, whose read of those objects
-- asks this rule. As a SQL function with a SET clause it is never inlined, and PostgreSQL plans its query again at
-- each statement that calls it (no plan is kept for SQL functions across statements before PostgreSQL 18): 0.62 ms
-- of database time per call for an enrolled learner (pgbench, one connection, the demo course). PL/pgSQL keeps the
-- plan per connection, as it does for the other policy helpers (is_course_member, is_lesson_unlocked,
-- is_published_preview).
--
-- The rule is the same statement word for word; 182-lesson-lock-agreement.test.sql keeps holding it to the outline's
-- lock rule for every lesson, demo user and a visitor. CREATE OR REPLACE keeps its grants and comment.
-- ============================================================================================================

create or replace function private.can_read_course_media(object_name text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (
    select 1
    from public.lessons l
    join public.courses c on c.id = l.course_id
    where l.course_id = private.uuid_or_null((storage.foldername(object_name))[1])
      and l.id = private.uuid_or_null((storage.foldername(object_name))[2])
      and (
        (l.is_preview and c.status = 'published')
        or private.is_course_member(c.id)
        or private.is_lesson_unlocked(l.id)
      )
  );
end;
$$;
