-- A long course for the outline benchmark: "Outline Course", 40 sections x 10 lessons (400 lessons, a quiz lesson
-- closing every section), published in the demo school, with the demo learner Kenji enrolled and 150 lessons done.
-- Plain inserts through every trigger, as the studio and the player would leave them.

insert into public.courses (id, school_id, slug, title, subtitle, status, visibility, enrollment_mode, published_at)
values ('c0000000-0000-4000-8000-00000000f301', 'b0000000-0000-4000-8000-000000000001', 'outline-course',
  'Outline Course', 'A long course, for measuring the course page and the player', 'draft', 'public', 'open',
  now() - interval '30 days');

insert into public.course_sections (id, course_id, position, title)
select ('d0000000-0000-4000-8000-0000003f' || lpad(s::text, 4, '0'))::uuid, 'c0000000-0000-4000-8000-00000000f301', s,
  'Section ' || s
from generate_series(1, 40) s;

insert into public.lessons (id, course_id, section_id, position, title, kind, duration_s, completion_rule)
select ('e0000000-0000-4000-8000-0000003f' || lpad(n::text, 4, '0'))::uuid, 'c0000000-0000-4000-8000-00000000f301',
  ('d0000000-0000-4000-8000-0000003f' || lpad(((n - 1) / 10 + 1)::text, 4, '0'))::uuid, (n - 1) % 10 + 1,
  'Lesson ' || n,
  case when n % 10 = 0 then 'quiz' when n % 2 = 0 then 'text' else 'video' end::public.lesson_kind,
  300 + (n * 37) % 600,
  case when n % 2 = 1 then 'video' else 'manual' end::public.completion_rule
from generate_series(1, 400) n;

insert into public.lesson_contents (lesson_id, course_id, body_md)
select l.id, l.course_id, '# ' || l.title || E'\n\nThe body of a lesson in a long course.'
from public.lessons l where l.course_id = 'c0000000-0000-4000-8000-00000000f301';

update public.courses set status = 'published' where id = 'c0000000-0000-4000-8000-00000000f301';

insert into public.enrollments (course_id, user_id, enrolled_at)
values ('c0000000-0000-4000-8000-00000000f301', 'a0000000-0000-4000-8000-000000000007', now() - interval '20 days');

insert into public.lesson_progress (user_id, lesson_id, course_id, status, completed_at, completed_by)
select 'a0000000-0000-4000-8000-000000000007', l.id, l.course_id, 'completed', now() - interval '1 day', 'manual'
from public.lessons l
where l.course_id = 'c0000000-0000-4000-8000-00000000f301' and l.kind <> 'quiz'
order by l.section_id, l.position
limit 150;
