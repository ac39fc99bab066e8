-- private.client_address() reads the one address the platform vouches for: the last x-forwarded-for entry (the one
-- Kong or the local gateway appended from the connection), or cf-connecting-ip where the project says Cloudflare sets
-- it; an edge function's visitor only through service_role. verify_certificate's miss limit keys on it, so rotating
-- what the client sends does not dodge the limit and naming someone else's address does not lock them out.
begin;
select plan(14);

select tests.create_certificate_fixture();
select tests.complete_as('enrolled', 'Cert one');
select tests.complete_as('enrolled', 'Cert two');
create temporary table cert on commit drop as select * from tests.certificates_of('enrolled');
grant select on cert to anon, authenticated, service_role;

-- The helper --------------------------------------------------------------------------------------------------------
select set_config('request.headers',
  '{"x-forwarded-for": "203.0.113.7, 198.51.100.2 , 10.1.1.1", "x-real-ip": "192.0.2.1", "cf-connecting-ip": "192.0.2.2"}', true);
select is(private.client_address(), '10.1.1.1', 'the last x-forwarded-for entry, the gateway''s');
select set_config('request.headers', '{"x-forwarded-for": "10.1.1.1"}', true);
select is(private.client_address(), '10.1.1.1', 'a single entry is the gateway''s');
select set_config('request.headers', '{"x-real-ip": "192.0.2.1", "cf-connecting-ip": "192.0.2.2"}', true);
select is(private.client_address(), null, 'x-real-ip and cf-connecting-ip alone are not vouched for behind Kong');
select set_config('request.headers', '', true);
select is(private.client_address(), null, 'no headers (a direct database call): no address');

select set_config('app.client_address_header', 'cf-connecting-ip', true);
select set_config('request.headers', '{"x-forwarded-for": "203.0.113.7, 10.1.1.1", "cf-connecting-ip": "192.0.2.2"}', true);
select is(private.client_address(), '192.0.2.2', 'where Cloudflare sets it (hosted), cf-connecting-ip');
select set_config('app.client_address_header', '', true);

select set_config('request.headers',
  '{"x-forwarded-for": "10.1.1.1", "x-client-forwarded-for": "203.0.113.7, 10.2.2.2"}', true);
select set_config('request.jwt.claims', '{"role": "anon"}', true);
select is(private.client_address(), '10.1.1.1', 'x-client-* headers from a visitor are ignored');
select set_config('request.jwt.claims', '{"role": "service_role"}', true);
select is(private.client_address(), '10.2.2.2', 'from an edge function (service_role), its visitor''s vouched entry');
select set_config('request.jwt.claims', '', true);

-- The limit -------------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
-- Twenty misses from 10.1.1.1, each naming another address in every header the client controls.
select public.verify_certificate('ZZZZZZZZZZ')
from generate_series(1, 20) n,
  lateral (select set_config('request.headers', jsonb_build_object(
    'x-forwarded-for', format('203.0.113.%s, 10.1.1.1', n),
    'x-real-ip', format('198.51.100.%s', n),
    'cf-connecting-ip', format('192.0.2.%s', n)
  )::text, true)) spoof;
select set_config('request.headers', '{"x-forwarded-for": "203.0.113.99, 10.1.1.1", "cf-connecting-ip": "192.0.2.99"}', true);
select is(tests.error_of($$select public.verify_certificate((select code from cert))$$),
  '{"code": "rate_limited", "status": 429}', 'rotating the spoofed headers does not dodge the limit');
select set_config('request.headers', '{"x-forwarded-for": "10.1.1.1"}', true);
select is(tests.error_of($$select public.verify_certificate((select code from cert))$$),
  '{"code": "rate_limited", "status": 429}', 'the same connection without spoofed headers is refused too');

select set_config('request.headers', '{"x-forwarded-for": "10.1.1.1, 10.3.3.3"}', true);
select is(public.verify_certificate((select code from cert)) ->> 'status', 'valid',
  'naming the refused address first does not lock out another connection');
select set_config('request.headers', '{"x-forwarded-for": "10.3.3.3"}', true);
select is(public.verify_certificate((select code from cert)) ->> 'status', 'valid', 'nor is that connection refused');

-- Hosted: the key is cf-connecting-ip, whatever x-forwarded-for says.
select set_config('app.client_address_header', 'cf-connecting-ip', true);
select public.verify_certificate('ZZZZZZZZZZ')
from generate_series(1, 20) n,
  lateral (select set_config('request.headers', jsonb_build_object(
    'x-forwarded-for', format('203.0.113.%s, 10.4.4.%s', n, n), 'cf-connecting-ip', '192.0.2.50'
  )::text, true)) spoof;
select is(tests.error_of($$select public.verify_certificate((select code from cert))$$),
  '{"code": "rate_limited", "status": 429}', 'hosted: rotating x-forwarded-for does not dodge the limit');
select set_config('request.headers', '{"x-forwarded-for": "10.4.4.1", "cf-connecting-ip": "192.0.2.51"}', true);
select is(public.verify_certificate((select code from cert)) ->> 'status', 'valid', 'hosted: another visitor is not refused');

-- An edge function's visitors are counted apart, though every call comes from the function's connection.
select set_config('app.client_address_header', '', true);
select tests.authenticate_as_service_role();
select set_config('request.headers', '{"x-forwarded-for": "10.9.9.9", "x-client-forwarded-for": "10.1.1.1"}', true);
select is(tests.error_of($$select public.verify_certificate((select code from cert))$$),
  '{"code": "rate_limited", "status": 429}', 'through a function, the refused visitor is still refused');

select * from finish();
rollback;
