-- ============================================================================================================
-- One generator for codes people read and type (access codes, certificate codes): the two functions drew from the
-- same alphabet with the same rejection sampling, differing only in length. Both now call it; their names,
-- lengths and answers stay as they were.
-- ============================================================================================================

create function private.unambiguous_code(code_length integer)
returns text
language plpgsql
volatile
set search_path = ''
as $$
declare
  -- No 0/O, 1/I/L: codes are read aloud, typed from slides and printed on certificates.
  alphabet constant text := 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  bytes bytea;
  code text := '';
  b integer;
begin
  while char_length(code) < code_length loop
    bytes := extensions.gen_random_bytes(16);
    for i in 0 .. 15 loop
      b := get_byte(bytes, i);
      -- Rejection sampling: 248 = 8 * 31, so every letter is equally likely (no modulo bias).
      if b < 248 and char_length(code) < code_length then
        code := code || substr(alphabet, b % 31 + 1, 1);
      end if;
    end loop;
  end loop;
  return code;
end;
$$;

comment on function private.unambiguous_code(integer) is
  'code_length characters drawn uniformly from the 31-letter alphabet without 0, O, 1, I and L (4.95 bits each).';

revoke all on function private.unambiguous_code(integer) from public;

create or replace function private.new_access_code()
returns text
language sql
volatile
set search_path = ''
as $$ select private.unambiguous_code(8) $$;

create or replace function private.new_certificate_code()
returns text
language sql
volatile
set search_path = ''
as $$ select private.unambiguous_code(10) $$;
