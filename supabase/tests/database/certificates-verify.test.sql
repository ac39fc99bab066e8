-- verify_certificate answers the page's fields for an exact code and nothing else; unknown and malformed codes
-- look alike (certificate_not_found 404); a revoked certificate shows its date, not its reason; visitors cannot
-- read or list the table; an address that keeps missing is refused (rate_limited 429) for every code.
begin;
select plan(14);

select tests.create_certificate_fixture();
select tests.complete_as('enrolled', 'Cert one');
select tests.complete_as('enrolled', 'Cert two');
create temporary table cert on commit drop as select * from tests.certificates_of('enrolled');
grant select on cert to anon, authenticated;
-- The client's own entry first, the one the gateway appended from the connection last (private.client_address).
select set_config('request.headers', '{"x-forwarded-for": "10.0.0.1, 203.0.113.7"}', true);

select tests.authenticate_as_anon();
select is(
  (select public.verify_certificate((select code from cert))),
  (select jsonb_build_object(
    'code', code, 'learner_name', 'Erin Enrolled', 'course_title', 'Alpine Certified', 'school_name', 'Alpine Academy',
    'hours', (snapshot ->> 'hours')::numeric, 'issued_at', issued_at, 'status', 'valid', 'revoked_at', null
  ) from cert),
  'a visitor verifies an exact code: the page''s fields and nothing else'
);
select is(
  (select public.verify_certificate(lower((select code from cert))) ->> 'status'), 'valid',
  'a code typed in lower case is the same code'
);
select is(nullif(current_setting('response.status', true), ''), null, 'answered 200');

select is(
  public.verify_certificate('ABCDEFGHJK'),
  '{"code": "certificate_not_found", "message": "No certificate has this code. Check it against the certificate.", "details": null, "hint": null}',
  'an unknown code is certificate_not_found'
);
select is(current_setting('response.status', true), '404', 'answered 404');
select is(public.verify_certificate('%') ->> 'code', 'certificate_not_found', 'a pattern lists nothing');
select is(public.verify_certificate((select left(code, 9) from cert)) ->> 'code', 'certificate_not_found', 'a prefix finds nothing');
select is(public.verify_certificate(null) ->> 'code', 'certificate_not_found', 'a malformed code looks like an unknown one');
select is(tests.error_of($$select * from public.certificates$$), '{"sqlstate": "42501"}', 'visitors cannot read the table');

select tests.clear_authentication();
update public.certificates set revoked_at = now() - interval '1 day', revoke_reason = 'Secret reason' where id = (select id from cert);
select tests.authenticate_as_anon();
select is(
  (select public.verify_certificate((select code from cert))) - 'code' - 'learner_name' - 'course_title' - 'school_name' - 'hours' - 'issued_at',
  jsonb_build_object('status', 'revoked', 'revoked_at', now() - interval '1 day'),
  'a revoked certificate shows revoked with the date'
);
select unalike(public.verify_certificate((select code from cert))::text, '%Secret%', 'never the reason');

-- Four misses so far from 203.0.113.7; sixteen more reach the limit of twenty.
select public.verify_certificate('ZZZZZZZZZZ') from generate_series(1, 16);
select is(tests.error_of($$select public.verify_certificate((select code from cert))$$),
  '{"code": "rate_limited", "status": 429}', 'after twenty misses the address is refused, even for a real code');
select set_config('request.headers', '{"x-forwarded-for": "198.51.100.9"}', true);
select is(public.verify_certificate((select code from cert)) ->> 'status', 'revoked', 'another address is not');
select set_config('request.headers', '{"x-forwarded-for": "192.0.2.1, 203.0.113.7"}', true);
select is(tests.error_of($$select public.verify_certificate('ABCDEFGHJK')$$),
  '{"code": "rate_limited", "status": 429}', 'the refused address is counted by the gateway''s (last) forwarded entry');

select * from finish();
rollback;
