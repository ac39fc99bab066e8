-- The lock rule is written once (private.lesson_availability); everything that decides whether a learner may open a
-- lesson must agree with it. Over every lesson of every demo course, for every demo user and a visitor: the outline's
-- availability, the lesson_contents policy, the course-media policy and is_lesson_unlocked give one answer.
begin;
select plan(6);

create function tests.lock_rule_answers()
returns table (
  who text, lesson text, learner boolean, preview boolean, outline boolean, content boolean, media boolean, unlocked boolean
)
language plpgsql
set search_path = ''
as $$
declare
  viewer record;
  target record;
begin
  -- Both lists are read as postgres, before any role switch, into temporary tables the loops then walk.
  create temporary table lock_viewers on commit drop as
    select u.id, u.email from auth.users u where u.email like '%@example.com'
    union all select null, 'visitor';
  create temporary table lock_lessons on commit drop as
    select l.id, l.course_id, l.is_preview, c.slug || ' / ' || l.title as label
    from public.lessons l join public.courses c on c.id = l.course_id;
  grant select on lock_viewers, lock_lessons to anon, authenticated;
  for viewer in select * from lock_viewers order by email loop
    for target in select * from lock_lessons order by label loop
      if viewer.id is null then
        perform set_config('role', 'anon', true);
        perform set_config('request.jwt.claims', '{"role": "anon"}', true);
      else
        perform set_config('role', 'authenticated', true);
        perform set_config('request.jwt.claims', jsonb_build_object(
          'sub', viewer.id, 'role', 'authenticated', 'aud', 'authenticated', 'email', viewer.email, 'aal', 'aal1'
        )::text, true);
      end if;
      who := viewer.email;
      lesson := target.label;
      preview := target.is_preview;
      outline := coalesce(
        (select a.available from private.lesson_availability(target.course_id) a where a.lesson_id = target.id),
        false
      );
      content := exists (select 1 from public.lesson_contents lc where lc.lesson_id = target.id);
      media := private.can_read_course_media(target.course_id || '/' || target.id || '/video.webm');
      unlocked := false;
      if viewer.id is not null then
        unlocked := private.is_lesson_unlocked(target.id);
      end if;
      perform set_config('role', 'postgres', true);
      -- An enrolled learner who is not on the school's staff: the one whose answer is is_lesson_unlocked's alone.
      learner := viewer.id is not null
        and exists (
          select 1 from public.enrollments e
          where e.course_id = target.course_id and e.user_id = viewer.id and e.status in ('active', 'completed')
        )
        and not exists (
          select 1 from public.school_members m join public.courses c on c.school_id = m.school_id
          where c.id = target.course_id and m.user_id = viewer.id
        );
      return next;
    end loop;
  end loop;
end;
$$;

create temporary table answers on commit drop as select * from tests.lock_rule_answers();

select cmp_ok(
  (select count(*) from answers)::int, '>=',
  (select (count(distinct who) * 20)::int from answers),
  'every demo user and a visitor are asked about every lesson of the demo courses (at least 20 lessons each)'
);
select is_empty(
  $$select who, lesson, outline, content from answers where outline <> content$$,
  'the outline''s availability and the lesson_contents policy agree for every user and lesson'
);
select is_empty(
  $$select who, lesson, outline, media from answers where outline <> media$$,
  'the outline''s availability and the course-media policy agree for every user and lesson'
);
select is_empty(
  $$select who, lesson, outline, unlocked from answers where unlocked and not outline$$,
  'is_lesson_unlocked never opens a lesson the outline keeps locked'
);

select is_empty(
  $$select who, lesson, outline, unlocked from answers where learner and not preview and unlocked <> outline$$,
  'for an enrolled learner, is_lesson_unlocked and the outline agree on every lesson that is not a preview'
);
select cmp_ok(
  (select count(*) from answers where learner and not outline)::int, '>', 0,
  'the demo data has locked lessons for enrolled learners (drip and sequence), so the agreement is tested on both answers'
);

select * from finish();
rollback;
