-- ============================================================================================================
-- Reminders and the instructors' weekly digest (M6) are kinds of notification of their own, so each has its own
-- preference per channel on /account and its own one-click unsubscribe link. Alone in this migration because a
-- value added to an enum cannot be used in the transaction that adds it (the CLI runs each migration file as one
-- transaction); the reminders that use them come in the next migration (20261130020100).
-- Defaults (private.notification_default): in the app and by email, as every kind but trophies.
-- ============================================================================================================

alter type public.notification_kind add value 'study_reminder';
alter type public.notification_kind add value 'event_reminder';
alter type public.notification_kind add value 'streak_reminder';
alter type public.notification_kind add value 'weekly_digest';

comment on type public.notification_kind is
  'course_added: enrolled or invited by a course''s staff; answer: an answer to my question; announcement: a course announcement sent to me; certificate: a certificate issued to me; achievement: a trophy earned; study_reminder: a planned study session starts in 15 minutes; event_reminder: a live session or deadline of my course is a day away; streak_reminder: my streak ends tonight unless I study; weekly_digest: the Monday digest of the courses I teach.';
