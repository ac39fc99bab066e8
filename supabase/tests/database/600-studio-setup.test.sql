-- ============================================================================================================
-- Test helpers for the creator studio (curriculum calls, publishing, course instructors), created once per test
-- run like 000-setup: the API error a statement raises, and a course's curriculum as titles, to compare orders.
-- ============================================================================================================
begin;
select plan(1);

-- The API error a statement raises as {code, status, fields}, {sqlstate} for other errors, or null on success.
create or replace function tests.error_of(statement text)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  state text;
  message text;
  detail text;
begin
  execute statement;
  return null;
exception when others then
  get stacked diagnostics state = returned_sqlstate, message = message_text, detail = pg_exception_detail;
  if state <> 'PGRST' then
    return jsonb_build_object('sqlstate', state);
  end if;
  return jsonb_strip_nulls(jsonb_build_object(
    'code', (message::jsonb) ->> 'code',
    'status', ((detail::jsonb) ->> 'status')::integer,
    'fields', (message::jsonb) #> '{details,fields}'
  ));
end;
$$;

-- The details of the API error a statement raises (null when it succeeds or raises something else).
create or replace function tests.error_details(statement text)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  message text;
begin
  execute statement;
  return null;
exception when sqlstate 'PGRST' then
  get stacked diagnostics message = message_text;
  return (message::jsonb) -> 'details';
end;
$$;

-- A course's curriculum as titles in order, whatever the caller may read: [{section, lessons: [...]}, ...].
create or replace function tests.curriculum(course_slug text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
    'section', s.title,
    'lessons', coalesce(
      (select jsonb_agg(l.title order by l.position) from public.lessons l where l.section_id = s.id), '[]'
    )
  ) order by s.position), '[]')
  from public.course_sections s
  where s.course_id = tests.course_id(course_slug);
$$;

-- Positions of a course's sections and of each section's lessons, as stored: [[1, [1, 2]], [2, [1]]].
create or replace function tests.positions(course_slug text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_array(
    s.position,
    coalesce((select jsonb_agg(l.position order by l.position) from public.lessons l where l.section_id = s.id), '[]')
  ) order by s.position), '[]')
  from public.course_sections s
  where s.course_id = tests.course_id(course_slug);
$$;

-- A reorder payload from titles: tests.order_payload('[{"section": "A", "lessons": ["x", "y"]}]').
create or replace function tests.order_payload(by_title jsonb)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
    'id', tests.section_id(e ->> 'section'),
    'lesson_ids', coalesce(
      (select jsonb_agg(tests.lesson_id(t #>> '{}') order by n) from jsonb_array_elements(e -> 'lessons') with ordinality as x (t, n)),
      '[]'
    )
  ) order by i), '[]')
  from jsonb_array_elements(by_title) with ordinality as y (e, i);
$$;

grant execute on all functions in schema tests to anon, authenticated, service_role;

select has_function('tests', 'error_of', array['text'], 'studio test helpers are installed');

select * from finish();
commit;
