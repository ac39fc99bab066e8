-- ============================================================================================================
-- Limits on what learners write in the player (notes, questions, answers): a text length and a number of rows per
-- rolling hour per user, checked by the tables' triggers so they hold for every client. Refusals answer PRODUCT.md
-- §8 errors the UI can read: validation_failed (422, with a fields map) and rate_limited (429, with the seconds to
-- wait in details.retry_after_s).
-- ============================================================================================================

create function private.require_text_length(field text, value text, min_length integer, max_length integer, label text)
returns void
language plpgsql
-- Invoker: it only measures and raises.
set search_path = ''
as $$
declare
  length integer := char_length(btrim(coalesce(value, '')));
  message text;
begin
  if length < min_length then
    message := case when min_length <= 1 then label || ' cannot be empty.'
      else label || ' needs at least ' || min_length || ' characters.' end;
  elsif char_length(value) > max_length then
    message := label || ' can be at most ' || to_char(max_length, 'FM999,999') || ' characters.';
  end if;
  if message is not null then
    perform private.raise_api_error(
      'validation_failed', message, 422, jsonb_build_object('fields', jsonb_build_object(field, message))
    );
  end if;
end;
$$;

comment on function private.require_text_length(text, text, integer, integer, text) is
  'Raises validation_failed (422, fields.<field>) unless the trimmed text has min..max characters.';

grant execute on function private.require_text_length(text, text, integer, integer, text) to authenticated, service_role;

create function private.require_hourly_quota(kind text, recent bigint, oldest timestamptz, allowed integer, message text)
returns void
language plpgsql
-- Invoker: it only compares and raises; the caller counts its own table's rows.
set search_path = ''
as $$
begin
  if recent >= allowed then
    perform private.raise_api_error(
      'rate_limited', message, 429,
      jsonb_build_object(
        'kind', kind,
        'retry_after_s', greatest(1, ceil(extract(epoch from oldest + interval '1 hour' - now())))::integer
      )
    );
  end if;
end;
$$;

comment on function private.require_hourly_quota(text, bigint, timestamptz, integer, text) is
  'Raises rate_limited (429, details.retry_after_s) when a user already wrote `allowed` rows of a kind in the last hour.';

grant execute on function private.require_hourly_quota(text, bigint, timestamptz, integer, text) to authenticated, service_role;
