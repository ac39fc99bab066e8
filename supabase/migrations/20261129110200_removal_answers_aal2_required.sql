-- A member's direct update of an enrollment to removed at aal1 was refused by enrollments_update_member's check
-- (42501, a bare "violates row-level security policy"), while the catalogue (PRODUCT.md §8) and remove_learner answer
-- aal2_required 403. The status guard now says so first; the policy still holds the rule underneath. The rest of the
-- guard is unchanged from 20261124135400_guard_enrollment_status.

create or replace function private.guard_enrollment_status()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user <> 'authenticated' or new.status = old.status then
    return new;
  end if;
  -- Removing a learner needs a second factor (enrollments_update_member); the trigger runs before the policy's
  -- check, so the caller hears why.
  if new.status = 'removed' then
    if not private.is_aal2() then
      perform private.raise_api_error(
        'aal2_required', 'Removing a learner needs a session verified with a second factor.', 403
      );
    end if;
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
  'Trigger: a client''s update of an enrollment''s status may only remove the learner (aal2, else aal2_required 403) or take a removed one back to the status their progress gives (validation_failed 422 otherwise). Definer calls are exempt.';
