-- ============================================================================================================
-- Everything that reads progress learns about quizzes (M5, issue 28 part 7):
--   * the enrollment completes with every required lesson: quizzes marked not required (practice) are left out;
--     a quiz lesson completes only by passing, so the certificate needs every required quiz passed;
--   * the certificate's snapshot records the learner's quiz scores (best by each quiz's grading rule);
--   * achievements quiz_passed_first_try (passed on the first attempt) and perfect_score (100 %), awarded when an
--     attempt is graded, in its transaction;
--   * learner_stats() gains quizzes_per_week (quizzes passed for the first time, per ISO week of the 12 shown, by
--     the caller's current zone), shaped like lessons_per_week;
--   * course_outline's quiz lessons carry quiz: {pass_mark, required, best_percent, passed} (the caller's);
--   * the account export carries the user's attempts (their answers; the review only as the quiz's review policy
--     allows it now, so never a key before) and in-video check answers;
--   * course_quiz_scores(course): for the learners page, roster, detail and CSV, each learner's best score and
--     pass per quiz (staff only).
-- Account deletion needs nothing new: attempts, grants and check answers go with the profile (on delete cascade).
-- ============================================================================================================

-- ------------------------------------------------------------------------------------------------------------
-- Enrollment completion: required lessons
-- ------------------------------------------------------------------------------------------------------------

create or replace function private.apply_progress_write()
returns trigger
language plpgsql
-- Definer: learners may not write daily_activity or their enrollment; this trigger does it for them, from the
-- progress row the policies have just accepted.
security definer
set search_path = ''
as $$
declare
  zone text;
  activity_day date;
  new_seconds integer := greatest(new.watched_s - coalesce(old.watched_s, 0), 0);
  completed_delta integer :=
    (new.status = 'completed')::integer - coalesce((old.status = 'completed')::integer, 0);
begin
  if new_seconds > 0 or completed_delta <> 0 then
    select timezone into zone from public.profiles where id = new.user_id;
    -- The day the write happened, in the learner's zone (updated_at is stamped by the database).
    activity_day := (new.updated_at at time zone coalesce(zone, 'UTC'))::date;
    insert into public.daily_activity as d (user_id, day, seconds, lessons_completed)
    values (new.user_id, activity_day, least(new_seconds, 86400), greatest(completed_delta, 0))
    on conflict (user_id, day) do update
      set seconds = least(d.seconds + excluded.seconds, 86400),
          lessons_completed = greatest(d.lessons_completed + completed_delta, 0);
  end if;

  update public.enrollments
  set last_lesson_id = new.lesson_id,
      last_activity_at = greatest(coalesce(last_activity_at, new.updated_at), new.updated_at)
  where course_id = new.course_id and user_id = new.user_id and status <> 'removed';

  -- The enrollment completes with the course's last required lesson: every lesson but quizzes marked not
  -- required (practice). A quiz lesson is completed only by passing it, so a certificate needs every required quiz
  -- passed. Once completed it stays completed: unticking a lesson later does not take a finished course (or its
  -- certificate) away.
  if completed_delta = 1 and not exists (
    select 1
    from public.lessons l
    where l.course_id = new.course_id
      and not exists (select 1 from public.quiz_settings qs where qs.lesson_id = l.id and not qs.required)
      and not exists (
        select 1 from public.lesson_progress p
        where p.user_id = new.user_id and p.lesson_id = l.id and p.status = 'completed'
      )
  ) then
    update public.enrollments
    set status = 'completed', completed_at = new.updated_at
    where course_id = new.course_id and user_id = new.user_id and status = 'active';
  end if;
  return null;
end;
$$;

comment on function private.apply_progress_write() is
  'Trigger: credits new watched seconds and completions to daily_activity (learner''s zone), moves the enrollment''s resume point, completes the enrollment with the last required lesson (quizzes not required are left out).';

-- ------------------------------------------------------------------------------------------------------------
-- The certificate's snapshot records quiz scores
-- ------------------------------------------------------------------------------------------------------------

create or replace function private.certificate_snapshot(learner uuid, target_course uuid, completed timestamptz)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'learner_name', p.display_name,
    'course_title', c.title,
    'school_name', s.name,
    -- One decimal: 0.1 h is six minutes, finer than that is noise in a study-time estimate.
    'hours', round(coalesce((
      select sum(lp.watched_s) from public.lesson_progress lp
      where lp.user_id = learner and lp.course_id = target_course
    ), 0) / 3600.0, 1),
    'completed_at', completed,
    -- Each quiz of the course with the learner's score by its grading rule, in course order.
    'quizzes', coalesce((
      select jsonb_agg(jsonb_build_object(
        'lesson_id', l.id, 'title', l.title, 'required', qs.required,
        'percent', st -> 'best_percent', 'passed', st -> 'passed'
      ) order by cs.position, l.position)
      from public.lessons l
      join public.course_sections cs on cs.id = l.section_id
      join public.quiz_settings qs on qs.lesson_id = l.id
      cross join lateral private.quiz_standing(l.id, learner) as st
      where l.course_id = target_course
    ), '[]')
  )
  from public.courses c
  join public.schools s on s.id = c.school_id
  join public.profiles p on p.id = learner
  where c.id = target_course;
$$;

comment on function private.certificate_snapshot(uuid, uuid, timestamptz) is
  'What a new certificate says: learner_name, course_title, school_name, hours (credited study seconds in the course / 3600, one decimal), completed_at, quizzes [{lesson_id, title, required, percent, passed}].';

-- ------------------------------------------------------------------------------------------------------------
-- Achievements
-- ------------------------------------------------------------------------------------------------------------

insert into public.achievements (code, position, title, description, icon) values
  ('quiz_passed_first_try', 9, 'First try', 'Passed a quiz on your first attempt.', 'BadgeCheck'),
  ('perfect_score', 10, 'Perfect score', 'Scored 100 % on a quiz.', 'Star');

create function private.award_on_quiz_graded()
returns trigger
language plpgsql
-- Definer: the attempt is graded inside a learner's submit (or a read that closes it), and nobody may write awards.
security definer
set search_path = ''
as $$
begin
  if new.passed and new.number = 1 then
    perform private.award_achievement(new.user_id, 'quiz_passed_first_try', now(), new.course_id);
  end if;
  if new.percent = 100 then
    perform private.award_achievement(new.user_id, 'perfect_score', now(), new.course_id);
  end if;
  return null;
end;
$$;

comment on function private.award_on_quiz_graded() is
  'Trigger: awards quiz_passed_first_try (passed on attempt 1) and perfect_score (100 %) when an attempt is graded.';

create trigger quiz_attempts_award_achievements
  after update of submitted_at on public.quiz_attempts
  for each row when (old.submitted_at is null and new.submitted_at is not null)
  execute function private.award_on_quiz_graded();

-- ------------------------------------------------------------------------------------------------------------
-- Stats: quizzes passed per week
-- ------------------------------------------------------------------------------------------------------------

-- The stats built so far keep their name's job under another one; learner_stats_at adds the quiz series.
alter function private.learner_stats_at(timestamptz) rename to learner_stats_without_quizzes_at;

comment on function private.learner_stats_without_quizzes_at(timestamptz) is
  'learner_stats_at without quizzes_per_week (see private.learner_stats_at).';

create function private.learner_stats_at(as_of timestamptz)
returns jsonb
language plpgsql
stable
-- Invoker: the caller's own attempts are readable under their policy (percent and passed are granted columns).
security invoker
set search_path = ''
as $$
declare
  base jsonb := private.learner_stats_without_quizzes_at(as_of);
  zone text := base ->> 'timezone';
  today date := (base ->> 'today')::date;
  first_day date := today - (extract(isodow from today)::integer - 1) - 77;
begin
  return base || jsonb_build_object('quizzes_per_week', (
    with first_passes as (
      select min(a.submitted_at) as passed_at
      from public.quiz_attempts a
      where a.user_id = (select auth.uid()) and a.passed
      group by a.lesson_id
    ),
    weeks as (select first_day + 7 * i as week_start from generate_series(0, 11) as g(i))
    select jsonb_agg(jsonb_build_object('week_start', w.week_start, 'quizzes', (
      select count(*) from first_passes f
      where (f.passed_at at time zone zone)::date between w.week_start and w.week_start + 6
    )) order by w.week_start)
    from weeks w
  ));
end;
$$;

comment on function private.learner_stats_at(timestamptz) is
  'learner_stats() for the signed-in caller as of an instant, with quizzes_per_week [{week_start, quizzes}] (quizzes first passed per ISO week of the 12 shown, in the caller''s zone); tests pin the clock through it.';

revoke execute on function private.learner_stats_at(timestamptz) from public, anon;
grant execute on function private.learner_stats_at(timestamptz) to authenticated;

comment on function public.learner_stats() is
  'The caller''s study stats in their time zone: today, minutes per day (30 days), minutes, lessons and quizzes passed per ISO week (12 weeks), a 12-week heatmap, current and longest streak (a day counts with >= 300 s or >= 1 lesson; a streak ending yesterday is current and at risk), this week''s goal, totals. Errors: not_signed_in 401.';

-- ------------------------------------------------------------------------------------------------------------
-- course_outline: quiz lessons carry the pass mark and the caller's standing
-- ------------------------------------------------------------------------------------------------------------

create function private.own_quiz_standing(target_lesson uuid)
returns jsonb
language sql
stable
-- Definer: the caller's own attempts and grants, whatever the caller's grants (course_outline is invoker).
security definer
set search_path = ''
as $$
  select private.quiz_standing(target_lesson, (select auth.uid()));
$$;

comment on function private.own_quiz_standing(uuid) is 'private.quiz_standing for the requesting user.';

revoke all on function private.own_quiz_standing(uuid) from public;
grant execute on function private.own_quiz_standing(uuid) to anon, authenticated, service_role;

create or replace function public.course_outline(slug text, lesson_id uuid default null, as_learner boolean default false)
returns jsonb
language plpgsql
stable
-- Invoker: the course, outline, enrollment and content are read under the caller's own policies; availability,
-- the caller's own progress and the instructors' names come from the definer helpers. Stable, so a preview cannot
-- write anything.
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  target public.courses;
  viewer uuid := (select auth.uid());
  member boolean := false;
  previewing boolean := false;
  enrollment jsonb;
  outline jsonb;
  lesson jsonb;
  totals jsonb;
begin
  select * into target from public.courses c where c.slug = course_outline.slug;
  if not found then
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'course_not_found', 'message', 'This course does not exist or is not open to you.'
      )::text,
      detail = json_build_object('status', 404, 'headers', json_build_object())::text;
  end if;

  if viewer is not null then
    member := private.is_course_member(target.id);
    previewing := member and coalesce(course_outline.as_learner, false);
    -- A preview is of a learner without an enrollment of their own yet, whatever the member's own may be.
    if not previewing then
      select jsonb_build_object(
        'id', e.id, 'status', e.status, 'enrolled_at', e.enrolled_at, 'completed_at', e.completed_at,
        'last_lesson_id', e.last_lesson_id
      ) into enrollment
      from public.enrollments e where e.course_id = target.id and e.user_id = viewer;
    end if;
  end if;

  with lesson_rows as (
    select
      l.*, a.available, a.lock, a.progress, a.progress ->> 'status' as progress_status,
      row_number() over (order by s.position, l.position) as ord,
      -- Quiz lessons: the pass mark and the caller's standing (none in a preview, or for a visitor).
      case when l.kind = 'quiz' then jsonb_build_object(
        'pass_mark', qs.pass_mark,
        'required', qs.required,
        'best_percent', case when viewer is not null and not previewing then st.standing -> 'best_percent' end,
        'passed', coalesce(case when viewer is not null and not previewing then (st.standing ->> 'passed')::boolean end, false)
      ) end as quiz
    from public.lessons l
    join public.course_sections s on s.id = l.section_id
    join private.lesson_availability(target.id, previewing) a on a.lesson_id = l.id
    left join public.quiz_settings qs on qs.lesson_id = l.id
    left join lateral (
      select private.own_quiz_standing(l.id) as standing where l.kind = 'quiz' and viewer is not null and not previewing
    ) st on true
    where l.course_id = target.id
  ),
  section_rows as (
    select
      s.id, s.position, s.title, s.release_at, s.release_offset_days,
      coalesce(sum(r.duration_s), 0)::integer as duration_s,
      count(r.id)::integer as lesson_count,
      count(r.id) filter (where r.progress_status = 'completed')::integer as completed_count,
      coalesce(
        jsonb_agg(
          jsonb_build_object(
            'id', r.id, 'position', r.position, 'title', r.title, 'kind', r.kind, 'duration_s', r.duration_s,
            'is_preview', r.is_preview, 'completion_rule', r.completion_rule,
            'completion_threshold', r.completion_threshold, 'available', r.available, 'lock', r.lock,
            'progress', r.progress, 'quiz', r.quiz
          ) order by r.position
        ) filter (where r.id is not null),
        '[]'::jsonb
      ) as lessons
    from public.course_sections s
    left join lesson_rows r on r.section_id = s.id
    where s.course_id = target.id
    group by s.id
  )
  select
    coalesce(
      (select jsonb_agg(
         jsonb_build_object(
           'id', sr.id, 'position', sr.position, 'title', sr.title, 'release_at', sr.release_at,
           'release_offset_days', sr.release_offset_days, 'duration_s', sr.duration_s,
           'lesson_count', sr.lesson_count, 'completed_count', sr.completed_count, 'lessons', sr.lessons
         ) order by sr.position
       ) from section_rows sr),
      '[]'::jsonb
    ),
    (select jsonb_build_object(
       'completed', count(*) filter (where r.progress_status = 'completed'),
       'total', count(*),
       'percent', case when count(*) = 0 then 0
         else floor(100.0 * count(*) filter (where r.progress_status = 'completed') / count(*))::integer end,
       'duration_s', coalesce(sum(r.duration_s), 0)
     ) from lesson_rows r),
    case when course_outline.lesson_id is null then null else (
      select jsonb_build_object(
        'id', r.id, 'section_id', r.section_id,
        'content', (
          select jsonb_build_object(
            'body_md', lc.body_md, 'video_path', lc.video_path, 'captions_path', lc.captions_path,
            'attachments', lc.attachments
          )
          from public.lesson_contents lc
          -- The policies refuse locked content to learners; the availability check keeps a member's preview of a
          -- learner's view honest too (members may read every lesson's content).
          where lc.lesson_id = r.id and r.available
        ),
        'prev_lesson_id', (select p.id from lesson_rows p where p.ord = r.ord - 1),
        'next_lesson_id', (select n.id from lesson_rows n where n.ord = r.ord + 1)
      )
      from lesson_rows r where r.id = course_outline.lesson_id
    ) end
  into outline, totals, lesson;

  return jsonb_build_object(
    'course', jsonb_build_object(
      'id', target.id, 'slug', target.slug, 'title', target.title, 'subtitle', target.subtitle,
      'description_md', target.description_md, 'cover_path', target.cover_path, 'level', target.level,
      'language', target.language, 'status', target.status, 'visibility', target.visibility,
      'enrollment_mode', target.enrollment_mode, 'progression', target.progression,
      'certificate_enabled', target.certificate_enabled, 'published_at', target.published_at,
      'school', (
        select jsonb_build_object('id', sc.id, 'slug', sc.slug, 'name', sc.name)
        from public.schools sc where sc.id = target.school_id
      ),
      'instructors', private.course_staff(target.id),
      'duration_s', totals -> 'duration_s',
      'lesson_count', totals -> 'total'
    ),
    'viewer', jsonb_build_object(
      'signed_in', viewer is not null, 'is_member', member, 'as_learner', previewing, 'enrollment', enrollment
    ),
    'progress', totals - 'duration_s',
    'sections', outline,
    'lesson', lesson
  );
end;
$$;

comment on function public.course_outline(text, uuid, boolean) is
  'The course page and player in one call: course, school, instructors, the caller''s enrollment and progress, sections with lessons (availability, lock reason, progress; quiz lessons also quiz: {pass_mark, required, best_percent, passed} for the caller, never a key) and, with lesson_id, that lesson''s content (null when locked) and neighbours. With as_learner, a member of the course''s school sees it as a learner who enrolled just now (viewer.as_learner true, no enrollment, no progress); for anyone else as_learner changes nothing. Unknown or invisible course: error course_not_found (404).';

-- ------------------------------------------------------------------------------------------------------------
-- The account export carries attempts and in-video answers
-- ------------------------------------------------------------------------------------------------------------

-- Replaced with the same body as 20261127100200 (the core from private.account_export, then the calendar's keys)
-- and the quiz keys added: a function whose body names itself (account_export.user_id) cannot be renamed.
create or replace function public.account_export(user_id uuid)
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
    ), '[]')
  )
  from private.account_export(account_export.user_id) as core
  where core is not null;
$$;

comment on function public.account_export(uuid) is
  'For the account-export function (service role) only: everything user_id owns as one JSON document (user, profile, school_memberships, enrollments, progress, activity, notes, questions, answers, certificates with pdf_path, achievements, study_plans, study_sessions, calendar_feeds without their token hashes, quiz_attempts with the review only where its policy allows it now, quiz_attempt_grants, video_check_answers); null for an unknown user.';

revoke all on function public.account_export(uuid) from public, anon, authenticated;
grant execute on function public.account_export(uuid) to service_role;

-- ------------------------------------------------------------------------------------------------------------
-- The learners page: best score per quiz
-- ------------------------------------------------------------------------------------------------------------

create function public.course_quiz_scores(p_course_id uuid)
returns table (
  user_id uuid,
  lesson_id uuid,
  lesson_title text,
  attempts integer,
  best_percent numeric,
  passed boolean,
  last_submitted_at timestamptz
)
language plpgsql
stable
-- Definer: reads every learner's attempts after the staff check (staff may read them anyway; this adds the
-- grading rule in one place).
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform private.require_course_staff(p_course_id, 'see its learners'' quiz scores');
  return query
  select
    a.user_id, l.id, l.title, count(*)::integer,
    case s.grading
      when 'latest' then (array_agg(a.percent order by a.submitted_at desc) filter (where a.submitted_at is not null))[1]
      else max(a.percent)
    end,
    coalesce(case s.grading
      when 'latest' then (array_agg(a.passed order by a.submitted_at desc) filter (where a.submitted_at is not null))[1]
      else bool_or(a.passed)
    end, false),
    max(a.submitted_at)
  from public.quiz_attempts a
  join public.lessons l on l.id = a.lesson_id
  join public.quiz_settings s on s.lesson_id = a.lesson_id
  where a.course_id = p_course_id
  group by a.user_id, l.id, l.title, s.grading
  order by a.user_id, l.title;
end;
$$;

comment on function public.course_quiz_scores(uuid) is
  'For the learners page (roster, a learner''s detail, CSV export): each learner''s attempts, best percent and passed (by the quiz''s grading rule: highest or latest) and last submit per quiz of the course. Staff only. Errors: not_signed_in 401, forbidden 403.';

revoke all on function public.course_quiz_scores(uuid) from public;
grant execute on function public.course_quiz_scores(uuid) to anon, authenticated;
