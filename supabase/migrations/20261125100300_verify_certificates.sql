-- ============================================================================================================
-- verify_certificate(code): the public verification call behind /c/<code> (PRODUCT.md §2, §7). Anyone, signed in
-- or not, gets the page's fields for an exact code, and nothing else: no listing, no revocation reason, no ids.
-- Unknown and malformed codes are answered alike (certificate_not_found 404).
--
-- Guessing codes: 31^10 (about 8 * 10^14) codes make blind guessing hopeless, and a client address that keeps
-- missing is stopped anyway: 20 lookups that found nothing per address and hour, then every lookup from that address
-- is refused (rate_limited 429, even for a real code, so the refusal itself tells nothing) until the hour ends. The
-- address is what the API gateway reports in PostgREST's request.headers: cf-connecting-ip where the platform sets
-- it, else the first x-forwarded-for entry, else x-real-ip; requests without any share one bucket. Addresses are
-- kept only as SHA-256 and only for the current and previous hour.
--
-- A miss must be counted although it is answered with an error, so the 404 is not raised (that would roll the
-- count back): the function sets PostgREST's response.status and returns the error body {code, message}. Being
-- volatile it is called by POST (supabase-js rpc's default); a GET is a read-only transaction and fails.
-- ============================================================================================================

create table private.certificate_lookup_misses (
  client_key bytea not null,
  window_start timestamptz not null,
  misses integer not null default 0,
  primary key (client_key, window_start)
);

comment on table private.certificate_lookup_misses is
  'verify_certificate lookups that found nothing, per hashed client address and hour (the rate limit''s counter).';

create index certificate_lookup_misses_window_start_idx on private.certificate_lookup_misses (window_start);

alter table private.certificate_lookup_misses enable row level security;
revoke all on private.certificate_lookup_misses from public, anon, authenticated;

create function private.request_client_key()
returns bytea
language sql
stable
set search_path = ''
as $$
  select pg_catalog.sha256(pg_catalog.convert_to(coalesce(
    nullif(btrim(h ->> 'cf-connecting-ip'), ''),
    nullif(btrim(split_part(h ->> 'x-forwarded-for', ',', 1)), ''),
    nullif(btrim(h ->> 'x-real-ip'), ''),
    'unknown'
  ), 'UTF8'))
  from (select coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb as h) headers;
$$;

comment on function private.request_client_key() is
  'SHA-256 of the requesting client''s address as the gateway reports it in request.headers (one shared key when absent).';

revoke all on function private.request_client_key() from public;

create function public.verify_certificate(code text)
returns jsonb
language plpgsql
volatile
-- Definer: visitors have no grant on certificates at all; this answers one exact code with the page's fields only,
-- and keeps the miss counter no client may touch.
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  max_misses constant integer := 20;
  client bytea := private.request_client_key();
  this_window timestamptz := date_trunc('hour', now());
  missed integer;
  found_certificate public.certificates;
begin
  select m.misses into missed from private.certificate_lookup_misses m
  where m.client_key = client and m.window_start = this_window;
  if coalesce(missed, 0) >= max_misses then
    raise sqlstate 'PGRST' using
      message = jsonb_build_object(
        'code', 'rate_limited', 'message', 'Too many certificate lookups from here. Try again within the hour.',
        'details', null
      )::text,
      detail = jsonb_build_object(
        'status', 429,
        'headers', jsonb_build_object('Retry-After', ceil(extract(epoch from this_window + interval '1 hour' - now()))::integer::text)
      )::text;
  end if;

  -- Exact match on the stored form: upper-cased and trimmed only, so a code read off paper in lower case works.
  select * into found_certificate from public.certificates c
  where c.code = upper(btrim(coalesce(verify_certificate.code, '')));

  if not found then
    insert into private.certificate_lookup_misses as m (client_key, window_start, misses)
    values (client, this_window, 1)
    on conflict (client_key, window_start) do update set misses = m.misses + 1;
    -- Old windows go as new misses arrive (indexed), so the counter stays two hours deep.
    delete from private.certificate_lookup_misses m where m.window_start < this_window - interval '1 hour';
    perform set_config('response.status', '404', true);
    return jsonb_build_object(
      'code', 'certificate_not_found',
      'message', 'No certificate has this code. Check it against the certificate.',
      'details', null, 'hint', null
    );
  end if;

  return jsonb_build_object(
    'code', found_certificate.code,
    'learner_name', found_certificate.snapshot ->> 'learner_name',
    'course_title', found_certificate.snapshot ->> 'course_title',
    'school_name', found_certificate.snapshot ->> 'school_name',
    'hours', (found_certificate.snapshot ->> 'hours')::numeric,
    'issued_at', found_certificate.issued_at,
    'status', case when found_certificate.revoked_at is null then 'valid' else 'revoked' end,
    'revoked_at', found_certificate.revoked_at
  );
end;
$$;

comment on function public.verify_certificate(text) is
  'Public verification of one exact certificate code: {code, learner_name, course_title, school_name, hours, issued_at, status valid|revoked, revoked_at}. Errors: certificate_not_found 404 (unknown or malformed, alike), rate_limited 429 (20 misses per client address and hour). Call by POST.';

revoke all on function public.verify_certificate(text) from public;
grant execute on function public.verify_certificate(text) to anon, authenticated, service_role;
