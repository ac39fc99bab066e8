-- ============================================================================================================
-- Quiz lessons (M5): a lesson kind of their own. Alone in this migration because a value added to an enum cannot
-- be used in the transaction that adds it; the quiz tables and rules that use it come in the next migrations.
-- A quiz lesson keeps completion_rule 'manual' in its lessons row, but it completes only by passing
-- (20261129200300): save_progress refuses a tick or an untick on it.
-- ============================================================================================================

alter type public.lesson_kind add value 'quiz';

comment on type public.lesson_kind is
  'video: a hosted video with optional captions; text: a markdown lesson; quiz: a graded quiz (quiz_settings), completed by passing it.';
