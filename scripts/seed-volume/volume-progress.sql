-- Step 2 of `npm run seed:volume`, one transaction per worker, side by side: the progress rows of learners
-- :from..:to (volume-plan.sql, run before this in the same session) but the witnesses, without their triggers
-- (replica role: also the foreign-key checks, which the generated ids satisfy by construction, and no table lock
-- that would stall a running app). What the triggers would have derived is written set-based in volume-derive.sql.
set local session_replication_role = replica;
insert into public.lesson_progress (user_id, lesson_id, course_id, status, position_s, watched_s, completed_at, completed_by, updated_at)
select user_id, lesson_id, course_id, status, position_s, watched_s, completed_at, completed_by, updated_at
from volume_progress_rows
where not witness;
set local session_replication_role = origin;
