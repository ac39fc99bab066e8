-- The validation rules of PRODUCT.md §5 for what the studio writes (courses, sections, lessons), at their edges,
-- through an instructor's own writes; each refusal names its check constraint, which the studio maps to the same
-- message its forms show. And the live slug checks.
begin;
select plan(40);

select tests.create_course_fixture();

create function tests.course_insert(slug text, title text, description text default '')
returns text
language sql
as $$
  select format(
    'insert into public.courses (school_id, slug, title, description_md) values (%L, %L, %L, %L)',
    tests.school_id('alpine-academy'), slug, title, description
  );
$$;
create function tests.section_update(assignment text)
returns text
language sql
as $$
  -- alpine-draft has one section and one lesson, whatever their titles have become.
  select format('update public.course_sections set %s where course_id = %L', assignment, tests.course_id('alpine-draft'));
$$;
create function tests.lesson_update(assignment text)
returns text
language sql
as $$
  select format('update public.lessons set %s where course_id = %L', assignment, tests.course_id('alpine-draft'));
$$;
grant execute on function tests.course_insert(text, text, text), tests.section_update(text), tests.lesson_update(text) to authenticated;
select tests.authenticate_as('instructor');

-- courses -------------------------------------------------------------------------------------------------------
select lives_ok(tests.course_insert('abc', 'Abc'), 'a 3-character slug and title are accepted');
select lives_ok(tests.course_insert(repeat('a', 60), repeat('t', 120)), 'a 60-character slug and a 120-character title too');
select lives_ok(tests.course_insert('web-101-basics', 'Web basics', repeat('x', 20000)), 'hyphenated words with digits, and a 20,000-character description');
select throws_like(tests.course_insert('ab', 'Two'), '%courses_slug_format%', 'a 2-character slug is refused');
select throws_like(tests.course_insert(repeat('a', 61), 'Long slug'), '%courses_slug_format%', 'a 61-character slug is refused');
select throws_like(tests.course_insert('Web-basics', 'Capitals'), '%courses_slug_format%', 'capitals in a slug are refused');
select throws_like(tests.course_insert('web--basics', 'Double hyphen'), '%courses_slug_format%', 'an empty word in a slug is refused');
select throws_like(tests.course_insert('-web', 'Leading hyphen'), '%courses_slug_format%', 'a slug starting with a hyphen is refused');
select throws_like(tests.course_insert('web_basics', 'Underscore'), '%courses_slug_format%', 'an underscore is refused');
select throws_like(tests.course_insert('alpine-basics', 'Taken'), '%courses_slug_key%', 'a slug in use is refused');
select throws_like(tests.course_insert('two-chars', 'Ab'), '%courses_title_length%', 'a 2-character title is refused');
select throws_like(tests.course_insert('long-title', repeat('t', 121)), '%courses_title_length%', 'a 121-character title is refused');
select throws_like(tests.course_insert('padded-title', ' Padded'), '%courses_title_length%', 'an untrimmed title is refused');
select throws_like(tests.course_insert('long-text', 'Long text', repeat('x', 20001)), '%courses_description_length%', 'a 20,001-character description is refused');

-- sections ------------------------------------------------------------------------------------------------------
select lives_ok(tests.section_update($$title = 'A'$$), 'a 1-character section title is accepted');
select lives_ok(tests.section_update(format('title = %L', repeat('s', 120))), 'a 120-character one too');
select throws_like(tests.section_update($$title = ''$$), '%course_sections_title_length%', 'an empty section title is refused');
select throws_like(tests.section_update(format('title = %L', repeat('s', 121))), '%course_sections_title_length%', 'a 121-character one is refused');
select throws_like(tests.section_update($$title = 'Intro '$$), '%course_sections_title_length%', 'an untrimmed one is refused');
select lives_ok(tests.section_update('release_offset_days = 0'), 'release_offset_days 0 is accepted');
select lives_ok(tests.section_update('release_offset_days = 3650'), 'and 3,650');
select throws_like(tests.section_update('release_offset_days = -1'), '%course_sections_release_offset_range%', '-1 is refused');
select throws_like(tests.section_update('release_offset_days = 3651'), '%course_sections_release_offset_range%', '3,651 is refused');

-- lessons -------------------------------------------------------------------------------------------------------
select lives_ok(tests.lesson_update($$title = 'L'$$), 'a 1-character lesson title is accepted');
select throws_like(tests.lesson_update($$title = ''$$), '%lessons_title_length%', 'an empty lesson title is refused');
select throws_like(tests.lesson_update(format('title = %L', repeat('l', 121))), '%lessons_title_length%', 'a 121-character one is refused');
select throws_like(tests.lesson_update($$title = ' L'$$), '%lessons_title_length%', 'an untrimmed one is refused');
select lives_ok(tests.lesson_update('duration_s = 0'), 'duration_s 0 is accepted');
select lives_ok(tests.lesson_update('duration_s = 86400'), 'and 86,400');
select throws_like(tests.lesson_update('duration_s = -1'), '%lessons_duration_range%', '-1 is refused');
select throws_like(tests.lesson_update('duration_s = 86401'), '%lessons_duration_range%', '86,401 is refused');
select lives_ok(tests.lesson_update('completion_threshold = 0.5'), 'a completion threshold of 0.5 is accepted');
select lives_ok(tests.lesson_update('completion_threshold = 1.0'), 'and 1.0');
select throws_like(tests.lesson_update('completion_threshold = 0.49'), '%lessons_completion_threshold_range%', '0.49 is refused');
select throws_like(tests.lesson_update('completion_threshold = 1.01'), '%lessons_completion_threshold_range%', '1.01 is refused');

-- live slug checks ------------------------------------------------------------------------------------------------
select is(
  array[public.course_slug_available('fresh-course'), public.course_slug_available('alpine-basics'), public.course_slug_available('Bad Slug')],
  array[true, false, false], 'a course slug is available when valid and unused'
);
select tests.authenticate_as('learner');
select is(public.course_slug_available('alpine-draft'), false, 'a draft of a school the caller is not in still takes its slug');
select is(
  array[public.school_slug_available('new-school'), public.school_slug_available('beacon-school'), public.school_slug_available('x')],
  array[true, false, false], 'a school slug is available when valid and unused'
);
select tests.authenticate_as_anon();
select throws_ok($$select public.course_slug_available('fresh-course')$$, '42501', null, 'visitors cannot probe course slugs');
select throws_ok($$select public.school_slug_available('new-school')$$, '42501', null, 'nor school slugs');

select * from finish();
rollback;
