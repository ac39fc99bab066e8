-- Certificates are issued by the database: once, when an enrollment completes in a course with certificates on,
-- with a 10-character code and a snapshot; never twice (untick and retick, removal and return); not in courses
-- without certificates until they are turned on; and the backfill issues what completions from before lack.
begin;
select plan(15);

select tests.create_certificate_fixture();

select tests.complete_as('enrolled', 'Cert one');
select is((select count(*)::integer from tests.certificates_of('enrolled')), 0, 'no certificate before the last lesson');
-- 18 minutes read on the first lesson (save_progress credits at most the time since the previous save, which is
-- none inside one transaction, so the row is set directly): the certificate's hours come from it.
update public.lesson_progress set watched_s = 1080
where user_id = tests.get_user_id('enrolled') and lesson_id = tests.lesson_id('Cert one');

select is(
  (tests.complete_as('enrolled', 'Cert two')) -> 'enrollment' ->> 'status', 'completed',
  'the last lesson completes the enrollment'
);
select is((select count(*)::integer from tests.certificates_of('enrolled')), 1, 'completing the course issues one certificate');
select matches((select code from tests.certificates_of('enrolled')), '^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{10}$',
  'its code is 10 characters of the unambiguous alphabet');
select is(
  (select snapshot - 'hours' - 'completed_at' from tests.certificates_of('enrolled')),
  '{"learner_name": "Erin Enrolled", "course_title": "Alpine Certified", "school_name": "Alpine Academy", "quizzes": []}'::jsonb,
  'the snapshot names the learner, the course and the school (and the course''s quiz scores: it has no quiz)'
);
select is((select snapshot -> 'hours' from tests.certificates_of('enrolled')), '0.3'::jsonb,
  'and holds the hours studied, to a tenth (1,080 s watched is 0.3 h)');
select is(
  (select issued_at from tests.certificates_of('enrolled')),
  (select completed_at from public.enrollments where user_id = tests.get_user_id('enrolled') and course_id = tests.course_id('alpine-certified')),
  'it is issued at the completion'
);

create temporary table first_code on commit drop as select code from tests.certificates_of('enrolled');
select tests.complete_as('enrolled', 'Cert two', false);
select tests.complete_as('enrolled', 'Cert two', true);
select results_eq($$select code from tests.certificates_of('enrolled')$$, $$select code from first_code$$,
  'unticking and reticking the last lesson keeps the one certificate');

select tests.authenticate_as('instructor', 'aal2');
update public.enrollments set status = 'removed' where user_id = tests.get_user_id('enrolled') and course_id = tests.course_id('alpine-certified');
update public.enrollments set status = 'completed' where user_id = tests.get_user_id('enrolled') and course_id = tests.course_id('alpine-certified');
select tests.clear_authentication();
select results_eq($$select code from tests.certificates_of('enrolled')$$, $$select code from first_code$$,
  'removal and return keep the one certificate');

-- beacon-basics has certificates off.
insert into public.enrollments (course_id, user_id, source) values (tests.course_id('beacon-basics'), tests.get_user_id('learner'), 'open');
select tests.complete_as('learner', 'Beacon lesson');
select is(
  (select status::text from public.enrollments where user_id = tests.get_user_id('learner')), 'completed',
  'a course without certificates completes'
);
select is((select count(*)::integer from tests.certificates_of('learner')), 0, 'but issues nothing');
update public.courses set certificate_enabled = true where slug = 'beacon-basics';
select is(
  (select snapshot ->> 'course_title' from tests.certificates_of('learner')), 'Beacon Basics',
  'turning certificates on issues them to those who already finished'
);

-- A completion from before certificates existed: the trigger did not run for it.
alter table public.enrollments disable trigger enrollments_issue_certificate;
update public.enrollments set status = 'completed', completed_at = now() - interval '30 days'
where user_id = tests.get_user_id('classmate') and course_id = tests.course_id('alpine-certified');
alter table public.enrollments enable trigger enrollments_issue_certificate;
select is(private.issue_missing_certificates(), 1, 'the backfill issues the missing certificate');
select is(
  (select issued_at from tests.certificates_of('classmate')), now() - interval '30 days',
  'dated at the old completion'
);
select is(private.issue_missing_certificates(), 0, 'and issues nothing twice');

select * from finish();
rollback;
