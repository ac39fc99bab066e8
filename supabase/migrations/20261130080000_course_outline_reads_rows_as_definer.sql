-- ============================================================================================================
-- course_outline reads the course's sections, lessons, quiz settings and the opened lesson's content through a
-- definer helper, private.course_outline_rows, once its own read of the course (under the courses policy) has found
-- the course readable.
--
-- Why: read as the caller, each of those tables asked its policy again. The lessons and sections policies ask that
-- the course be readable (for lessons planned as a subquery over every course, the courses policy calling
-- is_school_member for each course that is not published; for sections a lookup per section), and the quiz
-- settings' policy asks it through lessons; the lesson content's policy asks
-- is_lesson_unlocked, which works out the lesson-lock rule for the whole course again for one lesson. The outline
-- already holds the answers: the course was read under its policy, and lesson_availability gives each lesson's
-- availability, which the content's policy's three cases come to (previews of published courses, members, unlocked
-- lessons of enrolled learners). One connection calling it in a loop as learner Kenji (a transaction per call,
-- pgbench; the demo seed with the 400-lesson course of scripts/bench/outline-course.sql; the old and the new function
-- alternated, 3 rounds of 4 s each, the middle round's time per call):
--   demo course (11 lessons), course page        2.39 ms -> 1.74 ms
--   long course (400 lessons), course page       14.0 ms -> 10.0 ms
--   long course, player                           13.6 ms -> 10.5 ms
-- What each caller gets is unchanged (180-course_outline, 670-course-preview): the helper serves content only where
-- lesson_availability opens the lesson, and nothing at all for a course the caller could not read. course_outline
-- stays invoker: the course's row, the enrollment and the standings are read as the caller.
-- ============================================================================================================

create function private.course_outline_rows(
  target_course uuid, target_lesson uuid, previewing boolean, standings jsonb
)
returns table (sections json, totals json, lesson json)
language plpgsql
stable
-- Definer: the course's rows without each table's policy asked again for every row (see above).
security definer
set search_path = ''
as $function$
#variable_conflict use_column
begin
  -- Nothing of a course the caller cannot read: lesson_availability's rule (published, or the caller is a member of
  -- its school or enrolled in it), which takes in everyone the courses policy lets read it.
  if not exists (
    select 1 from public.courses c
    where c.id = target_course
      and (c.status = 'published' or private.is_course_member(c.id) or private.is_enrolled(c.id))
  ) then
    return;
  end if;

  return query
    with lesson_rows as (
      select
        l.*, a.available, a.lock, a.progress, a.progress ->> 'status' as progress_status,
        row_number() over (order by s.position, l.position) as ord,
        -- Quiz lessons: the pass mark and the caller's standing (none in a preview, or for a visitor).
        case when l.kind = 'quiz' then json_build_object(
          'pass_mark', qs.pass_mark,
          'required', qs.required,
          'best_percent', standings -> l.id::text -> 'best_percent',
          'passed', coalesce((standings -> l.id::text ->> 'passed')::boolean, false)
        ) end as quiz
      from public.lessons l
      join public.course_sections s on s.id = l.section_id
      join private.lesson_availability(target_course, previewing) a on a.lesson_id = l.id
      left join public.quiz_settings qs on qs.lesson_id = l.id
      where l.course_id = target_course
    ),
    -- Each section's lessons grouped in one pass over lesson_rows, then joined to the sections by id (a section
    -- without lessons keeps its zeros and empty list).
    section_lessons as materialized (
      select
        r.section_id,
        coalesce(sum(r.duration_s), 0)::integer as duration_s,
        count(*)::integer as lesson_count,
        count(*) filter (where r.progress_status = 'completed')::integer as completed_count,
        json_agg(
          json_build_object(
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
        coalesce(sl.lessons, '[]'::json) as lessons
      from public.course_sections s
      left join section_lessons sl on sl.section_id = s.id
      where s.course_id = target_course
    )
    select
      coalesce(
        (select json_agg(
           json_build_object(
             'id', sr.id, 'position', sr.position, 'title', sr.title, 'release_at', sr.release_at,
             'release_offset_days', sr.release_offset_days, 'duration_s', sr.duration_s,
             'lesson_count', sr.lesson_count, 'completed_count', sr.completed_count, 'lessons', sr.lessons
           ) order by sr.position
         ) from section_rows sr),
        '[]'::json
      ),
      (select json_build_object(
         'completed', count(*) filter (where r.progress_status = 'completed'),
         'total', count(*),
         'percent', case when count(*) = 0 then 0
           else floor(100.0 * count(*) filter (where r.progress_status = 'completed') / count(*))::integer end,
         'duration_s', coalesce(sum(r.duration_s), 0)
       ) from lesson_rows r),
      case when target_lesson is null then null else (
        select json_build_object(
          'id', r.id, 'section_id', r.section_id,
          'content', (
            select json_build_object(
              'body_md', lc.body_md, 'video_path', lc.video_path, 'captions_path', lc.captions_path,
              'attachments', lc.attachments
            )
            from public.lesson_contents lc
            -- Served only where the lesson-lock rule opens the lesson to the caller: what the content's policies
            -- allow a learner or a visitor (previews of published courses, unlocked lessons), everything to members,
            -- and to a member previewing as a learner what that learner would open.
            where lc.lesson_id = r.id and r.available
          ),
          'prev_lesson_id', (select p.id from lesson_rows p where p.ord = r.ord - 1),
          'next_lesson_id', (select n.id from lesson_rows n where n.ord = r.ord + 1)
        )
        from lesson_rows r where r.id = target_lesson
      ) end;
end;
$function$;

comment on function private.course_outline_rows(uuid, uuid, boolean, jsonb) is
  'course_outline''s sections (with their lessons, availability, progress and quiz standings), progress totals and, with target_lesson, that lesson with its content (null unless lesson_availability opens it) and neighbours; for a course the caller may read (published, or a member or enrolled), else no row. Only course_outline calls it, after reading the course under its policy.';

revoke all on function private.course_outline_rows(uuid, uuid, boolean, jsonb) from public;
grant execute on function private.course_outline_rows(uuid, uuid, boolean, jsonb) to anon, authenticated, service_role;

create or replace function public.course_outline(slug text, lesson_id uuid default null, as_learner boolean default false)
returns json
language plpgsql
stable
set search_path = ''
set plan_cache_mode = force_generic_plan
as $function$
#variable_conflict use_column
declare
  target public.courses;
  viewer uuid := (select auth.uid());
  member boolean := false;
  previewing boolean := false;
  enrollment json;
  outline json;
  lesson json;
  totals json;
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
      select json_build_object(
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

  select b.sections, b.totals, b.lesson into outline, totals, lesson
  from private.course_outline_rows(target.id, course_outline.lesson_id, previewing, standings) b;

  -- Built as json: each value's text is appended as it is made, and nothing is parsed again.
  return json_build_object(
    'course', json_build_object(
      'id', target.id, 'slug', target.slug, 'title', target.title, 'subtitle', target.subtitle,
      'description_md', target.description_md, 'cover_path', target.cover_path, 'level', target.level,
      'language', target.language, 'status', target.status, 'visibility', target.visibility,
      'enrollment_mode', target.enrollment_mode, 'progression', target.progression,
      'certificate_enabled', target.certificate_enabled, 'published_at', target.published_at,
      'school', (
        select json_build_object('id', sc.id, 'slug', sc.slug, 'name', sc.name)
        from public.schools sc where sc.id = target.school_id
      ),
      'instructors', private.course_staff(target.id),
      'duration_s', totals -> 'duration_s',
      'lesson_count', totals -> 'total'
    ),
    'viewer', json_build_object(
      'signed_in', viewer is not null, 'is_member', member, 'as_learner', previewing, 'enrollment', enrollment
    ),
    'progress', json_build_object(
      'completed', totals -> 'completed', 'total', totals -> 'total', 'percent', totals -> 'percent'
    ),
    'sections', outline,
    'lesson', lesson
  );
end;
$function$;
