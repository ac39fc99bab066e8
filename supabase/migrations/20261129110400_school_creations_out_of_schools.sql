-- ============================================================================================================
-- Who created a school, and when, move out of its readable row. public.schools hid created_by and created_at with
-- column grants, so `select=*` (supabase-js `.insert().select()`, `.select()`) asked for columns the caller may not
-- read and failed with 42501 even for the creator reading back their own new school. They now live in
-- private.school_creations, which no client reads, and every column left in public.schools is readable where the
-- row is (updated_at only says when a school was last renamed, which its name already shows).
--
-- The creator is whoever is signed in when the school is inserted (authenticated clients could only ever insert
-- slug and name); a trusted insert (service role, seed, tests) records no creator and adds its owners itself.
-- The creator still reads back the school in the statement that creates it (INSERT ... RETURNING checks the select
-- policy before the after-insert trigger makes them its owner): a before-insert trigger records the creation, and
-- the select policy asks private.is_creating_school.
-- ============================================================================================================

create table private.school_creations (
  -- Deferred: the row is written by the school's before-insert trigger, before the school row itself exists.
  school_id uuid primary key references public.schools (id) on delete cascade deferrable initially deferred,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now()
);

comment on table private.school_creations is
  'Who created each school and when (kept out of public.schools, whose rows members and course visitors read).';
comment on column private.school_creations.created_by is
  'The signed-in user who created the school (its first owner); null for trusted inserts or once the account is deleted.';

create index school_creations_created_by_idx on private.school_creations (created_by);

alter table private.school_creations enable row level security;
revoke all on private.school_creations from public, anon, authenticated;

insert into private.school_creations (school_id, created_by, created_at)
select s.id, s.created_by, s.created_at from public.schools s;

-- Records the creation before the row is written, so the select policy can answer the creator's RETURNING.
create function private.record_school_creation()
returns trigger
language plpgsql
-- Definer: clients cannot write private.school_creations.
security definer
set search_path = ''
as $$
begin
  insert into private.school_creations (school_id, created_by) values (new.id, (select auth.uid()));
  return new;
end;
$$;

comment on function private.record_school_creation() is
  'Trigger: records who is creating a school (the signed-in user, or nobody for a trusted insert) and when.';

create trigger schools_record_creation
  before insert on public.schools
  for each row execute function private.record_school_creation();

-- The creator becomes the first owner, as before; the creator now comes from the creation record.
create or replace function private.add_school_creator_as_owner()
returns trigger
language plpgsql
-- Definer: the creator is not a member yet, and clients insert no memberships.
security definer
set search_path = ''
as $$
declare
  creator uuid;
begin
  select c.created_by into creator from private.school_creations c where c.school_id = new.id;
  if creator is not null then
    insert into public.school_members (school_id, user_id, role) values (new.id, creator, 'owner');
  end if;
  return new;
end;
$$;

comment on function private.add_school_creator_as_owner() is
  'Trigger: the signed-in user who created a school becomes its first owner.';

create function private.is_creating_school(school_id uuid)
returns boolean
language sql
-- Volatile: must see the creation the before-insert trigger recorded earlier in the same statement, which a stable
-- function (reading the statement's snapshot) would not.
volatile
-- Definer: clients cannot read private.school_creations.
security definer
set search_path = ''
as $$
  select exists (
    select 1 from private.school_creations c
    where c.school_id = is_creating_school.school_id
      and c.created_by = (select auth.uid())
      -- now() is the transaction's start: the creation happened in this transaction.
      and c.created_at = now()
  );
$$;

comment on function private.is_creating_school(uuid) is
  'True for the signed-in user''s own school in the transaction that creates it (INSERT ... RETURNING reads it back).';

revoke all on function private.is_creating_school(uuid) from public;
grant execute on function private.is_creating_school(uuid) to authenticated;

-- The policies that named the columns, as 20261121060200 and 20261124131100 left them otherwise.
alter policy schools_insert_authenticated on public.schools
  with check ((select auth.uid()) is not null);
comment on policy schools_insert_authenticated on public.schools is
  'Any signed-in user can start a school; they are recorded as its creator and become its owner.';

alter policy schools_select_authenticated on public.schools
  using (
    private.is_school_member(id)
    or exists (select 1 from public.courses c where c.school_id = schools.id and c.status in ('published', 'archived'))
    or private.is_creating_school(id)
    or exists (
      select 1 from public.school_invitations i where i.school_id = schools.id and i.email = (select private.my_confirmed_email())
    )
  );
comment on policy schools_select_authenticated on public.schools is
  'Members see their schools; signed-in users see schools with a course they can read (published, or archived and enrolled); the creator reads back the school they are creating; an invitee sees the school inviting them.';

alter table public.schools drop column created_by, drop column created_at;

-- Every remaining column is part of the row wherever the row is readable.
grant select (id, slug, name, updated_at) on public.schools to authenticated;
