-- An enrollment's status moves by the product's rules (PRODUCT.md §4): it completes by itself when the last required
-- lesson is done (the progress trigger), and an instructor only removes a learner (aal2, enrollments_update_member)
-- or takes them back. A member's direct update could also set any other status (a completed learner back to
-- active, or an active one to completed without the lessons); this trigger refuses those. The database's own
-- calls (save_progress, remove_learner, add_learners reinstating) run as their definer and are not limited here.

create function private.guard_enrollment_status()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user <> 'authenticated' or new.status = old.status or new.status = 'removed' then
    return new;
  end if;
  -- Taking a removed learner back restores what their progress says: completed if they had finished.
  if old.status = 'removed'
    and new.status = (case when old.completed_at is null then 'active' else 'completed' end)::public.enrollment_status then
    return new;
  end if;
  perform private.raise_api_error(
    'validation_failed',
    'An enrollment completes by itself when every lesson is done; instructors can only remove a learner or take them back.',
    422,
    jsonb_build_object('fields', jsonb_build_object(
      'status', 'An enrollment completes by itself when every lesson is done; instructors can only remove a learner or take them back.'
    ))
  );
  return new;
end;
$$;

comment on function private.guard_enrollment_status() is
  'Trigger: a client''s update of an enrollment''s status may only remove the learner or take a removed one back to the status their progress gives (validation_failed 422 otherwise). Definer calls are exempt.';

create trigger enrollments_guard_status
  before update of status on public.enrollments
  for each row execute function private.guard_enrollment_status();
