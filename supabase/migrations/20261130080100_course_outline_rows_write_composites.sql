-- ============================================================================================================
-- course_outline_rows writes each lesson and section of the outline from a row of a composite type,
-- private.outline_lesson and private.outline_section, instead of json_build_object with its keys as arguments.
--
-- Why: json_build_object takes its arguments as "any", keys included, and on every call works out how to write each
-- of them (its type's category and output function): 24 arguments for each lesson. A composite's row is written
-- column by column under the type's column names. The document is the same, keys in the same order, written without
-- the spaces json_build_object puts around ":" and after ",": the 400-lesson course answers 136,888 characters
-- instead of 151,130. One connection calling course_outline in a loop as learner Kenji (pgbench, a
-- transaction per call; the demo seed with the 400-lesson course of scripts/bench/outline-course.sql; the old and
-- the new function alternated, 3 rounds of 4 s each (5 of 3 s for the demo course), the median round's time per
-- call, while a test run kept the machine busy, so the ratios are the figure):
--   demo course (11 lessons), course page        3.6 ms -> 2.9 ms (0.80)
--   long course (400 lessons), course page       14.8 ms -> 13.1 ms (0.89)
--   long course, player                           18.7 ms -> 15.3 ms (0.82)
-- The types' columns are the keys of the outline's lessons and sections (web/src/lib/courses/course-outline.schema.ts
-- reads them); a key added to the outline is a column added to its type.
-- ============================================================================================================

create type private.outline_lesson as (
  id uuid,
  position integer,
  title text,
  kind public.lesson_kind,
  duration_s integer,
  is_preview boolean,
  completion_rule public.completion_rule,
  completion_threshold numeric(3, 2),
  available boolean,
  lock jsonb,
  progress jsonb,
  quiz json
);

comment on type private.outline_lesson is
  'A lesson as course_outline writes it: its columns are the keys of each object of sections[].lessons, in order.';

create type private.outline_section as (
  id uuid,
  position integer,
  title text,
  release_at timestamptz,
  release_offset_days smallint,
  duration_s integer,
  lesson_count integer,
  completed_count integer,
  lessons json
);

comment on type private.outline_section is
  'A section as course_outline writes it: its columns are the keys of each object of sections, in order.';

create or replace function private.course_outline_rows(
  target_course uuid, target_lesson uuid, previewing boolean, standings jsonb
)
returns table (sections json, totals json, lesson json)
language plpgsql
stable
-- Definer: the course's rows without each table's policy asked again for every row (20261130080000).
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
          row(
            r.id, r.position, r.title, r.kind, r.duration_s, r.is_preview, r.completion_rule, r.completion_threshold,
            r.available, r.lock, r.progress, r.quiz
          )::private.outline_lesson order by r.position
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
           row(
             sr.id, sr.position, sr.title, sr.release_at, sr.release_offset_days, sr.duration_s, sr.lesson_count,
             sr.completed_count, sr.lessons
           )::private.outline_section order by sr.position
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

