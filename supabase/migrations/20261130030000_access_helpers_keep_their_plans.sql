-- ============================================================================================================
-- The access helpers that every course page, player and progress save runs (the lesson-lock rule, school and
-- course membership, enrollment, quiz standings, the course's staff) become PL/pgSQL with the same bodies.
--
-- Why: they are SECURITY DEFINER SQL functions, which PostgreSQL never inlines and, before PostgreSQL 18, plans
-- again on every call (a SQL function keeps no plan between statements). course_outline called them about 30 times
-- per read (6 × is_course_member, 23 × is_school_member through the policies, the lock rule once), and planning
-- them was about half of its time: 4.7 ms of a read of the demo course, 2.5 ms after this change (measured in one
-- session, 200 calls each, same data). PL/pgSQL keeps each statement's plan for the session (the pooled
-- connection), so the rule is planned once per connection, not once per call.
--
-- course_outline also groups each section's lessons in one pass (section_lessons) instead of joining every section
-- to every lesson row and grouping the product: on a course of 40 sections x 10 lessons that join compared 16,000
-- pairs per read. Its answer is unchanged (compared for every course and demo user before and after).
--
-- Nothing else changes: arguments, results, SECURITY DEFINER, search_path, grants and comments stay as they are
-- (CREATE OR REPLACE keeps the grants and the comment). The set-returning lock rule resolves a name that is both a
-- column and an output column in favour of the column (#variable_conflict use_column), as the SQL body read it.
-- ============================================================================================================

create or replace function private.course_staff(target_course uuid)
 returns jsonb
 language plpgsql
 stable security definer
 set search_path = ''
as $function$
begin
  return (
    select coalesce(
      jsonb_agg(
        jsonb_build_object('display_name', p.display_name, 'avatar_path', p.avatar_path, 'role', m.role)
        order by m.role, p.display_name
      ),
      '[]'::jsonb
    )
    from public.courses c
    join public.course_instructors i on i.course_id = c.id
    join public.school_members m on m.school_id = i.school_id and m.user_id = i.user_id
    join public.profiles p on p.id = i.user_id
    where c.id = target_course and (c.status <> 'draft' or private.is_course_member(c.id))
  );
end;
$function$;

create or replace function private.is_course_member(target_course uuid)
 returns boolean
 language plpgsql
 stable security definer
 set search_path = ''
as $function$
begin
  return (
    select exists (
      select 1
      from public.courses c
      join public.school_members m on m.school_id = c.school_id
      where c.id = target_course and m.user_id = (select auth.uid())
    )
  );
end;
$function$;

create or replace function private.is_enrolled(target_course uuid)
 returns boolean
 language plpgsql
 stable security definer
 set search_path = ''
as $function$
begin
  return (
    select exists (
      select 1 from public.enrollments
      where course_id = target_course and user_id = (select auth.uid()) and status in ('active', 'completed')
    )
  );
end;
$function$;

create or replace function private.is_lesson_unlocked(target_lesson uuid)
 returns boolean
 language plpgsql
 stable security definer
 set search_path = ''
as $function$
begin
  return (
    select coalesce(
      (
        select a.available
        from public.lessons l
        cross join lateral private.lesson_availability(l.course_id) a
        where l.id = target_lesson
          and a.lesson_id = l.id
          -- Unlocked is an enrolled learner's notion: members and preview visitors have policies of their own.
          and private.is_enrolled(l.course_id)
      ),
      false
    )
  );
end;
$function$;

create or replace function private.is_school_member(target_school uuid)
 returns boolean
 language plpgsql
 stable security definer
 set search_path = ''
as $function$
begin
  return (
    select exists (
      select 1 from public.school_members
      where school_id = target_school and user_id = (select auth.uid())
    )
  );
end;
$function$;

create or replace function private.lesson_availability(target_course uuid)
 returns table(lesson_id uuid, available boolean, lock jsonb, progress jsonb)
 language plpgsql
 stable security definer
 set search_path = ''
as $function$
#variable_conflict use_column
begin
  return query
    select a.lesson_id, a.available, a.lock, a.progress from private.lesson_availability(target_course, false) a;
end;
$function$;

create or replace function private.lesson_availability(target_course uuid, as_learner boolean)
 returns table(lesson_id uuid, available boolean, lock jsonb, progress jsonb)
 language plpgsql
 stable security definer
 set search_path = ''
as $function$
#variable_conflict use_column
begin
  return query
    with membership as (
      select private.is_course_member(target_course) as is_member
    ),
    viewer as (
      select
        -- Previewing is a member's act only: for anyone else as_learner changes nothing.
        m.is_member and coalesce(as_learner, false) as previewing,
        m.is_member and not coalesce(as_learner, false) as staff,
        m.is_member,
        -- A preview stands in for a learner who enrolled now, in no cohort: drip offsets count from today.
        case when m.is_member and as_learner then now() else e.enrolled_at end as enrolled_at,
        case when m.is_member and as_learner then now() else coalesce(co.starts_at, e.enrolled_at) end as drip_from
      from membership m
      left join public.enrollments e
        on e.course_id = target_course and e.user_id = (select auth.uid()) and e.status in ('active', 'completed')
      left join public.cohorts co on co.id = e.cohort_id
    ),
    ordered as (
      select
        l.id, l.title, l.is_preview,
        c.status = 'published' as course_published,
        c.progression,
        row_number() over (order by s.position, l.position) as ord,
        -- Drip: the later of a fixed date and the learner's offset from their cohort's start or, without a cohort,
        -- from enrolling (greatest ignores nulls).
        greatest(
          s.release_at,
          (select v.drip_from from viewer v) + make_interval(days => s.release_offset_days)
        ) as opens_at,
        coalesce(p.status = 'completed', false) as completed,
        case when p.lesson_id is null then null else jsonb_build_object(
          'status', p.status, 'position_s', p.position_s, 'watched_s', p.watched_s,
          'completed_at', p.completed_at, 'completed_by', p.completed_by, 'updated_at', p.updated_at
        ) end as progress
      from public.lessons l
      join public.course_sections s on s.id = l.section_id
      join public.courses c on c.id = l.course_id
      -- A preview is a fresh enrollment: none of the member's own progress shows through.
      left join public.lesson_progress p
        on p.lesson_id = l.id and p.user_id = (select auth.uid()) and not (select v.previewing from viewer v)
      where l.course_id = target_course
        -- Nothing about a course the caller cannot read (a draft's lessons stay hidden from outsiders).
        and (
          c.status = 'published'
          or (select v.is_member from viewer v)
          or (select v.enrolled_at from viewer v) is not null
        )
    ),
    -- Sequential courses open each lesson once every earlier one is completed: the first incomplete lesson blocks
    -- everything after it.
    first_incomplete as (
      select o.id, o.title, o.ord from ordered o where not o.completed order by o.ord limit 1
    )
    select
      o.id,
      case
        when v.staff then true
        when o.is_preview and o.course_published then true
        when v.enrolled_at is null then false
        when o.opens_at > now() then false
        when o.progression = 'sequential' and f.ord < o.ord then false
        else true
      end,
      case
        when v.staff then null
        when o.is_preview and o.course_published then null
        when v.enrolled_at is null then jsonb_build_object('reason', 'enroll')
        when o.opens_at > now() then jsonb_build_object('reason', 'release', 'opens_at', o.opens_at)
        when o.progression = 'sequential' and f.ord < o.ord
          then jsonb_build_object('reason', 'sequence', 'lesson_id', f.id, 'lesson_title', f.title)
        else null
      end,
      o.progress
    from ordered o
    cross join viewer v
    left join first_incomplete f on true;
end;
$function$;

create or replace function private.own_quiz_standings(target_course uuid)
 returns jsonb
 language plpgsql
 stable security definer
 set search_path = ''
as $function$
begin
  return (
    select coalesce(jsonb_object_agg(s.lesson_id, private.quiz_standing(s.lesson_id, (select auth.uid()))), '{}')
    from public.quiz_settings s
    where s.course_id = target_course
  );
end;
$function$;

create or replace function private.quiz_standing(target_lesson uuid, learner uuid)
 returns jsonb
 language plpgsql
 stable security definer
 set search_path = ''
as $function$
begin
  return (
    with settings as (
      select s.* from public.quiz_settings s where s.lesson_id = target_lesson
    ),
    mine as (
      select a.* from public.quiz_attempts a where a.lesson_id = target_lesson and a.user_id = learner
    ),
    counts as (
      select
        (select count(*) from mine)::integer as used,
        (select s.attempts_allowed + coalesce((
           select g.extra from public.quiz_attempt_grants g where g.lesson_id = target_lesson and g.user_id = learner
         ), 0) from settings s) as allowed,
        (select m.id from mine m where m.submitted_at is null) as open_id,
        (select max(m.submitted_at) from mine m) as last_submitted,
        (select m.percent from mine m where m.submitted_at is not null order by m.submitted_at desc, m.number desc limit 1)
          as latest_percent,
        (select m.passed from mine m where m.submitted_at is not null order by m.submitted_at desc, m.number desc limit 1)
          as latest_passed
    )
    select jsonb_build_object(
      'open_attempt_id', c.open_id,
      'attempts_used', c.used,
      'attempts_left', case when c.allowed is null then null else greatest(c.allowed - c.used, 0) end,
      'next_attempt_at', case
        when c.open_id is not null then null
        when c.allowed is not null and c.allowed - c.used <= 0 then null
        when c.last_submitted + make_interval(mins => s.cooldown_minutes) > now()
          then c.last_submitted + make_interval(mins => s.cooldown_minutes)
      end,
      'best_percent', case s.grading
        when 'latest' then c.latest_percent
        else (select max(m.percent) from mine m)
      end,
      'passed', coalesce(case s.grading
        when 'latest' then c.latest_passed
        else (select bool_or(m.passed) from mine m)
      end, false),
      'passed_ever', coalesce((select bool_or(m.passed) from mine m), false)
    )
    from settings s cross join counts c
  );
end;
$function$;

create or replace function public.course_outline(slug text, lesson_id uuid DEFAULT NULL::uuid, as_learner boolean DEFAULT false)
 returns jsonb
 language plpgsql
 stable
 set search_path = ''
as $function$
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
  standings jsonb;
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

  -- The caller's standing on each quiz of the course (signed in, not previewing): asked here, in a branch a visitor
  -- never runs, so visitors need no right to the definer helper.
  if viewer is not null and not previewing then
    standings := private.own_quiz_standings(target.id);
  end if;

  with lesson_rows as (
    select
      l.*, a.available, a.lock, a.progress, a.progress ->> 'status' as progress_status,
      row_number() over (order by s.position, l.position) as ord,
      -- Quiz lessons: the pass mark and the caller's standing (none in a preview, or for a visitor).
      case when l.kind = 'quiz' then jsonb_build_object(
        'pass_mark', qs.pass_mark,
        'required', qs.required,
        'best_percent', standings -> l.id::text -> 'best_percent',
        'passed', coalesce((standings -> l.id::text ->> 'passed')::boolean, false)
      ) end as quiz
    from public.lessons l
    join public.course_sections s on s.id = l.section_id
    join private.lesson_availability(target.id, previewing) a on a.lesson_id = l.id
    left join public.quiz_settings qs on qs.lesson_id = l.id
    where l.course_id = target.id
  ),
  -- Each section's lessons grouped in one pass over lesson_rows, then joined to the sections by id (a section
  -- without lessons keeps its zeros and empty list).
  section_lessons as materialized (
    select
      r.section_id,
      coalesce(sum(r.duration_s), 0)::integer as duration_s,
      count(*)::integer as lesson_count,
      count(*) filter (where r.progress_status = 'completed')::integer as completed_count,
      jsonb_agg(
        jsonb_build_object(
          'id', r.id, 'position', r.position, 'title', r.title, 'kind', r.kind, 'duration_s', r.duration_s,
          'is_preview', r.is_preview, 'completion_rule', r.completion_rule,
          'completion_threshold', r.completion_threshold, 'available', r.available, 'lock', r.lock,
          'progress', r.progress, 'quiz', r.quiz
        ) order by r.position
      ) as lessons
    from lesson_rows r
    group by r.section_id
  ),
  section_rows as (
    select
      s.id, s.position, s.title, s.release_at, s.release_offset_days,
      coalesce(sl.duration_s, 0) as duration_s,
      coalesce(sl.lesson_count, 0) as lesson_count,
      coalesce(sl.completed_count, 0) as completed_count,
      coalesce(sl.lessons, '[]'::jsonb) as lessons
    from public.course_sections s
    left join section_lessons sl on sl.section_id = s.id
    where s.course_id = target.id
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
$function$;
