-- Removal details are the instructors': a removed learner still reads their own enrollment (its status says why
-- their access ended) but no longer the reason or who removed them, through the Data API or Realtime (which applies
-- column privileges to every change it delivers). Instructors read both through course_learners and the studio's
-- calls, which read enrollments as their definer.

revoke select on public.enrollments from authenticated;
grant select (
  id, course_id, user_id, cohort_id, source, status, enrolled_at, completed_at, last_lesson_id, last_activity_at,
  removed_at
) on public.enrollments to authenticated;

-- The enrollment an instructor acts on is read whole (the studio's answers include the reason): definer now, its
-- own membership check unchanged.
alter function private.managed_enrollment(uuid, text) security definer;
-- Signed-in callers only: visitors are answered not_signed_in by the calls before they get here.
revoke execute on function private.managed_enrollment(uuid, text) from anon;

-- move_learner_to_cohort as before (20261124133000), reading the moved enrollment back through managed_enrollment.
create or replace function public.move_learner_to_cohort(enrollment_id uuid, cohort_id uuid)
returns jsonb
language plpgsql
volatile
-- Invoker: the update runs under enrollments_update_member; the checks only turn refusals into errors.
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  target public.enrollments;
begin
  if (select auth.uid()) is null then
    perform private.raise_api_error('not_signed_in', 'Sign in to move learners between cohorts.', 401);
  end if;
  target := private.managed_enrollment(move_learner_to_cohort.enrollment_id, 'move learners between cohorts');
  if target.status = 'removed' then
    -- Changing a removed enrollment needs a second factor (enrollments_update_member); nobody needs to.
    perform private.raise_api_error(
      'validation_failed', 'Add the learner back before moving them to a cohort.', 422,
      jsonb_build_object('fields', jsonb_build_object('enrollment_id', 'Add the learner back before moving them to a cohort.'))
    );
  end if;
  if move_learner_to_cohort.cohort_id is not null and not exists (
    select 1 from public.cohorts c where c.id = move_learner_to_cohort.cohort_id and c.course_id = target.course_id
  ) then
    perform private.raise_api_error(
      'validation_failed', 'Choose a cohort of this course.', 422,
      jsonb_build_object('fields', jsonb_build_object('cohort_id', 'Choose a cohort of this course.'))
    );
  end if;
  update public.enrollments e set cohort_id = move_learner_to_cohort.cohort_id
  where e.id = target.id;
  -- Read back through managed_enrollment: the caller may not select every column (the removal details).
  return private.enrollment_json(private.managed_enrollment(target.id, 'move learners between cohorts'));
end;
$$;

