-- New courses issue a certificate on completion unless their creator turns it off. Creators rarely went looking
-- for the setting, so most courses finished without one; existing courses keep the value they have.

alter table public.courses alter column certificate_enabled set default true;

comment on column public.courses.certificate_enabled is
  'Whether completing the course issues a certificate. On for new courses; the course''s authors can turn it off.';
