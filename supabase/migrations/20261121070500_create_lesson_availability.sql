-- ============================================================================================================
-- Lesson availability for a learner (PRODUCT.md §4): a lesson is locked until its section's release_at, until
-- release_offset_days after the learner enrolled, and, in sequential courses, until every earlier lesson of the
-- course is completed. Used by the lesson_contents policies now and by course_outline / save_progress later.
-- ============================================================================================================

create function private.is_lesson_unlocked(target_lesson uuid)
returns boolean
language sql
stable
-- Definer: reads the requesting learner's enrollment and progress and the whole outline, whatever the policies of
-- the table asking (lesson_contents) would let the learner see row by row.
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.lessons l
    join public.course_sections s on s.id = l.section_id
    join public.courses c on c.id = l.course_id
    join public.enrollments e
      on e.course_id = l.course_id and e.user_id = (select auth.uid()) and e.status in ('active', 'completed')
    where l.id = target_lesson
      and (s.release_at is null or s.release_at <= now())
      and (s.release_offset_days is null or e.enrolled_at + make_interval(days => s.release_offset_days) <= now())
      and (
        c.progression = 'free'
        or not exists (
          select 1
          from public.lessons earlier
          join public.course_sections es on es.id = earlier.section_id
          where earlier.course_id = l.course_id
            and (es.position, earlier.position) < (s.position, l.position)
            and not exists (
              select 1 from public.lesson_progress p
              where p.user_id = e.user_id and p.lesson_id = earlier.id and p.status = 'completed'
            )
        )
      )
  );
$$;

comment on function private.is_lesson_unlocked(uuid) is
  'True when the lesson is available to the requesting enrolled learner: released (date, drip offset) and, in sequential courses, every earlier lesson completed.';

grant execute on function private.is_lesson_unlocked(uuid) to authenticated, service_role;
