-- The demo data of seed.sql (PRODUCT.md §10, as far as M1 reaches) is whole: a newcomer signing in as a demo user
-- finds courses that can be learned end to end.
begin;
select plan(10);

select results_eq(
  $$select status::text, count(*)::int from public.courses group by status order by status$$,
  $$values ('draft', 1), ('published', 3)$$,
  'three published courses and one draft'
);
select results_eq(
  $$select enrollment_mode::text from public.courses where status = 'published' order by enrollment_mode$$,
  array['code', 'invite', 'open'],
  'one published course per enrollment mode'
);
select is_empty(
  $$select c.slug from public.courses c where c.status = 'published'
    and not exists (select 1 from public.lessons l where l.course_id = c.id)$$,
  'every published course has lessons'
);
select is_empty(
  $$select l.title from public.lessons l left join public.lesson_contents lc on lc.lesson_id = l.id where lc.lesson_id is null$$,
  'every lesson has content'
);
select is_empty(
  $$select l.title from public.lessons l join public.lesson_contents lc on lc.lesson_id = l.id
    where l.kind = 'video' and (lc.video_path is null or lc.captions_path is null)$$,
  'every video lesson has a video and captions'
);
select ok(
  (select count(distinct user_id) from public.enrollments) >= 6,
  'at least six learners are enrolled somewhere'
);
select ok(
  exists (select 1 from public.enrollments where status = 'completed'),
  'someone has finished a course'
);
select ok(
  (select count(distinct day) from public.daily_activity where day > current_date - 35) >= 14,
  'weeks of daily activity'
);

-- Signed in as the demo learner (not a test user, so without tests.authenticate_as).
do $$
begin
  perform set_config('request.jwt.claims', jsonb_build_object(
    'sub', (select id from auth.users where email = 'learner@example.com'), 'role', 'authenticated', 'aal', 'aal1'
  )::text, true);
  perform set_config('role', 'authenticated', true);
end;
$$;
select ok(
  jsonb_path_exists(public.course_outline('sql-for-product-people')::jsonb, '$.sections[*].lessons[*].lock ? (@.reason == "sequence")'),
  'the demo learner meets a sequence lock in the sequential course'
);
select ok(
  jsonb_path_exists(public.course_outline('sql-for-product-people')::jsonb, '$.sections[*].lessons[*].lock ? (@.reason == "release")'),
  'and a drip lock'
);

select * from finish();
rollback;
