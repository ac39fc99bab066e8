-- ============================================================================================================
-- Drip counts from the cohort's start (PRODUCT.md §4): a learner in a cohort sees a section with
-- release_offset_days open that many days after the cohort starts; without a cohort, after they enrolled, as
-- before. private.lesson_availability is the one lesson-lock rule (20261124090000), so this replacement (same
-- signature, same result columns) reaches course_outline, save_progress and, through is_lesson_unlocked, the
-- content, progress and media policies at once.
-- ============================================================================================================

create or replace function private.lesson_availability(target_course uuid)
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
  with viewer as (
    select
      (select auth.uid()) as user_id,
      private.is_course_member(target_course) as is_member,
      e.enrolled_at,
      -- Drip offsets count from the learner's cohort's start when they are in one, else from their enrollment.
      coalesce(co.starts_at, e.enrolled_at) as drip_from
    from (select 1) as one
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
    left join public.lesson_progress p on p.lesson_id = l.id and p.user_id = (select auth.uid())
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
      when v.is_member then true
      when o.is_preview and o.course_published then true
      when v.enrolled_at is null then false
      when o.opens_at > now() then false
      when o.progression = 'sequential' and f.ord < o.ord then false
      else true
    end,
    case
      when v.is_member then null
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

comment on function private.lesson_availability(uuid) is
  'The lesson-lock rule, written once: for the requesting user, each lesson of the course with whether they may open it, if not why (enroll, release date counted from the cohort''s start or enrollment, sequence), and their own progress. is_lesson_unlocked and through it the content, progress and media policies ask it.';
