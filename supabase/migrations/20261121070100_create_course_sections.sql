-- ============================================================================================================
-- Course sections: the chapters of a course's outline, in a dense order (1..n) within their course, with optional
-- drip release (a fixed date, or days after the learner enrolled).
-- ============================================================================================================

create table public.course_sections (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  position integer not null,
  title text not null,
  release_offset_days smallint,
  release_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Lessons reference (section, course) so a lesson cannot sit in another course's section.
  constraint course_sections_id_course_key unique (id, course_id),
  -- Deferrable so a reorder can swap positions inside one transaction.
  constraint course_sections_position_key unique (course_id, position) deferrable initially immediate,
  constraint course_sections_position_positive check (position >= 1),
  constraint course_sections_title_length check (title = btrim(title) and char_length(title) between 1 and 120),
  constraint course_sections_release_offset_range check (release_offset_days between 0 and 3650)
);

comment on table public.course_sections is 'A chapter of a course''s outline.';
comment on column public.course_sections.position is 'Order within the course: 1..n, no gaps, no duplicates (checked at commit).';
comment on column public.course_sections.title is 'Trimmed, 1-120 characters.';
comment on column public.course_sections.release_offset_days is 'Drip: opens this many days (0-3,650) after the learner enrolled (or their cohort started).';
comment on column public.course_sections.release_at is 'Drip: opens at this moment for everyone.';

create trigger course_sections_set_updated_at
  before update on public.course_sections
  for each row execute function private.set_updated_at();

-- ------------------------------------------------------------------------------------------------------------
-- Dense positions
-- ------------------------------------------------------------------------------------------------------------

create function private.check_positions_dense()
returns trigger
language plpgsql
-- Definer: must count every row of the parent, whatever the acting user's policies show.
security definer
set search_path = ''
as $$
declare
  -- The parent column comes from the trigger definition (a migration), never from a request.
  parent_column text := tg_argv[0];
  parent uuid;
  gapped boolean;
begin
  foreach parent in array array[
    case when tg_op <> 'INSERT' then (to_jsonb(old) ->> parent_column)::uuid end,
    case when tg_op <> 'DELETE' then (to_jsonb(new) ->> parent_column)::uuid end
  ] loop
    continue when parent is null;
    execute format(
      'select exists (select 1 from %I.%I where %I = $1 having count(*) <> max(position))',
      tg_table_schema, tg_table_name, parent_column
    ) into gapped using parent;
    if gapped then
      raise exception 'Positions of the % must run 1..n without gaps', tg_argv[1]
        using errcode = '23514', hint = 'Renumber the others in the same transaction.';
    end if;
  end loop;
  return null;
end;
$$;

comment on function private.check_positions_dense() is
  'Constraint trigger (args: parent column, what is numbered): at commit, the rows of each parent are numbered 1..n (with the unique key: no gaps, no duplicates). Shared by sections and lessons.';

create constraint trigger course_sections_positions_dense
  after insert or update of position, course_id or delete on public.course_sections
  deferrable initially deferred
  for each row execute function private.check_positions_dense('course_id', 'sections of a course');

-- ------------------------------------------------------------------------------------------------------------
-- Grants and row-level security
-- ------------------------------------------------------------------------------------------------------------

alter table public.course_sections enable row level security;

revoke all on public.course_sections from anon, authenticated;
grant select on public.course_sections to anon, authenticated;
grant delete on public.course_sections to authenticated;
grant insert (course_id, position, title, release_offset_days, release_at) on public.course_sections to authenticated;
grant update (position, title, release_offset_days, release_at) on public.course_sections to authenticated;

-- Reading follows the course: the subquery runs under the courses policies of the requesting role.
create policy course_sections_select_anon on public.course_sections
  for select to anon
  using (exists (select 1 from public.courses c where c.id = course_id));
comment on policy course_sections_select_anon on public.course_sections is 'Visitors read the sections of courses they can read.';

create policy course_sections_select_authenticated on public.course_sections
  for select to authenticated
  using (exists (select 1 from public.courses c where c.id = course_id));
comment on policy course_sections_select_authenticated on public.course_sections is 'Signed-in users read the sections of courses they can read.';

create policy course_sections_insert_member on public.course_sections
  for insert to authenticated
  with check (private.is_course_member(course_id));
comment on policy course_sections_insert_member on public.course_sections is 'Members of the course''s school add sections.';

create policy course_sections_update_member on public.course_sections
  for update to authenticated
  using (private.is_course_member(course_id))
  with check (private.is_course_member(course_id));
comment on policy course_sections_update_member on public.course_sections is 'Members of the course''s school edit sections.';

create policy course_sections_delete_member on public.course_sections
  for delete to authenticated
  using (private.is_course_member(course_id));
comment on policy course_sections_delete_member on public.course_sections is 'Members of the course''s school remove sections.';
