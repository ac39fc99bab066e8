-- Study sessions come only from a plan: save_study_plan and replan_study_plan lay them out. A learner could insert
-- sessions of their own directly (the column grant and the insert policy let them, the plan's foreign key only asked
-- that a plan exist); the app never did, and the calendar should show what the plan laid out. The layout now runs
-- as its owner, still for the caller's own plan only, and learners keep reading and deleting their sessions.

alter function private.lay_out_study_sessions(uuid) security definer;

comment on function private.lay_out_study_sessions(uuid) is
  'Replaces the caller''s sessions ahead for a course with ones covering what is left of it; past sessions stay. Runs as its owner: learners cannot write sessions themselves; it touches only the caller''s own plan.';

revoke insert on public.study_sessions from authenticated;
drop policy study_sessions_insert_own on public.study_sessions;
