-- ============================================================================================================
-- Schools and their members. A school is a course creator's workspace: its owners manage settings and members,
-- its instructors (and owners) author its courses.
-- ============================================================================================================

create type public.school_role as enum ('owner', 'instructor');
comment on type public.school_role is 'owner: settings, members and everything instructors do; instructor: the school''s courses.';

create table public.schools (
  id uuid primary key default gen_random_uuid(),
  slug text not null,
  name text not null,
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint schools_slug_key unique (slug),
  constraint schools_slug_format check (private.is_valid_slug(slug)),
  constraint schools_name_length check (name = btrim(name) and char_length(name) between 3 and 120)
);

comment on table public.schools is 'A course creator''s workspace (a solo teacher, a bootcamp, a small team).';
comment on column public.schools.slug is 'Unique across Summit; lowercase words joined by hyphens, 3-60 characters.';
comment on column public.schools.created_by is 'Who created the school; becomes its first owner.';

create index schools_created_by_idx on public.schools (created_by);

create trigger schools_set_updated_at
  before update on public.schools
  for each row execute function private.set_updated_at();

create table public.school_members (
  school_id uuid not null references public.schools (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  role public.school_role not null default 'instructor',
  created_at timestamptz not null default now(),
  primary key (school_id, user_id)
);

comment on table public.school_members is 'Who teaches at a school, and whether they own it.';

create index school_members_user_id_idx on public.school_members (user_id);

-- ------------------------------------------------------------------------------------------------------------
-- Membership helpers for policies
-- ------------------------------------------------------------------------------------------------------------

create function private.is_school_member(target_school uuid)
returns boolean
language sql
stable
-- Definer: policies on school_members itself call this; as invoker it would recurse into those policies.
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.school_members
    where school_id = target_school and user_id = (select auth.uid())
  );
$$;

comment on function private.is_school_member(uuid) is 'True when the requesting user is an owner or instructor of the school.';

create function private.is_school_owner(target_school uuid)
returns boolean
language sql
stable
-- Definer: same reason as private.is_school_member.
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.school_members
    where school_id = target_school and user_id = (select auth.uid()) and role = 'owner'
  );
$$;

comment on function private.is_school_owner(uuid) is 'True when the requesting user owns the school.';

create function private.shares_school_with(other_user uuid)
returns boolean
language sql
stable
-- Definer: reads other users' memberships, which the requesting user's policies do not show row by row.
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.school_members mine
    join public.school_members theirs on theirs.school_id = mine.school_id
    where mine.user_id = (select auth.uid()) and theirs.user_id = other_user
  );
$$;

comment on function private.shares_school_with(uuid) is 'True when the requesting user and other_user are members of one school.';

create function private.is_aal2()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce((select auth.jwt() ->> 'aal') = 'aal2', false);
$$;

comment on function private.is_aal2() is
  'True when the session passed a second factor (TOTP or WebAuthn); destructive actions require it.';

grant execute on function private.is_school_member(uuid) to authenticated, service_role;
grant execute on function private.is_school_owner(uuid) to authenticated, service_role;
grant execute on function private.shares_school_with(uuid) to authenticated, service_role;
grant execute on function private.is_aal2() to authenticated, service_role;

-- ------------------------------------------------------------------------------------------------------------
-- Invariants: the creator becomes the first owner; a school always keeps an owner
-- ------------------------------------------------------------------------------------------------------------

create function private.add_school_creator_as_owner()
returns trigger
language plpgsql
-- Definer: the creator is not a member yet, so the school_members insert policy would refuse them.
security definer
set search_path = ''
as $$
begin
  if new.created_by is not null then
    insert into public.school_members (school_id, user_id, role) values (new.id, new.created_by, 'owner');
  end if;
  return new;
end;
$$;

create trigger schools_add_creator_as_owner
  after insert on public.schools
  for each row execute function private.add_school_creator_as_owner();

create function private.keep_a_school_owner()
returns trigger
language plpgsql
-- Definer: must see the school and its owners whatever the acting user's policies show; a member who just left no
-- longer sees either.
security definer
set search_path = ''
as $$
begin
  -- Deleting the whole school cascades here; the school row is already gone then, and that is fine.
  if exists (select 1 from public.schools where id = old.school_id)
     and not exists (
       select 1 from public.school_members where school_id = old.school_id and role = 'owner'
     ) then
    raise exception 'A school needs at least one owner'
      using errcode = '23514', hint = 'Make another member an owner first.';
  end if;
  return null;
end;
$$;

comment on function private.keep_a_school_owner() is 'Constraint trigger: refuses removing or demoting a school''s last owner.';

create constraint trigger school_members_keep_an_owner
  after update or delete on public.school_members
  deferrable initially deferred
  for each row execute function private.keep_a_school_owner();

-- ------------------------------------------------------------------------------------------------------------
-- Grants and row-level security
-- ------------------------------------------------------------------------------------------------------------

alter table public.schools enable row level security;
alter table public.school_members enable row level security;

revoke all on public.schools from anon, authenticated;
grant select, delete on public.schools to authenticated;
grant insert (slug, name) on public.schools to authenticated;
grant update (slug, name) on public.schools to authenticated;

revoke all on public.school_members from anon, authenticated;
grant select, delete on public.school_members to authenticated;
grant insert (school_id, user_id, role) on public.school_members to authenticated;
grant update (role) on public.school_members to authenticated;

create policy schools_select_member on public.schools
  for select to authenticated
  using (private.is_school_member(id));
comment on policy schools_select_member on public.schools is 'Members see their schools.';

create policy schools_insert_authenticated on public.schools
  for insert to authenticated
  with check (created_by = (select auth.uid()));
comment on policy schools_insert_authenticated on public.schools is 'Any signed-in user can start a school, as themselves.';

create policy schools_update_owner on public.schools
  for update to authenticated
  using (private.is_school_owner(id))
  with check (private.is_school_owner(id));
comment on policy schools_update_owner on public.schools is 'Owners rename a school or change its slug.';

create policy schools_delete_owner on public.schools
  for delete to authenticated
  using (private.is_school_owner(id) and private.is_aal2());
comment on policy schools_delete_owner on public.schools is 'Owners delete a school, from a session verified with a second factor.';

create policy school_members_select_member on public.school_members
  for select to authenticated
  using (private.is_school_member(school_id));
comment on policy school_members_select_member on public.school_members is 'Members see who else teaches at their schools.';

create policy school_members_insert_owner on public.school_members
  for insert to authenticated
  with check (private.is_school_owner(school_id));
comment on policy school_members_insert_owner on public.school_members is 'Owners add members.';

create policy school_members_update_owner on public.school_members
  for update to authenticated
  using (private.is_school_owner(school_id))
  with check (private.is_school_owner(school_id));
comment on policy school_members_update_owner on public.school_members is 'Owners change members'' roles.';

create policy school_members_delete_owner_or_self on public.school_members
  for delete to authenticated
  using (
    (private.is_school_owner(school_id) and private.is_aal2())
    or user_id = (select auth.uid())
  );
comment on policy school_members_delete_owner_or_self on public.school_members is
  'Owners remove members from a second-factor session; any member may leave.';

-- Co-members of a school see each other's profile (names on the team page, authors of courses).
alter policy profiles_select_authenticated on public.profiles
  using (id = (select auth.uid()) or private.shares_school_with(id));
comment on policy profiles_select_authenticated on public.profiles is
  'A signed-in user reads their own profile and those of people they share a school with.';
