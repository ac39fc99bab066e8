-- ============================================================================================================
-- Join links of live sessions are https only. A learner follows them from the course page (and later the
-- calendar and its iCal feed) into a meeting where they talk and share their screen; a plain http link would send
-- them there over an unencrypted connection that anyone on the way can read or redirect. The instructors' form
-- says so next to the field with the same sentence the studio shows.
-- ============================================================================================================

alter table public.events drop constraint events_join_url_format;

alter table public.events add constraint events_join_url_format check (
  join_url is null or (join_url ~ '^https://[^\s/]+(/\S*)?$' and char_length(join_url) <= 2000)
);

comment on constraint events_join_url_format on public.events is
  'Join links are https web links of at most 2,000 characters: no http, javascript: or file: links.';
comment on column public.events.join_url is 'Where a live session happens (an https link); none for deadlines.';
