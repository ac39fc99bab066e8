-- The lock rule for one lesson (private.lesson_lock, which progress saves, quiz starts and the content, video-check and
-- media policies ask) gives the answer the course-wide rule (private.lesson_availability, which the outline asks)
-- gives for that lesson: whether it opens and the lock with its reason, or no answer at all. Over every lesson of every
-- demo course, for every demo user and a visitor, with the demo data as it is and again with release dates ahead, a
-- cohort that starts later and a sequential course's lessons completed out of order.
begin;
select plan(8);

create function tests.one_lesson_lock_answers()
returns table (
  who text, lesson text, course_known boolean, lesson_known boolean,
  course_available boolean, lesson_available boolean, course_lock jsonb, lesson_lock jsonb
)
language plpgsql
set search_path = ''
as $$
declare
  viewer record;
  target record;
begin
  create temporary table one_lock_viewers on commit drop as
    select u.id, u.email from auth.users u where u.email like '%@example.com'
    union all select null, 'visitor';
  create temporary table one_lock_lessons on commit drop as
    select l.id, l.course_id, c.slug || ' / ' || l.title as label
    from public.lessons l join public.courses c on c.id = l.course_id;
  for viewer in select * from one_lock_viewers order by email loop
    for target in select * from one_lock_lessons order by label loop
      if viewer.id is null then
        perform set_config('request.jwt.claims', '{"role": "anon"}', true);
      else
        perform set_config('request.jwt.claims', jsonb_build_object(
          'sub', viewer.id, 'role', 'authenticated', 'aud', 'authenticated', 'email', viewer.email, 'aal', 'aal1'
        )::text, true);
      end if;
      who := viewer.email;
      lesson := target.label;
      select true, a.available, a.lock into course_known, course_available, course_lock
      from private.lesson_availability(target.course_id) a where a.lesson_id = target.id;
      course_known := coalesce(course_known, false);
      select true, a.available, a.lock into lesson_known, lesson_available, lesson_lock
      from private.lesson_lock(target.id) a;
      lesson_known := coalesce(lesson_known, false);
      return next;
      course_known := null; course_available := null; course_lock := null;
      lesson_known := null; lesson_available := null; lesson_lock := null;
    end loop;
  end loop;
  drop table one_lock_viewers, one_lock_lessons;
end;
$$;

create temporary table answers on commit drop as select * from tests.one_lesson_lock_answers();

select cmp_ok(
  (select count(*) from answers)::int, '>=',
  (select (count(distinct who) * 20)::int from answers),
  'every demo user and a visitor are asked about every lesson of the demo courses (at least 20 lessons each)'
);
select is_empty(
  $$select * from answers
    where course_known is distinct from lesson_known
       or course_available is distinct from lesson_available
       or course_lock is distinct from lesson_lock$$,
  'with the demo data, one lesson''s rule and the course''s rule give every user the same answer on every lesson'
);
select results_eq(
  $$select distinct lesson_lock ->> 'reason' from answers where lesson_lock is not null order by 1$$,
  array['enroll', 'release', 'sequence'],
  'the demo data locks lessons for each reason (enroll, release, sequence), so each is compared'
);
select ok(
  exists (select 1 from answers where not lesson_known) and exists (select 1 from answers where lesson_available),
  'the demo data has lessons a caller gets no answer about (drafts) and lessons that open, so both are compared'
);

-- The data moved: a fixed release date a few hours ahead on a section of every course; drip counted from cohorts
-- that start in five days, with every learner of their course in them (they wait for the start, whenever they
-- enrolled); and in every sequential course the last lesson completed by everyone enrolled while earlier ones are not
-- (the first incomplete lesson is what blocks, not the last completed one).
update public.course_sections s set release_at = now() + interval '3 hours'
where s.position = 2;
update public.course_sections s set release_offset_days = 1
where s.position = 3;
update public.cohorts set starts_at = now() + interval '5 days';
update public.enrollments e set cohort_id = co.id
from public.cohorts co
where co.course_id = e.course_id;
insert into public.lesson_progress (user_id, lesson_id, course_id, status, completed_at, completed_by)
select e.user_id, last.id, e.course_id, 'completed', now(), 'manual'
from public.enrollments e
join public.courses c on c.id = e.course_id and c.progression = 'sequential'
cross join lateral (
  select l.id from public.lessons l join public.course_sections s on s.id = l.section_id
  where l.course_id = c.id order by s.position desc, l.position desc limit 1
) last
where e.status in ('active', 'completed')
on conflict (user_id, lesson_id) do update set status = 'completed', completed_at = now(), completed_by = 'manual';

create temporary table moved on commit drop as select * from tests.one_lesson_lock_answers();

select is_empty(
  $$select * from moved
    where course_known is distinct from lesson_known
       or course_available is distinct from lesson_available
       or course_lock is distinct from lesson_lock$$,
  'with release dates ahead, a cohort starting later and lessons completed out of order, both rules still agree'
);
select ok(
  exists (
    select 1 from moved
    where lesson_lock ->> 'reason' = 'release'
      and (lesson_lock ->> 'opens_at')::timestamptz = now() + interval '3 hours'
  )
  and exists (
    select 1 from moved
    where lesson_lock ->> 'reason' = 'release'
      and (lesson_lock ->> 'opens_at')::timestamptz = now() + interval '6 days'
  )
  and exists (select 1 from moved where lesson_lock ->> 'reason' = 'sequence'),
  'the moved data locks lessons by a date hours away, by a cohort''s start and by sequence, so those are compared'
);
select is(
  (select count(*)::int from moved m join answers a using (who, lesson)
   where m.lesson_lock is distinct from a.lesson_lock),
  (select count(*)::int from moved m join answers a using (who, lesson)
   where m.course_lock is distinct from a.course_lock),
  'the data change moved as many answers of one lesson''s rule as of the course''s rule'
);
select cmp_ok(
  (select count(*)::int from moved m join answers a using (who, lesson)
   where m.lesson_lock is distinct from a.lesson_lock),
  '>', 0,
  'and it did move some: the second comparison is not the first one again'
);

select * from finish();
rollback;
