-- ============================================================================================================
-- The account export carries the user's notifications, their notification preferences and the announcements they
-- wrote, as it carries everything else they own (PRODUCT.md §7, account-export).
-- ============================================================================================================

create or replace function public.account_export(user_id uuid)
returns jsonb
language sql
stable
-- Definer: reads every table the user owns rows in, for the account-export function (service role) only.
security definer
set search_path = ''
as $$
  select core || jsonb_build_object(
    'study_plans', coalesce((
      select jsonb_agg((to_jsonb(p) - 'user_id') || jsonb_build_object('course_title', c.title) order by c.title)
      from public.study_plans p join public.courses c on c.id = p.course_id
      where p.user_id = account_export.user_id
    ), '[]'),
    'study_sessions', coalesce((
      select jsonb_agg(to_jsonb(s) - 'user_id' order by s.starts_at)
      from public.study_sessions s where s.user_id = account_export.user_id
    ), '[]'),
    'calendar_feeds', coalesce((
      select jsonb_agg(jsonb_build_object('id', f.id, 'created_at', f.created_at, 'revoked_at', f.revoked_at)
        order by f.created_at)
      from public.calendar_feeds f where f.user_id = account_export.user_id
    ), '[]'),
    -- Each attempt with the user's own answers; the review (right answers, explanations) only when the quiz's
    -- review policy lets the user see it now, exactly as quiz_attempt_review would.
    'quiz_attempts', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', a.id, 'course_id', a.course_id, 'lesson_id', a.lesson_id, 'lesson_title', l.title, 'number', a.number,
        'started_at', a.started_at, 'deadline', a.deadline, 'submitted_at', a.submitted_at, 'score', a.score,
        'max_score', a.max_score, 'percent', a.percent, 'passed', a.passed, 'pass_mark', a.pass_mark,
        'answers', a.answers,
        'review', case when private.quiz_review_allowed(a) then private.quiz_review_json(a, s.review_policy) end
      ) order by a.started_at)
      from public.quiz_attempts a
      join public.lessons l on l.id = a.lesson_id
      left join public.quiz_settings s on s.lesson_id = a.lesson_id
      where a.user_id = account_export.user_id
    ), '[]'),
    'quiz_attempt_grants', coalesce((
      select jsonb_agg(jsonb_build_object('lesson_id', g.lesson_id, 'extra', g.extra, 'granted_at', g.granted_at)
        order by g.granted_at)
      from public.quiz_attempt_grants g where g.user_id = account_export.user_id
    ), '[]'),
    'video_check_answers', coalesce((
      select jsonb_agg(jsonb_build_object(
        'check_id', v.check_id, 'lesson_id', c.lesson_id, 'at_s', c.at_s, 'answer', v.answer, 'correct', v.correct,
        'answered_at', v.answered_at
      ) order by v.answered_at)
      from public.video_check_answers v join public.video_checks c on c.id = v.check_id
      where v.user_id = account_export.user_id
    ), '[]'),
    'notifications', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', n.id, 'kind', n.kind, 'payload', n.payload, 'created_at', n.created_at, 'read_at', n.read_at
      ) order by n.created_at)
      from public.notifications n where n.user_id = account_export.user_id
    ), '[]'),
    'notification_preferences', coalesce((
      select jsonb_agg(jsonb_build_object('kind', p.kind, 'app', p.app, 'email', p.email, 'updated_at', p.updated_at)
        order by p.kind)
      from public.notification_preferences p where p.user_id = account_export.user_id
    ), '[]'),
    'announcements', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', a.id, 'course_id', a.course_id, 'cohort_id', a.cohort_id, 'title', a.title, 'body_md', a.body_md,
        'send_at', a.send_at, 'sent_at', a.sent_at, 'deleted_at', a.deleted_at, 'created_at', a.created_at
      ) order by a.created_at)
      from public.announcements a where a.author_id = account_export.user_id
    ), '[]')
  )
  from private.account_export(account_export.user_id) as core
  where core is not null;
$$;

comment on function public.account_export(uuid) is
  'For the account-export function (service role) only: everything user_id owns as one JSON document (user, profile, school_memberships, enrollments, progress, activity, notes, questions, answers, certificates with pdf_path, achievements, study_plans, study_sessions, calendar_feeds without their token hashes, quiz_attempts with the review only where its policy allows it now, quiz_attempt_grants, video_check_answers, notifications, notification_preferences, announcements written); null for an unknown user.';
