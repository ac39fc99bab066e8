-- Revoking a certificate: only the course's instructors and the school's owners, only with a second factor, only
-- with a reason; revoking again keeps the first date and reason. Nobody writes certificates directly, and the
-- staff list their course's certificates through course_certificates (learners and other schools cannot).
begin;
select plan(14);

select tests.create_certificate_fixture();
select tests.complete_as('enrolled', 'Cert one');
select tests.complete_as('enrolled', 'Cert two');
create temporary table cert on commit drop as select id from tests.certificates_of('enrolled');
grant select on cert to authenticated;

select tests.authenticate_as('enrolled', 'aal2');
select is(tests.error_of($$select public.revoke_certificate((select id from cert), 'Changed my mind')$$),
  '{"code": "forbidden", "status": 403}', 'the learner cannot revoke their own certificate');
select tests.authenticate_as('other_owner', 'aal2');
select is(tests.error_of($$select public.revoke_certificate((select id from cert), 'Not my school')$$),
  '{"code": "forbidden", "status": 403}', 'nor can the owner of another school');
select is(tests.error_of($$select public.revoke_certificate(gen_random_uuid(), 'Unknown')$$),
  '{"code": "forbidden", "status": 403}', 'an unknown certificate looks the same');
select tests.authenticate_as('instructor', 'aal1');
select is(tests.error_of($$select public.revoke_certificate((select id from cert), 'Plagiarised work')$$),
  '{"code": "aal2_required", "status": 403}', 'the course''s instructor needs a second factor');
select tests.authenticate_as('instructor', 'aal2');
select is(tests.error_of($$select public.revoke_certificate((select id from cert), '  ')$$),
  '{"code": "validation_failed", "status": 422, "fields": {"reason": "Say why the certificate is revoked (3 to 500 characters)."}}',
  'and a reason');
select is(tests.error_of($$select public.revoke_certificate((select id from cert), null)$$),
  '{"code": "validation_failed", "status": 422, "fields": {"reason": "Say why the certificate is revoked (3 to 500 characters)."}}',
  'a missing reason is refused alike');
select is(
  (select public.revoke_certificate((select id from cert), '  Plagiarised work  ')) - 'id' - 'code' - 'user_id' - 'course_id' - 'issued_at' - 'revoked_at',
  '{"revoke_reason": "Plagiarised work"}', 'with both the instructor revokes it, the reason trimmed'
);
select tests.clear_authentication();
select is((select revoked_at from tests.certificates_of('enrolled')), now(), 'revoked now');

select tests.authenticate_as('owner', 'aal2');
select is(
  (select public.revoke_certificate((select id from cert), 'Another reason')) ->> 'revoke_reason', 'Plagiarised work',
  'the school''s owner may revoke too; a second revocation keeps the first reason'
);
select is(
  (select jsonb_agg(c.code) from public.course_certificates(tests.course_id('alpine-certified')) c),
  (select jsonb_agg(code) from tests.certificates_of('enrolled')), 'the staff list the course''s certificates'
);

select tests.authenticate_as('enrolled');
select is(tests.error_of($$select * from public.course_certificates(tests.course_id('alpine-certified'))$$),
  '{"code": "forbidden", "status": 403}', 'a learner cannot list the course''s certificates');
select is(tests.error_of($$update public.certificates set revoked_at = null, revoke_reason = null$$),
  '{"sqlstate": "42501"}', 'nor update a certificate directly');
select is(tests.error_of($$delete from public.certificates$$), '{"sqlstate": "42501"}', 'nor delete one');
select is(
  tests.error_of($$insert into public.certificates (code, user_id, course_id, snapshot) values ('ABCDEFGHJK', auth.uid(), tests.course_id('beacon-basics'), '{}')$$),
  '{"sqlstate": "42501"}', 'nor issue one'
);

select * from finish();
rollback;
