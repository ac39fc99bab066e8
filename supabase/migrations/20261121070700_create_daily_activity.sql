-- ============================================================================================================
-- Daily activity: per learner and day (in the learner's time zone), seconds studied and lessons completed.
-- Maintained by the database from progress writes (save_progress); the source of streaks, the heatmap, charts and
-- the leaderboard. Clients only read their own rows.
-- ============================================================================================================

create table public.daily_activity (
  user_id uuid not null references public.profiles (id) on delete cascade,
  day date not null,
  seconds integer not null default 0,
  lessons_completed integer not null default 0,
  primary key (user_id, day),
  constraint daily_activity_seconds_range check (seconds between 0 and 86400),
  constraint daily_activity_lessons_completed_positive check (lessons_completed >= 0)
);

comment on table public.daily_activity is 'How much a learner studied each day; written by the database, read by its owner.';
comment on column public.daily_activity.day is 'The calendar day in the learner''s time zone (profiles.timezone).';
comment on column public.daily_activity.seconds is 'Seconds studied that day (at most a day''s worth).';
comment on column public.daily_activity.lessons_completed is 'Lessons completed that day; a day counts for streaks with >= 5 minutes or >= 1 lesson.';

-- ------------------------------------------------------------------------------------------------------------
-- Grants and row-level security
-- ------------------------------------------------------------------------------------------------------------

alter table public.daily_activity enable row level security;

-- Written only by database functions (save_progress); clients read.
revoke all on public.daily_activity from anon, authenticated;
grant select on public.daily_activity to authenticated;

create policy daily_activity_select_owner on public.daily_activity
  for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy daily_activity_select_owner on public.daily_activity is 'Learners read their own daily activity.';
