-- private.is_published_preview (asked by the policies of lesson_contents and video_checks for visitors and learners
-- alike) answers with definer rights what the same lookup answers under the caller's own policies on lessons and
-- courses: for every lesson of every demo course, every demo user and a visitor, and with a course archived. A
-- visitor reads the content of a published course's preview lesson and of nothing else.
begin;
select plan(8);

create function tests.published_preview_answers()
returns table (who text, lesson text, definer boolean, under_policies boolean)
language plpgsql
set search_path = ''
as $$
declare
  viewer record;
  target record;
begin
  for viewer in
    select u.id, u.email from auth.users u where u.email like '%@example.com'
    union all select null, 'visitor'
    order by 2
  loop
    if viewer.id is null then
      perform set_config('request.jwt.claims', '{"role": "anon"}', true);
      set local role anon;
    else
      perform set_config('request.jwt.claims', jsonb_build_object(
        'sub', viewer.id, 'role', 'authenticated', 'aud', 'authenticated', 'email', viewer.email, 'aal', 'aal1'
      )::text, true);
      set local role authenticated;
    end if;
    for target in
      select l.id, c.slug || ' / ' || l.title as label
      from public.lessons l join public.courses c on c.id = l.course_id
    loop
      who := viewer.email;
      lesson := target.label;
      definer := private.is_published_preview(target.id);
      -- The lookup as the invoker function made it, under this caller's policies.
      under_policies := exists (
        select 1 from public.lessons l join public.courses c on c.id = l.course_id
        where l.id = target.id and l.is_preview and c.status = 'published'
      );
      return next;
    end loop;
    reset role;
  end loop;
end;
$$;

select is(
  (select p.prosecdef from pg_proc p where p.oid = 'private.is_published_preview(uuid)'::regprocedure),
  true,
  'is_published_preview runs with definer rights'
);

select is(
  (select p.proconfig from pg_proc p where p.oid = 'private.is_published_preview(uuid)'::regprocedure),
  array['search_path=""'],
  'and with an empty search_path'
);

create temporary table answers_now as select * from tests.published_preview_answers();

select is(
  (select count(*) from answers_now where definer is distinct from under_policies),
  0::bigint,
  'on the demo data, every caller gets the answer the lookup under their own policies gives, for every lesson'
);

select ok(
  (select bool_or(definer) and not bool_and(definer) from answers_now),
  'the demo data has published previews and lessons that are not'
);

-- What a visitor reads of lesson_contents: the published previews' rows (listed here with the policies bypassed),
-- nothing else.
create temporary table published_preview_rows as
  select lc.lesson_id
  from public.lesson_contents lc
  join public.lessons l on l.id = lc.lesson_id
  join public.courses c on c.id = l.course_id
  where l.is_preview and c.status = 'published';
grant select on published_preview_rows to anon;
select ok((select count(*) > 0 from published_preview_rows), 'some published preview has content');
set local role anon;
select set_config('request.jwt.claims', '{"role": "anon"}', true);
select results_eq(
  'select lesson_id from public.lesson_contents order by lesson_id',
  'select lesson_id from published_preview_rows order by lesson_id',
  'a visitor reads the content of every published preview lesson and of no other'
);
reset role;

-- A course archived (its learners keep reading it): its preview lessons are no longer published previews.
update public.courses set status = 'archived' where slug = 'web-accessibility-basics';
create temporary table answers_archived as select * from tests.published_preview_answers();

select is(
  (select count(*) from answers_archived where definer is distinct from under_policies),
  0::bigint,
  'with a course archived, the answers still agree'
);

select is(
  (select count(*) from answers_archived where definer and lesson like 'web-accessibility-basics / %'),
  0::bigint,
  'and none of the archived course''s lessons is a published preview'
);

select * from finish();
rollback;
