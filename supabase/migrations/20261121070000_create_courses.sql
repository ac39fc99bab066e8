-- ============================================================================================================
-- Courses: the top of the outline. A course belongs to a school; its members author it. Published courses are
-- readable by everyone (the catalog hides unlisted ones, the database does not need to), drafts and archived
-- courses only by the school's members (archived ones also by their enrolled learners: see the enrollments
-- migration, which widens the select policy).
-- ============================================================================================================

create type public.course_level as enum ('beginner', 'intermediate', 'advanced');
comment on type public.course_level is 'Who a course is for; a catalog filter.';

create type public.course_status as enum ('draft', 'published', 'archived');
comment on type public.course_status is 'draft: authors only; published: readable by everyone; archived: hidden, kept for enrolled learners.';

create type public.course_visibility as enum ('public', 'unlisted');
comment on type public.course_visibility is 'public: listed in the catalog; unlisted: reachable by its link only.';

create type public.enrollment_mode as enum ('open', 'invite', 'code');
comment on type public.enrollment_mode is 'How learners get in: anyone signed in, an invite link, or an access code.';

create type public.course_progression as enum ('free', 'sequential');
comment on type public.course_progression is 'free: any available lesson; sequential: each lesson after the previous one is completed.';

create table public.courses (
  id uuid primary key default gen_random_uuid(),
  school_id uuid not null references public.schools (id) on delete cascade,
  slug text not null,
  title text not null,
  subtitle text,
  description_md text not null default '',
  cover_path text,
  level public.course_level not null default 'beginner',
  language text not null default 'en',
  status public.course_status not null default 'draft',
  visibility public.course_visibility not null default 'public',
  enrollment_mode public.enrollment_mode not null default 'open',
  progression public.course_progression not null default 'free',
  certificate_enabled boolean not null default false,
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint courses_slug_key unique (slug),
  constraint courses_slug_format check (private.is_valid_slug(slug)),
  constraint courses_title_length check (title = btrim(title) and char_length(title) between 3 and 120),
  constraint courses_subtitle_length check (
    subtitle is null or (subtitle = btrim(subtitle) and char_length(subtitle) between 1 and 200)
  ),
  constraint courses_description_length check (char_length(description_md) <= 20000),
  constraint courses_language_format check (language ~ '^[a-z]{2}(-[A-Z]{2})?$'),
  -- Covers live in the course-covers bucket under the course's folder: {course_id}/{file}.
  constraint courses_cover_path_owned check (cover_path is null or cover_path like id::text || '/_%'),
  constraint courses_published_at_set check (status = 'draft' or published_at is not null)
);

comment on table public.courses is 'A course of a school: its catalog card, settings and publication state.';
comment on column public.courses.slug is 'Unique across Summit, used in URLs (/courses/<slug>); lowercase words joined by hyphens.';
comment on column public.courses.title is 'Trimmed, 3-120 characters.';
comment on column public.courses.subtitle is 'One line under the title; searched by the catalog.';
comment on column public.courses.description_md is 'Markdown shown on the course page; at most 20,000 characters.';
comment on column public.courses.cover_path is 'Object path in the course-covers bucket, under the course''s folder.';
comment on column public.courses.language is 'Language the course is taught in, as a BCP 47 tag (en, fr, pt-BR).';
comment on column public.courses.status is 'draft -> published -> archived (see PRODUCT.md §4).';
comment on column public.courses.visibility is 'Whether the catalog lists the course; unlisted courses are still readable by link.';
comment on column public.courses.enrollment_mode is 'Which path the enroll function accepts.';
comment on column public.courses.progression is 'sequential locks each lesson until the previous one is completed.';
comment on column public.courses.certificate_enabled is 'Whether completing the course issues a certificate.';
comment on column public.courses.published_at is 'When the course was first published; set whenever it is not a draft.';

create index courses_school_id_idx on public.courses (school_id);
create index courses_status_idx on public.courses (status);

create trigger courses_set_updated_at
  before update on public.courses
  for each row execute function private.set_updated_at();

-- ------------------------------------------------------------------------------------------------------------
-- Helper for the outline's policies
-- ------------------------------------------------------------------------------------------------------------

create function private.is_course_member(target_course uuid)
returns boolean
language sql
stable
-- Definer: reads the course's school membership whatever the requesting user's policies on courses and
-- school_members show, and keeps the check one indexed lookup for every outline row.
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.courses c
    join public.school_members m on m.school_id = c.school_id
    where c.id = target_course and m.user_id = (select auth.uid())
  );
$$;

comment on function private.is_course_member(uuid) is 'True when the requesting user is an owner or instructor of the course''s school.';

grant execute on function private.is_course_member(uuid) to authenticated, service_role;

-- ------------------------------------------------------------------------------------------------------------
-- Grants and row-level security
-- ------------------------------------------------------------------------------------------------------------

alter table public.courses enable row level security;

revoke all on public.courses from anon, authenticated;
grant select on public.courses to anon, authenticated;
grant delete on public.courses to authenticated;
grant insert (
  school_id, slug, title, subtitle, description_md, cover_path, level, language, status, visibility,
  enrollment_mode, progression, certificate_enabled, published_at
) on public.courses to authenticated;
grant update (
  slug, title, subtitle, description_md, cover_path, level, language, status, visibility,
  enrollment_mode, progression, certificate_enabled, published_at
) on public.courses to authenticated;

create policy courses_select_anon on public.courses
  for select to anon
  using (status = 'published');
comment on policy courses_select_anon on public.courses is 'Visitors read published courses (public and unlisted).';

create policy courses_select_authenticated on public.courses
  for select to authenticated
  using (status = 'published' or private.is_school_member(school_id));
comment on policy courses_select_authenticated on public.courses is
  'Signed-in users read published courses; the school''s members also read its drafts and archived courses.';

create policy courses_insert_member on public.courses
  for insert to authenticated
  with check (private.is_school_member(school_id));
comment on policy courses_insert_member on public.courses is 'Members of a school create its courses.';

create policy courses_update_member on public.courses
  for update to authenticated
  using (private.is_school_member(school_id))
  with check (private.is_school_member(school_id));
comment on policy courses_update_member on public.courses is 'Members of a school edit its courses.';

create policy courses_delete_member on public.courses
  for delete to authenticated
  using (private.is_school_member(school_id) and private.is_aal2());
comment on policy courses_delete_member on public.courses is
  'Members of a school delete its courses, from a session verified with a second factor.';
