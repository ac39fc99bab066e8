-- Certificates are read by their learner only (PRODUCT.md §6): not by classmates, the course's staff (they use
-- course_certificates) or visitors; the learner reads everything but the revocation's reason.
begin;
select plan(6);

select tests.create_certificate_fixture();
select tests.complete_as('enrolled', 'Cert one');
select tests.complete_as('enrolled', 'Cert two');

select tests.authenticate_as('enrolled');
select results_eq($$select user_id from public.certificates$$, array[tests.get_user_id('enrolled')],
  'the learner reads their own certificate');
select is(tests.error_of($$select revoke_reason from public.certificates$$), '{"sqlstate": "42501"}',
  'but not a revocation''s reason');
select tests.authenticate_as('classmate');
select is_empty($$select id from public.certificates$$, 'a classmate reads none');
select tests.authenticate_as('instructor', 'aal2');
select is_empty($$select id from public.certificates$$, 'the course''s instructor reads none through the table');
select tests.authenticate_as('owner', 'aal2');
select is_empty($$select id from public.certificates$$, 'nor does the school''s owner');
select tests.authenticate_as_anon();
select is(tests.error_of($$select id from public.certificates$$), '{"sqlstate": "42501"}', 'visitors are refused');

select * from finish();
rollback;
