-- ============================================================================================================
-- Rebuilding a quiz's item analysis from its attempts (bulk loads that bypass grading: seed data, benchmarks)
-- becomes one set-based pass over the attempts instead of a call of private.add_quiz_attempt_stats per attempt,
-- which took minutes for a quiz with 100,000 attempts. The sums are the same ones the grading trigger adds up
-- (20261129201000): per stripe of learners, attempts, passes, learners (attempt 1), score and score^2, the ten
-- score buckets; per question, attempts, right answers, x, x^2, r, r^2, x*r, points and points^2, and the options
-- each attempt picked (each once). pgTAP 900-quiz-06 checks that a rebuild answers what the triggers kept.
-- ============================================================================================================

create or replace function private.rebuild_quiz_item_analysis(target_lesson uuid)
returns void
language sql
volatile
set search_path = ''
as $$
  delete from private.quiz_stats s where s.lesson_id = target_lesson;
  delete from private.quiz_item_stats i where i.lesson_id = target_lesson;

  insert into private.quiz_stats (lesson_id, stripe, attempts, passed, learners, sum_score, sum_score2, buckets)
  select
    target_lesson, g.stripe, count(*), count(*) filter (where g.passed), count(*) filter (where g.number = 1),
    sum(g.score), sum(g.score * g.score),
    array[
      count(*) filter (where g.bucket = 1), count(*) filter (where g.bucket = 2), count(*) filter (where g.bucket = 3),
      count(*) filter (where g.bucket = 4), count(*) filter (where g.bucket = 5), count(*) filter (where g.bucket = 6),
      count(*) filter (where g.bucket = 7), count(*) filter (where g.bucket = 8), count(*) filter (where g.bucket = 9),
      count(*) filter (where g.bucket = 10)
    ]::integer[]
  from (
    select
      (abs(hashtext(a.user_id::text)) % 16)::smallint as stripe, a.passed, a.number, a.score::double precision as score,
      least(floor(coalesce(a.percent, 0) / 10)::integer, 9) + 1 as bucket
    from public.quiz_attempts a
    where a.lesson_id = target_lesson and a.submitted_at is not null
  ) g
  group by g.stripe;

  with items as (
    select
      a.id as attempt_id,
      (abs(hashtext(a.user_id::text)) % 16)::smallint as stripe,
      res.key::uuid as question_id,
      a.answers -> res.key as answer,
      (res.value ->> 'correct')::boolean as correct,
      (res.value ->> 'points')::double precision as p,
      case when (res.value ->> 'max')::double precision > 0
        then (res.value ->> 'points')::double precision / (res.value ->> 'max')::double precision else 0 end as x,
      case when a.max_score - (res.value ->> 'max')::numeric > 0
        then ((a.score - (res.value ->> 'points')::numeric) / (a.max_score - (res.value ->> 'max')::numeric))::double precision
        else 0 end as r
    from public.quiz_attempts a
    cross join jsonb_each(a.results) res
    where a.lesson_id = target_lesson and a.submitted_at is not null
      and exists (select 1 from public.quiz_questions q where q.id = res.key::uuid)
  ),
  picks as (
    select p.question_id, p.stripe, jsonb_object_agg(p.option_id, p.count) as picks
    from (
      select o.question_id, o.stripe, o.option_id, count(*)::integer as count
      from (
        -- Each attempt's picks of a question, each option once (as the trigger counts them).
        select distinct i.attempt_id, i.stripe, i.question_id, picked.option_id
        from items i
        cross join lateral (
          select i.answer ->> 'option' as option_id
          union
          select jsonb_array_elements_text(
            case when jsonb_typeof(i.answer -> 'options') = 'array' then i.answer -> 'options' else '[]' end
          )
        ) picked
        where picked.option_id is not null
      ) o
      group by o.question_id, o.stripe, o.option_id
    ) p
    group by p.question_id, p.stripe
  )
  insert into private.quiz_item_stats (
    lesson_id, question_id, stripe, attempts, correct, sum_x, sum_x2, sum_r, sum_r2, sum_xr, sum_p, sum_p2, picks
  )
  select
    target_lesson, i.question_id, i.stripe, count(*), count(*) filter (where i.correct),
    sum(i.x), sum(i.x * i.x), sum(i.r), sum(i.r * i.r), sum(i.x * i.r), sum(i.p), sum(i.p * i.p),
    coalesce((select k.picks from picks k where k.question_id = i.question_id and k.stripe = i.stripe), '{}')
  from items i
  group by i.question_id, i.stripe;
$$;

comment on function private.rebuild_quiz_item_analysis(uuid) is
  'Recomputes a quiz''s item analysis from its graded attempts in one set-based pass (after a bulk load that bypassed the grading trigger); the same sums private.add_quiz_attempt_stats keeps.';

revoke all on function private.rebuild_quiz_item_analysis(uuid) from public, anon, authenticated;
