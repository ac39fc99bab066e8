-- ============================================================================================================
-- The account export (20261126120200) also carries what the calendar keeps of the user (issue 17 part 7 lists
-- "plans"): their study plans, the study sessions laid out for them, and their calendar feeds (when made and
-- revoked; never the token's hash, which is a credential). The function built so far moves, unchanged and under
-- the same name (its body names its parameter account_export.user_id), to the private schema;
-- public.account_export adds the three keys to the document it answers.
-- ============================================================================================================

alter function public.account_export(uuid) set schema private;

comment on function private.account_export(uuid) is
  'The account export without the calendar: user, profile, school_memberships, enrollments, progress, activity, notes, questions, answers, certificates, achievements (see public.account_export).';

create function public.account_export(user_id uuid)
returns jsonb
language sql
stable
-- Definer: reads the user's rows across tables whose client policies are the user's own session, and auth.users.
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
    ), '[]')
  )
  from private.account_export(account_export.user_id) as core
  where core is not null;
$$;

comment on function public.account_export(uuid) is
  'For the account-export function (service role) only: everything user_id owns as one JSON document (user, profile, school_memberships, enrollments, progress, activity, notes, questions, answers, certificates with pdf_path, achievements, study_plans, study_sessions, calendar_feeds without their token hashes); null for an unknown user.';

revoke all on function private.account_export(uuid) from public, anon, authenticated, service_role;
revoke all on function public.account_export(uuid) from public, anon, authenticated;
grant execute on function public.account_export(uuid) to service_role;
