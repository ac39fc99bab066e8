-- The database looks like a Supabase project's to migrations and clients: roles, schemas and their owners, the
-- request helpers, extensions, the realtime publication. (Runs the same against `supabase start`.)
begin;
select plan(22);

select has_role('anon', 'the anon role exists');
select has_role('authenticated', 'the authenticated role exists');
select has_role('service_role', 'the service_role role exists');
select is((select rolcanlogin from pg_roles where rolname = 'anon'), false, 'anon cannot log in');
select is((select rolbypassrls from pg_roles where rolname = 'service_role'), true, 'service_role bypasses RLS');
select is((select rolinherit from pg_roles where rolname = 'authenticator'), false, 'authenticator does not inherit');
select ok(pg_has_role('authenticator', 'authenticated', 'member'), 'authenticator can switch to authenticated');
select ok(pg_has_role('postgres', 'anon', 'member'), 'postgres can switch to anon (tests do)');

select schema_owner_is('auth', 'supabase_admin', 'auth is owned by supabase_admin, so db reset keeps it');
select schema_owner_is('storage', 'supabase_admin', 'storage is owned by supabase_admin');
select schema_owner_is('realtime', 'supabase_admin', 'realtime is owned by supabase_admin');
select has_table('auth', 'users', 'auth.users exists');
select has_table('storage', 'objects', 'storage.objects exists');
select has_table('realtime', 'messages', 'realtime.messages exists');

select extensions_are(
  'extensions', array['pgcrypto', 'uuid-ossp', 'pg_stat_statements', 'pgtap', 'pg_net'],
  'the usual extensions live in the extensions schema (pg_net too, as the scheduled jobs create it)'
);
select is(
  (select count(*)::int from pg_publication where pubname = 'supabase_realtime'), 1,
  'the supabase_realtime publication exists'
);
select is(current_setting('wal_level'), 'logical', 'logical decoding is on, for realtime');

-- The request helpers read PostgREST's per-request settings.
select is(auth.uid(), null, 'auth.uid() is null outside a request');
select set_config('request.jwt.claims', '{"sub": "6c1f1f9e-4a8e-4d59-9f2c-0b2b4c8a7d11", "role": "authenticated", "email": "a@b.c", "aal": "aal2"}', true);
select is(auth.uid(), '6c1f1f9e-4a8e-4d59-9f2c-0b2b4c8a7d11'::uuid, 'auth.uid() reads sub from request.jwt.claims');
select is(auth.role(), 'authenticated', 'auth.role() reads role');
select is(auth.email(), 'a@b.c', 'auth.email() reads email');
select is(auth.jwt() ->> 'aal', 'aal2', 'auth.jwt() returns every claim');

select * from finish();
rollback;
