-- ============================================================================================================
-- Demo data for local development (`npm start`, `npm run stack -- reset`, `supabase db reset`).
-- Users are inserted the way Supabase seed files do: auth.users with a bcrypt password and empty token columns,
-- plus an email identity; the profile is created by the sign-up trigger.
--
-- demo-login: owner@example.com / summit-demo / Olivia Owner, owner of Summit Academy
-- demo-login: instructor@example.com / summit-demo / Ian Instructor, instructor at Summit Academy
-- demo-login: learner@example.com / summit-demo / Lea Learner, a learner
-- ============================================================================================================

create temporary table demo_users (id uuid, email text, display_name text, timezone text) on commit drop;
insert into demo_users values
  ('a0000000-0000-4000-8000-000000000001', 'owner@example.com', 'Olivia Owner', 'Europe/Berlin'),
  ('a0000000-0000-4000-8000-000000000002', 'instructor@example.com', 'Ian Instructor', 'America/New_York'),
  ('a0000000-0000-4000-8000-000000000003', 'learner@example.com', 'Lea Learner', 'Europe/London');

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
select
  '00000000-0000-0000-0000-000000000000', id, 'authenticated', 'authenticated', email,
  extensions.crypt('summit-demo', extensions.gen_salt('bf', 10)), now(), null,
  '{"provider": "email", "providers": ["email"]}',
  jsonb_build_object('display_name', display_name, 'timezone', timezone),
  now(), now(), '', '', '', ''
from demo_users;

insert into auth.identities (user_id, provider_id, provider, identity_data, last_sign_in_at, created_at, updated_at)
select id, id::text, 'email', jsonb_build_object('sub', id::text, 'email', email, 'email_verified', true), null, now(), now()
from demo_users;

-- The school; its creator becomes the owner by trigger.
insert into public.schools (id, slug, name, created_by)
values ('b0000000-0000-4000-8000-000000000001', 'summit-academy', 'Summit Academy', 'a0000000-0000-4000-8000-000000000001');

insert into public.school_members (school_id, user_id, role)
values ('b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002', 'instructor');
