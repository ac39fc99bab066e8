-- Demo notes and Q&A (run after seed.sql): Lea Learner's notes on Web Accessibility Basics, two questions under its
-- first lessons, one answered by Ian Instructor (marked as the instructor's by the database) and one by a fellow
-- learner, and one waiting for the staff (it shows in the studio's questions list). The database fills in the
-- course, names, is_instructor and counters, as for any write.

insert into public.notes (id, user_id, lesson_id, at_s, body) values
  ('e1000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000003',
   'e0000000-0000-4000-8000-000000001001', 6, 'POUR: **perceive**, **understand**, **operate** (and robust).'),
  ('e1000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000003',
   'e0000000-0000-4000-8000-000000001001', 18, 'Try the checkout flow with only a keyboard this week.'),
  ('e1000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000003',
   'e0000000-0000-4000-8000-000000001002', null, E'Screen reader users:\n\n- blind and low-vision people\n- people with dyslexia');

insert into public.questions (id, lesson_id, author_id, body) values
  ('e2000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000001001',
   'a0000000-0000-4000-8000-000000000003', 'Does a good colour contrast ratio alone make a page accessible?'),
  ('e2000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000001002',
   'a0000000-0000-4000-8000-000000000006', 'Which screen reader should I start with on Windows?'),
  ('e2000000-0000-4000-8000-000000000003', 'e0000000-0000-4000-8000-000000001001',
   'a0000000-0000-4000-8000-000000000008', 'Are captions enough, or do videos also need a transcript?');

insert into public.answers (id, question_id, author_id, body) values
  ('e3000000-0000-4000-8000-000000000001', 'e2000000-0000-4000-8000-000000000001',
   'a0000000-0000-4000-8000-000000000002',
   'No: contrast is one criterion among many. Keyboard access, names for controls and structure matter just as much.'),
  ('e3000000-0000-4000-8000-000000000002', 'e2000000-0000-4000-8000-000000000002',
   'a0000000-0000-4000-8000-000000000003', 'NVDA is free and widely used, a good first choice.');

update public.questions set resolved = true where id = 'e2000000-0000-4000-8000-000000000001';

-- Emails for these demo answers are not owed: they predate anyone's inbox.
delete from private.answer_emails where answer_id in (
  'e3000000-0000-4000-8000-000000000001', 'e3000000-0000-4000-8000-000000000002'
);
