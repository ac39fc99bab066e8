-- ============================================================================================================
-- Benchmark schema of the REST service: courses with row-level security (published ones, or your own), their
-- sections (visible when their course is) and lessons. Shaped like Summit's course outline.
-- ============================================================================================================

drop schema if exists bench cascade;
create schema bench;

create table bench.courses (
  id bigint primary key,
  owner_id uuid not null,
  title text not null,
  slug text not null unique,
  summary text,
  published boolean not null default true,
  created_at timestamptz not null default now()
);
create index courses_owner_id_idx on bench.courses (owner_id);

create table bench.sections (
  id bigint primary key,
  course_id bigint not null references bench.courses (id) on delete cascade,
  title text not null,
  position int not null
);
create index sections_course_id_idx on bench.sections (course_id);

create table bench.lessons (
  id bigint primary key,
  section_id bigint not null references bench.sections (id) on delete cascade,
  title text not null,
  position int not null,
  duration_minutes int
);
create index lessons_section_id_idx on bench.lessons (section_id);

alter table bench.courses enable row level security;
alter table bench.sections enable row level security;
alter table bench.lessons enable row level security;
create policy courses_select_authenticated on bench.courses for select to authenticated
  using (published or owner_id = (select auth.uid()));
create policy sections_select_authenticated on bench.sections for select to authenticated
  using (exists (select 1 from bench.courses c where c.id = course_id));
create policy lessons_select_authenticated on bench.lessons for select to authenticated using (true);

grant usage on schema bench to authenticated;
grant select on all tables in schema bench to authenticated;

-- 1,000 courses, 8 sections each, 6 lessons per section.
insert into bench.courses (id, owner_id, title, slug, summary, published)
  select g, ('00000000-0000-0000-0000-' || lpad((g % 50)::text, 12, '0'))::uuid, 'Course ' || g, 'course-' || g,
    repeat('A summary of the course. ', 4), g % 10 <> 0
  from generate_series(1, 1000) g;
insert into bench.sections (id, course_id, title, position)
  select (c - 1) * 8 + s, c, 'Section ' || s, s from generate_series(1, 1000) c, generate_series(1, 8) s;
insert into bench.lessons (id, section_id, title, position, duration_minutes)
  select (sec - 1) * 6 + l, sec, 'Lesson ' || l, l, 5 + (sec + l) % 20 from generate_series(1, 8000) sec, generate_series(1, 6) l;
analyze bench.courses;
analyze bench.sections;
analyze bench.lessons;
