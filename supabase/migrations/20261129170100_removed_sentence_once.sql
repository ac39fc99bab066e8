-- ============================================================================================================
-- "You were removed from this course…" was written twice: in private.admit and again in private.enroll_after_use
-- for the race where another path enrolled the learner between the two. The existing row is exactly what admit
-- answers for, so enroll_after_use now asks it (the advisory lock admit takes is already held by this transaction,
-- so asking again does not wait) and the refusal and its sentence live in admit alone.
-- ============================================================================================================

create or replace function private.enroll_after_use(learner uuid, course uuid, cohort uuid, via public.enrollment_source)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  created public.enrollments;
begin
  insert into public.enrollments (course_id, user_id, cohort_id, source)
  values (course, learner, cohort, via)
  on conflict (course_id, user_id) do nothing
  returning * into created;
  if found then
    return private.enrollment_answer(created, true);
  end if;
  -- Another path enrolled the learner in between: no use spent, and admit answers for the row it made (the
  -- enrollment, or forbidden for a removed learner).
  return jsonb_build_object('undo', true) || private.admit(learner, course);
end;
$$;

comment on function private.enroll_after_use(uuid, uuid, uuid, public.enrollment_source) is
  'Creates the enrollment after a use was counted; "undo" when one already existed, so the caller gives the use back, with private.admit''s answer for it.';
