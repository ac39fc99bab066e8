-- ============================================================================================================
-- Preview as a learner (the studio's "Preview as learner"): a member of the course's school asks course_outline
-- with as_learner and gets the course page and player as a learner who enrolled just now would: locks by sequence
-- and drip counted from today, no progress, locked content withheld. Nothing is written: no enrollment, no
-- progress. private.lesson_availability stays the one place the lock rule is written; it gains the hypothetical
-- fresh enrollment as an input instead of a second copy of the rule. Anyone who is not a member of the school gets
-- the ordinary answer whatever they ask for.
-- ============================================================================================================

-- ------------------------------------------------------------------------------------------------------------
-- The lock rule, with the preview as an input
-- ------------------------------------------------------------------------------------------------------------

create function private.lesson_availability(target_course uuid, as_learner boolean)
returns table (lesson_id uuid, available boolean, lock jsonb, progress jsonb)
language sql
stable
-- Definer: needs the requesting user's enrollment and own progress and the course's membership whatever the
-- policies and grants of the caller allow (a visitor reads no progress table at all), and computes the whole course
-- in one pass instead of a lookup per lesson.
-- It answers only for courses the caller can read (published, their school's, or enrolled in).
security definer
set search_path = ''
as $$
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
$$;

comment on function private.lesson_availability(uuid, boolean) is
  'The lesson-lock rule, written once: for the requesting user, each lesson of the course with whether they may open it, if not why (enroll, release date counted from the cohort''s start or enrollment, sequence), and their own progress. With as_learner, a member of the course''s school gets the answer for a learner who enrolled just now (no cohort, no progress); others are unaffected.';

revoke all on function private.lesson_availability(uuid, boolean) from public;
grant execute on function private.lesson_availability(uuid, boolean) to anon, authenticated, service_role;

-- The one-argument form keeps its callers (is_lesson_unlocked and through it the content, progress and media
-- policies; save_progress) and now asks the rule above, so there is still one copy of it.
create or replace function private.lesson_availability(target_course uuid)
returns table (lesson_id uuid, available boolean, lock jsonb, progress jsonb)
language sql
stable
-- Definer: as the rule it asks (the requesting user's enrollment, progress and membership whatever their policies).
security definer
set search_path = ''
as $$
  select a.lesson_id, a.available, a.lock, a.progress from private.lesson_availability(target_course, false) a;
$$;

comment on function private.lesson_availability(uuid) is
  'The lesson-lock rule for the requesting user as they are (no preview): private.lesson_availability(course, false). is_lesson_unlocked, save_progress and through them the content, progress and media policies ask it.';

-- ------------------------------------------------------------------------------------------------------------
-- course_outline with as_learner
-- ------------------------------------------------------------------------------------------------------------

-- Replaced rather than overloaded: two course_outline functions would leave PostgREST unable to choose for a
-- call naming only slug and lesson_id.
drop function public.course_outline(text, uuid);

create function public.course_outline(slug text, lesson_id uuid default null, as_learner boolean default false)
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
      row_number() over (order by s.position, l.position) as ord
    from public.lessons l
    join public.course_sections s on s.id = l.section_id
    join private.lesson_availability(target.id, previewing) a on a.lesson_id = l.id
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
            'progress', r.progress
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
  'The course page and player in one call: course, school, instructors, the caller''s enrollment and progress, sections with lessons (availability, lock reason, progress) and, with lesson_id, that lesson''s content (null when locked) and neighbours. With as_learner, a member of the course''s school sees it as a learner who enrolled just now (viewer.as_learner true, no enrollment, no progress); for anyone else as_learner changes nothing. Unknown or invisible course: error course_not_found (404).';

revoke all on function public.course_outline(text, uuid, boolean) from public;
grant execute on function public.course_outline(text, uuid, boolean) to anon, authenticated, service_role;
