-- ============================================================================================================
-- Adding an attempt's picks to a question's pick counts (20261129201000) touches only the options the attempt
-- picked (one to a few) instead of re-aggregating every option the question has ever counted: the grading
-- trigger adds to 50 rows for a 50-question attempt, and this was the largest part of its cost.
-- ============================================================================================================

create or replace function private.add_picks(total jsonb, more jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select total || coalesce((
    select jsonb_object_agg(e.key, coalesce((total ->> e.key)::integer, 0) + e.value::integer)
    from jsonb_each_text(more) e
  ), '{}');
$$;

comment on function private.add_picks(jsonb, jsonb) is 'Adds the counts of more ({option id: count}) into total, key by key.';
