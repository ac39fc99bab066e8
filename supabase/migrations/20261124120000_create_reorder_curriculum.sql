-- ============================================================================================================
-- Curriculum calls of the studio (PRODUCT.md §5, §7): positions stay dense (1..n) within their parent, which the
-- deferred check of 20261121070100 verifies at commit. One Data API request is one transaction, so every change
-- that renumbers rows goes through a call that writes the whole change at once:
--   * reorder_curriculum(course_id, sections) puts the course's sections and lessons in the order of the payload
--     (an array of {id, lesson_ids}), moving lessons between sections; the payload must name every section and
--     lesson of the course exactly once, else validation_failed (422) with a fields map and the offending ids;
--   * delete_course_section(section_id) and delete_lesson(lesson_id) remove a row and close the gap after it.
-- All three are security invoker: the writes run under the outline's policies (members of the course's school);
-- the checks before them only turn a refusal into an error the studio can show. Both position keys are
-- deferrable, so each single UPDATE below is checked once at its end, after every row has moved.
-- ============================================================================================================

-- ------------------------------------------------------------------------------------------------------------
-- Who may change a course's curriculum
-- ------------------------------------------------------------------------------------------------------------

create function private.require_course_author(target_course uuid)
returns void
language plpgsql
stable
-- Invoker: whether the course exists is asked under the caller's courses policies, so a draft of another school
-- is course_not_found rather than forbidden (its existence stays private).
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    perform private.raise_api_error('not_signed_in', 'Sign in to edit a course.', 401);
  end if;
  if target_course is null or not exists (select 1 from public.courses c where c.id = target_course) then
    perform private.raise_api_error('course_not_found', 'This course does not exist or is not open to you.', 404);
  end if;
  if not private.is_course_member(target_course) then
    perform private.raise_api_error('forbidden', 'Only the school''s owners and instructors edit this course.', 403);
  end if;
end;
$$;

comment on function private.require_course_author(uuid) is
  'Raises not_signed_in (401), course_not_found (404, also for courses the caller cannot read) or forbidden (403, not a member of the course''s school); returns for the course''s authors.';

grant execute on function private.require_course_author(uuid) to anon, authenticated, service_role;

-- ------------------------------------------------------------------------------------------------------------
-- reorder_curriculum
-- ------------------------------------------------------------------------------------------------------------

create function public.reorder_curriculum(course_id uuid, sections jsonb)
returns void
language plpgsql
volatile
-- Invoker: see the top of this migration.
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  well_formed boolean;
  section_ids uuid[];
  lesson_ids uuid[];
  lesson_sections uuid[];
  lesson_positions integer[];
  problems jsonb;
  fields jsonb := '{}';
begin
  perform private.require_course_author(reorder_curriculum.course_id);

  -- Whoever reorders first wins; a second editor's reorder (and new sections or lessons, whose foreign keys share
  -- this row) waits for the first to commit and is then checked against the order it left.
  perform 1 from public.courses c where c.id = reorder_curriculum.course_id for update;

  select coalesce(
    jsonb_typeof(reorder_curriculum.sections) = 'array'
    and coalesce(bool_and(
      jsonb_typeof(s) = 'object'
      and private.uuid_or_null(s ->> 'id') is not null
      and jsonb_typeof(s -> 'lesson_ids') = 'array'
      and not exists (
        select 1 from jsonb_array_elements(s -> 'lesson_ids') as l
        where jsonb_typeof(l) <> 'string' or private.uuid_or_null(l #>> '{}') is null
      )
    ), true),
    false
  )
  into well_formed
  from jsonb_array_elements(
    case when jsonb_typeof(reorder_curriculum.sections) = 'array' then reorder_curriculum.sections else '[]' end
  ) as s;
  if not well_formed then
    perform private.raise_api_error(
      'validation_failed', 'The new order could not be read.', 422,
      jsonb_build_object('fields', jsonb_build_object(
        'sections', 'Send the sections as a list of {id, lesson_ids} with the ids of the course''s sections and lessons.'
      ))
    );
  end if;

  select coalesce(array_agg((s ->> 'id')::uuid order by n), '{}')
  into section_ids
  from jsonb_array_elements(reorder_curriculum.sections) with ordinality as e (s, n);

  select
    coalesce(array_agg((l #>> '{}')::uuid order by sn, ln), '{}'),
    coalesce(array_agg((s ->> 'id')::uuid order by sn, ln), '{}'),
    coalesce(array_agg(ln::integer order by sn, ln), '{}')
  into lesson_ids, lesson_sections, lesson_positions
  from jsonb_array_elements(reorder_curriculum.sections) with ordinality as e (s, sn)
  cross join lateral jsonb_array_elements(s -> 'lesson_ids') with ordinality as x (l, ln);

  -- Every section and lesson of the course exactly once, and nothing else (a lesson of another course, or one the
  -- caller cannot see, counts as not of this course).
  with checked (kind, sent, actual) as (
    select 'sections', section_ids,
      array(select s.id from public.course_sections s where s.course_id = reorder_curriculum.course_id)
    union all
    select 'lessons', lesson_ids,
      array(select l.id from public.lessons l where l.course_id = reorder_curriculum.course_id)
  )
  select jsonb_object_agg(kind, jsonb_strip_nulls(jsonb_build_object(
    'missing', (select jsonb_agg(a) from unnest(actual) as a where a <> all (sent)),
    'duplicated', (select jsonb_agg(d) from (select d from unnest(sent) as d group by d having count(*) > 1) as x),
    'foreign', (select jsonb_agg(distinct f) from unnest(sent) as f where f <> all (actual))
  )))
  into problems
  from checked;

  if problems -> 'sections' <> '{}' then
    fields := fields || jsonb_build_object('sections', concat_ws(' ',
      case when problems #> '{sections,missing}' is not null then 'The new order leaves out a section.' end,
      case when problems #> '{sections,duplicated}' is not null then 'A section appears more than once.' end,
      case when problems #> '{sections,foreign}' is not null then 'A section is not part of this course.' end
    ));
  end if;
  if problems -> 'lessons' <> '{}' then
    fields := fields || jsonb_build_object('lessons', concat_ws(' ',
      case when problems #> '{lessons,missing}' is not null then 'The new order leaves out a lesson.' end,
      case when problems #> '{lessons,duplicated}' is not null then 'A lesson appears more than once.' end,
      case when problems #> '{lessons,foreign}' is not null then 'A lesson is not part of this course.' end
    ));
  end if;
  if fields <> '{}' then
    perform private.raise_api_error(
      'validation_failed',
      'The curriculum changed since you loaded it, or the new order is incomplete. Reload and try again.',
      422, jsonb_build_object('fields', fields, 'sections', problems -> 'sections', 'lessons', problems -> 'lessons')
    );
  end if;

  update public.course_sections s
  set position = n.position
  from unnest(section_ids) with ordinality as n (id, position)
  where s.id = n.id and s.position <> n.position;

  update public.lessons l
  set section_id = n.section_id, position = n.position
  from unnest(lesson_ids, lesson_sections, lesson_positions) as n (id, section_id, position)
  where l.id = n.id and (l.section_id, l.position) is distinct from (n.section_id, n.position);
end;
$$;

comment on function public.reorder_curriculum(uuid, jsonb) is
  'Puts a course''s sections and lessons in the order of sections ([{id, lesson_ids: [...]}, ...], every section and lesson of the course exactly once), moving lessons between sections, in one transaction with dense positions. Errors: not_signed_in 401, course_not_found 404, forbidden 403, validation_failed 422 (fields.sections / fields.lessons; details.sections / details.lessons list the missing, duplicated and foreign ids).';

revoke all on function public.reorder_curriculum(uuid, jsonb) from public;
-- anon may call it only to be told to sign in.
grant execute on function public.reorder_curriculum(uuid, jsonb) to anon, authenticated;

-- ------------------------------------------------------------------------------------------------------------
-- Removing a section or a lesson
-- ------------------------------------------------------------------------------------------------------------

create function public.delete_course_section(section_id uuid)
returns void
language plpgsql
volatile
-- Invoker: see the top of this migration.
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  target record;
begin
  select s.id, s.course_id, s.position into target
  from public.course_sections s where s.id = delete_course_section.section_id;
  perform private.require_course_author(target.course_id);
  perform 1 from public.courses c where c.id = target.course_id for update;

  -- Its lessons (and their content and progress) go with it, by cascade.
  delete from public.course_sections s where s.id = target.id;
  update public.course_sections s
  set position = s.position - 1
  where s.course_id = target.course_id and s.position > target.position;
end;
$$;

comment on function public.delete_course_section(uuid) is
  'Removes a section with its lessons and renumbers the sections after it. Errors: not_signed_in 401, course_not_found 404, forbidden 403.';

create function public.delete_lesson(lesson_id uuid)
returns void
language plpgsql
volatile
-- Invoker: see the top of this migration.
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  target record;
begin
  select l.id, l.course_id, l.section_id, l.position into target
  from public.lessons l where l.id = delete_lesson.lesson_id;
  perform private.require_course_author(target.course_id);
  perform 1 from public.courses c where c.id = target.course_id for update;

  delete from public.lessons l where l.id = target.id;
  update public.lessons l
  set position = l.position - 1
  where l.section_id = target.section_id and l.position > target.position;
end;
$$;

comment on function public.delete_lesson(uuid) is
  'Removes a lesson (with its content and learners'' progress in it) and renumbers the lessons after it in its section. Media objects stay in storage: remove them first. Errors: not_signed_in 401, course_not_found 404, forbidden 403.';

revoke all on function public.delete_course_section(uuid) from public;
revoke all on function public.delete_lesson(uuid) from public;
grant execute on function public.delete_course_section(uuid) to anon, authenticated;
grant execute on function public.delete_lesson(uuid) to anon, authenticated;
