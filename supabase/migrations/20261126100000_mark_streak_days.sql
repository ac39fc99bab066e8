-- ============================================================================================================
-- Which days count for streaks and the weekly goal: at least 5 minutes studied (300 s) or at least 1 lesson
-- completed, in the learner's time zone (PRODUCT.md §9). Stored on daily_activity itself so the rule is written
-- once and every reader (learner_stats, achievements, the leaderboard) reads the same answer from the row.
-- ============================================================================================================

alter table public.daily_activity
  add column counts_for_streak boolean not null
  generated always as (seconds >= 300 or lessons_completed >= 1) stored;

comment on column public.daily_activity.counts_for_streak is
  'True when the day counts for streaks and the weekly goal: >= 300 seconds studied or >= 1 lesson completed.';
