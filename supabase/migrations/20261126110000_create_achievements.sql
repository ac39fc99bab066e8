-- ============================================================================================================
-- Achievements: the catalogue of trophies (/achievements) and the ones each learner has earned. Awards are made by
-- the database only, in the transaction of the progress write that earns them (20261126110100); clients read. Each
-- award is published on Realtime (postgres_changes, delivered under the select policy: to its owner only), so any
-- open tab of the learner can announce it.
-- ============================================================================================================

create table public.achievements (
  code text primary key,
  position smallint not null unique,
  title text not null,
  description text not null,
  icon text not null,
  constraint achievements_code_format check (code ~ '^[a-z0-9]+(_[a-z0-9]+)*$'),
  constraint achievements_title_length check (char_length(title) between 1 and 60),
  constraint achievements_description_length check (char_length(description) between 1 and 200),
  -- A lucide icon's component name (Trophy, Flame, ...).
  constraint achievements_icon_format check (icon ~ '^[A-Z][A-Za-z0-9]*$')
);

comment on table public.achievements is 'The trophies a learner can earn; the same for everyone, kept by migrations.';
comment on column public.achievements.code is 'Stable identifier the rules award and the app keys on (first_lesson, streak_7, ...).';
comment on column public.achievements.position is 'Display order on /achievements.';
comment on column public.achievements.icon is 'Name of the lucide icon shown with the trophy.';

insert into public.achievements (code, position, title, description, icon) values
  ('first_lesson', 1, 'First lesson', 'Completed your first lesson.', 'BookCheck'),
  ('first_course', 2, 'Course finished', 'Completed every lesson of a course.', 'GraduationCap'),
  ('streak_7', 3, '7-day streak', 'Studied 7 days in a row (5 minutes or a lesson a day).', 'Flame'),
  ('streak_30', 4, '30-day streak', 'Studied 30 days in a row (5 minutes or a lesson a day).', 'Flame'),
  ('hours_10', 5, '10 hours learned', 'Spent 10 hours learning.', 'Clock'),
  ('night_owl', 6, 'Night owl', 'Completed a lesson between 10 pm and 5 am.', 'Moon'),
  ('early_bird', 7, 'Early bird', 'Completed a lesson between 5 am and 8 am.', 'Sunrise'),
  ('goal_4_weeks', 8, 'Four weeks on goal', 'Met your weekly goal 4 weeks running.', 'Target');

create table public.user_achievements (
  user_id uuid not null references public.profiles (id) on delete cascade,
  code text not null references public.achievements (code) on update cascade on delete cascade,
  earned_at timestamptz not null default now(),
  course_id uuid references public.courses (id) on delete set null,
  -- Each trophy is earned once: the rules insert with on conflict do nothing.
  primary key (user_id, code)
);

comment on table public.user_achievements is 'The trophies each learner has earned, once each; written by the database only.';
comment on column public.user_achievements.earned_at is 'When the progress write that earned it happened (its transaction''s time).';
comment on column public.user_achievements.course_id is 'The course the earning lesson or completion belonged to, for trophies earned in one.';

create index user_achievements_code_idx on public.user_achievements (code);
create index user_achievements_course_id_idx on public.user_achievements (course_id);

-- ------------------------------------------------------------------------------------------------------------
-- Grants and row-level security
-- ------------------------------------------------------------------------------------------------------------

alter table public.achievements enable row level security;
alter table public.user_achievements enable row level security;

-- The catalogue changes with migrations; awards are written by the database's own triggers.
revoke all on public.achievements from anon, authenticated;
revoke all on public.user_achievements from anon, authenticated;
grant select on public.achievements to authenticated;
grant select on public.user_achievements to authenticated;

create policy achievements_select_authenticated on public.achievements
  for select to authenticated
  using (true);
comment on policy achievements_select_authenticated on public.achievements is 'Every signed-in user reads the catalogue.';

create policy user_achievements_select_owner on public.user_achievements
  for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy user_achievements_select_owner on public.user_achievements is 'Learners read their own trophies.';

-- An open tab subscribes to inserts of its own awards (delivered under user_achievements_select_owner).
alter publication supabase_realtime add table public.user_achievements;
