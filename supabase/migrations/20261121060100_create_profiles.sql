-- ============================================================================================================
-- Profiles: one row per Auth user, created by the database when the user is created.
-- ============================================================================================================

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  display_name text not null,
  avatar_path text,
  timezone text not null default 'UTC',
  weekly_goal_days smallint not null default 3,
  leaderboard_opt_in boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profiles_display_name_length check (
    display_name = btrim(display_name) and char_length(display_name) between 1 and 60
  ),
  constraint profiles_timezone_valid check (private.is_valid_timezone(timezone)),
  constraint profiles_weekly_goal_days_range check (weekly_goal_days between 1 and 7),
  -- Avatars live in the `avatars` bucket under the owner's folder: {user_id}/{file}.
  constraint profiles_avatar_path_owned check (avatar_path is null or avatar_path like id::text || '/_%')
);

comment on table public.profiles is 'A person''s public-facing name and their learning preferences; one per Auth user.';
comment on column public.profiles.display_name is 'Shown to instructors, on certificates and (if opted in) leaderboards; 1-60 characters.';
comment on column public.profiles.avatar_path is 'Object path in the avatars bucket, under the user''s own folder.';
comment on column public.profiles.timezone is 'IANA zone; days for streaks and daily activity are counted in it.';
comment on column public.profiles.weekly_goal_days is 'How many study days a week the learner aims for (1-7).';
comment on column public.profiles.leaderboard_opt_in is 'Only learners who opt in appear on course leaderboards.';

create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function private.set_updated_at();

-- ------------------------------------------------------------------------------------------------------------
-- Creation on sign-up
-- ------------------------------------------------------------------------------------------------------------

create function private.create_profile_for_new_user()
returns trigger
language plpgsql
-- Definer: runs inside Auth's insert into auth.users, whose role may not write public.profiles.
security definer
set search_path = ''
as $$
declare
  requested_name text := btrim(coalesce(new.raw_user_meta_data ->> 'display_name', ''));
  requested_zone text := new.raw_user_meta_data ->> 'timezone';
begin
  if requested_name = '' then
    requested_name := coalesce(nullif(split_part(coalesce(new.email, ''), '@', 1), ''), 'Learner');
  end if;
  insert into public.profiles (id, display_name, timezone)
  values (
    new.id,
    btrim(left(requested_name, 60)),
    case when private.is_valid_timezone(requested_zone) then requested_zone else 'UTC' end
  );
  return new;
end;
$$;

comment on function private.create_profile_for_new_user() is
  'Trigger on auth.users: creates the profile, taking display_name and timezone from sign-up metadata when valid.';

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.create_profile_for_new_user();

-- ------------------------------------------------------------------------------------------------------------
-- Grants and row-level security
-- ------------------------------------------------------------------------------------------------------------

alter table public.profiles enable row level security;

-- Profiles are created by the trigger and removed with the user; clients only read and edit their own fields.
revoke all on public.profiles from anon, authenticated;
grant select on public.profiles to authenticated;
grant update (display_name, avatar_path, timezone, weekly_goal_days, leaderboard_opt_in) on public.profiles to authenticated;

-- Widened by the schools migration to co-members of a school.
create policy profiles_select_authenticated on public.profiles
  for select to authenticated
  using (id = (select auth.uid()));
comment on policy profiles_select_authenticated on public.profiles is 'A signed-in user reads their own profile.';

create policy profiles_update_owner on public.profiles
  for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));
comment on policy profiles_update_owner on public.profiles is 'A signed-in user edits their own profile only.';
