-- ============================================================================================================
-- Quiz item analysis for instructors (M5, issue 28 part 6), kept by the database in the transaction that grades
-- an attempt (never a batch job) and announced on the course's private analytics channel (20261125110300) like
-- the other numbers. Sums, not rows: reading a quiz with 100,000 attempts reads a few hundred small rows.
--   * private.quiz_stats, per quiz: attempts, passes, learners (a learner's attempt 1 is always their first
--     graded one: attempts are sequential), sum and sum of squares of the score, and the score distribution in
--     ten 10 % buckets (100 % falls in 90-100);
--   * private.quiz_item_stats, per quiz and question: attempts, right answers, and the sums that give the item's
--     mean, variance and its correlation with the rest of the attempt: x = points / the question's points,
--     r = (score - points) / (max_score - the question's points), sums of x, x^2, r, r^2, x*r, and of the raw
--     points and their squares (Cronbach's alpha); picks per option.
-- Each kept in 16 stripes per quiz (by the learner), so learners submitting the same quiz at once rarely wait on
-- each other's row locks; reads add the stripes up.
-- quiz_item_analysis(lesson) answers (PRODUCT §9 flags, once a question has 30 attempts: facility above 0.95 or
-- below 0.1, or discrimination below 0.1):
--   facility = right answers / attempts; discrimination = Pearson correlation of x and r (null without variance);
--   alpha = k / (k - 1) x (1 - sum of item variances / variance of the score), for quizzes of fixed questions only
--   (no draw) whose every graded attempt had all k of them, with at least 2 attempts; population variances.
-- In-video checks are counted live from their answers (one row per learner and check).
-- Deleting attempts (an account deleted) takes their contribution back.
-- ============================================================================================================

create table private.quiz_stats (
  lesson_id uuid not null references public.lessons (id) on delete cascade,
  stripe smallint not null,
  attempts integer not null default 0,
  passed integer not null default 0,
  learners integer not null default 0,
  sum_score double precision not null default 0,
  sum_score2 double precision not null default 0,
  buckets integer[] not null default array_fill(0, array[10]),
  primary key (lesson_id, stripe)
);

comment on table private.quiz_stats is
  'Per quiz (in 16 stripes): graded attempts, passes, learners, sums of score and score^2, counts per 10 % bucket. Kept by private.track_quiz_attempt_stats.';

create table private.quiz_item_stats (
  lesson_id uuid not null references public.lessons (id) on delete cascade,
  question_id uuid not null references public.quiz_questions (id) on delete cascade,
  stripe smallint not null,
  attempts integer not null default 0,
  correct integer not null default 0,
  sum_x double precision not null default 0,
  sum_x2 double precision not null default 0,
  sum_r double precision not null default 0,
  sum_r2 double precision not null default 0,
  sum_xr double precision not null default 0,
  sum_p double precision not null default 0,
  sum_p2 double precision not null default 0,
  picks jsonb not null default '{}',
  primary key (lesson_id, question_id, stripe)
);

comment on table private.quiz_item_stats is
  'Per quiz and question (in 16 stripes): attempts, right answers, sums of x, x^2, r, r^2, x*r (item and rest scores), of points and points^2, and picks per option id.';

create index quiz_item_stats_question_id_idx on private.quiz_item_stats (question_id);

alter table private.quiz_stats enable row level security;
alter table private.quiz_item_stats enable row level security;
revoke all on private.quiz_stats, private.quiz_item_stats from public, anon, authenticated;

-- ------------------------------------------------------------------------------------------------------------
-- Adding (or taking back) one graded attempt
-- ------------------------------------------------------------------------------------------------------------

create function private.add_picks(total jsonb, more jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(p.key, p.count), '{}')
  from (
    select e.key, sum(e.value::integer) as count
    from (select * from jsonb_each_text(total) union all select * from jsonb_each_text(more)) e
    group by e.key
  ) p;
$$;

comment on function private.add_picks(jsonb, jsonb) is 'Adds two {option id: count} maps.';

create function private.add_quiz_attempt_stats(attempt public.quiz_attempts, sign integer)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  learner_stripe smallint := abs(hashtext(attempt.user_id::text)) % 16;
  bucket integer := least(floor(coalesce(attempt.percent, 0) / 10)::integer, 9) + 1;
begin
  insert into private.quiz_stats (lesson_id, stripe) values (attempt.lesson_id, learner_stripe) on conflict do nothing;
  update private.quiz_stats s
  set attempts = s.attempts + sign,
      passed = s.passed + sign * attempt.passed::integer,
      learners = s.learners + sign * (attempt.number = 1)::integer,
      sum_score = s.sum_score + sign * attempt.score,
      sum_score2 = s.sum_score2 + sign * attempt.score * attempt.score,
      buckets[bucket] = s.buckets[bucket] + sign
  where s.lesson_id = attempt.lesson_id and s.stripe = learner_stripe;

  -- In question order, so two submits in the same stripe lock its rows in the same order.
  insert into private.quiz_item_stats as i (
    lesson_id, question_id, stripe, attempts, correct, sum_x, sum_x2, sum_r, sum_r2, sum_xr, sum_p, sum_p2, picks
  )
  select
    attempt.lesson_id, g.question_id, learner_stripe, sign, sign * g.correct::integer,
    sign * g.x, sign * g.x * g.x, sign * g.r, sign * g.r * g.r, sign * g.x * g.r, sign * g.p, sign * g.p * g.p,
    coalesce((
      select jsonb_object_agg(o, sign)
      from (
        select attempt.answers -> g.question_id::text ->> 'option' as o
        union
        select jsonb_array_elements_text(
          case when jsonb_typeof(attempt.answers -> g.question_id::text -> 'options') = 'array'
            then attempt.answers -> g.question_id::text -> 'options' else '[]' end
        )
      ) picked
      where o is not null
    ), '{}')
  from (
    select
      res.key::uuid as question_id,
      (res.value ->> 'correct')::boolean as correct,
      (res.value ->> 'points')::double precision as p,
      case when (res.value ->> 'max')::double precision > 0
        then (res.value ->> 'points')::double precision / (res.value ->> 'max')::double precision else 0 end as x,
      case when attempt.max_score - (res.value ->> 'max')::numeric > 0
        then ((attempt.score - (res.value ->> 'points')::numeric) / (attempt.max_score - (res.value ->> 'max')::numeric))::double precision
        else 0 end as r
    from jsonb_each(attempt.results) res
    where exists (select 1 from public.quiz_questions q where q.id = res.key::uuid)
  ) g
  order by g.question_id
  on conflict (lesson_id, question_id, stripe) do update
    set attempts = i.attempts + excluded.attempts, correct = i.correct + excluded.correct,
        sum_x = i.sum_x + excluded.sum_x, sum_x2 = i.sum_x2 + excluded.sum_x2,
        sum_r = i.sum_r + excluded.sum_r, sum_r2 = i.sum_r2 + excluded.sum_r2, sum_xr = i.sum_xr + excluded.sum_xr,
        sum_p = i.sum_p + excluded.sum_p, sum_p2 = i.sum_p2 + excluded.sum_p2,
        picks = private.add_picks(i.picks, excluded.picks);
end;
$$;

comment on function private.add_quiz_attempt_stats(public.quiz_attempts, integer) is
  'Adds (sign 1) or takes back (sign -1) a graded attempt''s contribution to private.quiz_stats and private.quiz_item_stats.';

create function private.track_quiz_attempt_stats()
returns trigger
language plpgsql
-- Definer: the attempt is graded inside a learner's submit (or a read closing it); the stats are private tables.
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    perform private.add_quiz_attempt_stats(new, 1);
    perform private.announce_course_analytics(new.course_id);
  -- A lesson (or course) being deleted takes its stats with it; an account being deleted takes its attempts back.
  elsif exists (select 1 from public.lessons l where l.id = old.lesson_id) then
    perform private.add_quiz_attempt_stats(old, -1);
    perform private.announce_course_analytics(old.course_id);
  end if;
  return null;
end;
$$;

comment on function private.track_quiz_attempt_stats() is
  'Trigger: a graded attempt adds to the quiz''s item analysis (a deleted one takes its part back), and the course''s analytics channel hears of it.';

create trigger quiz_attempts_item_analysis
  after update of submitted_at on public.quiz_attempts
  for each row when (old.submitted_at is null and new.submitted_at is not null)
  execute function private.track_quiz_attempt_stats();

create trigger quiz_attempts_item_analysis_delete
  after delete on public.quiz_attempts
  for each row when (old.submitted_at is not null)
  execute function private.track_quiz_attempt_stats();

create function private.announce_video_check_answer()
returns trigger
language plpgsql
-- Definer: as private.announce_progress_analytics (realtime.messages is not the learner's to write).
security definer
set search_path = ''
as $$
begin
  perform private.announce_course_analytics(new.course_id);
  return null;
end;
$$;

comment on function private.announce_video_check_answer() is 'Trigger: an in-video answer moves the item analysis; the analytics channel hears of it.';

create trigger video_check_answers_analytics_announce
  after insert or update on public.video_check_answers
  for each row execute function private.announce_video_check_answer();

-- Bulk loads that bypass the grading (seed data, benchmarks) rebuild a quiz's numbers from its attempts.
create function private.rebuild_quiz_item_analysis(target_lesson uuid)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  attempt public.quiz_attempts;
begin
  delete from private.quiz_stats s where s.lesson_id = target_lesson;
  delete from private.quiz_item_stats i where i.lesson_id = target_lesson;
  for attempt in
    select * from public.quiz_attempts a where a.lesson_id = target_lesson and a.submitted_at is not null
  loop
    perform private.add_quiz_attempt_stats(attempt, 1);
  end loop;
end;
$$;

comment on function private.rebuild_quiz_item_analysis(uuid) is
  'Recomputes a quiz''s item analysis from its graded attempts (after a bulk load that bypassed the triggers).';

revoke all on function private.add_picks(jsonb, jsonb) from public, anon, authenticated;
revoke all on function private.add_quiz_attempt_stats(public.quiz_attempts, integer) from public, anon, authenticated;
revoke all on function private.rebuild_quiz_item_analysis(uuid) from public, anon, authenticated;

-- ------------------------------------------------------------------------------------------------------------
-- The call
-- ------------------------------------------------------------------------------------------------------------

create function public.quiz_item_analysis(p_lesson_id uuid)
returns jsonb
language plpgsql
volatile
-- Definer: reads the private sums, after the analytics check (the course's instructors and the school's owners);
-- volatile because attempts left open past their deadline are graded first.
security definer
set search_path = ''
as $$
declare
  quiz public.lessons;
  settings public.quiz_settings;
  totals record;
  alpha double precision;
begin
  if (select auth.uid()) is null then
    perform private.raise_api_error('not_signed_in', 'Sign in to see this quiz''s analysis.', 401);
  end if;
  select l.* into quiz from public.lessons l where l.id = p_lesson_id and l.kind = 'quiz';
  if not found or not private.can_view_course_analytics(quiz.course_id) then
    perform private.raise_api_error('forbidden', 'Only the course''s instructors and the school''s owners can see its analytics.', 403);
  end if;
  perform private.close_expired_quiz_attempts(quiz.id);
  select * into settings from public.quiz_settings s where s.lesson_id = quiz.id;

  select
    coalesce(sum(s.attempts), 0)::integer as attempts, coalesce(sum(s.passed), 0)::integer as passed,
    coalesce(sum(s.learners), 0)::integer as learners,
    coalesce(sum(s.sum_score), 0) as sum_score, coalesce(sum(s.sum_score2), 0) as sum_score2,
    array(
      select coalesce(sum(s2.buckets[b]), 0)::integer from generate_series(1, 10) b
      left join private.quiz_stats s2 on s2.lesson_id = quiz.id group by b order by b
    ) as buckets
  into totals
  from private.quiz_stats s where s.lesson_id = quiz.id;

  -- Cronbach's alpha: fixed questions only, every graded attempt having all of them.
  if settings.draw_count is null and cardinality(settings.question_ids) >= 2 and totals.attempts >= 2 then
    with items as (
      select i.question_id, sum(i.attempts) as n, sum(i.sum_p) as sp, sum(i.sum_p2) as sp2
      from private.quiz_item_stats i
      where i.lesson_id = quiz.id and i.question_id = any(settings.question_ids)
      group by i.question_id
    )
    select case
      when count(*) = cardinality(settings.question_ids) and bool_and(it.n = totals.attempts)
        and totals.sum_score2 / totals.attempts - power(totals.sum_score / totals.attempts, 2) > 1e-12
      then cardinality(settings.question_ids)::double precision / (cardinality(settings.question_ids) - 1)
        * (1 - sum(it.sp2 / it.n - power(it.sp / it.n, 2))
               / (totals.sum_score2 / totals.attempts - power(totals.sum_score / totals.attempts, 2)))
    end
    into alpha
    from items it;
  end if;

  return jsonb_build_object(
    'lesson_id', quiz.id,
    'attempts', totals.attempts,
    'learners', totals.learners,
    'pass_rate', case when totals.attempts > 0 then round(totals.passed::numeric / totals.attempts, 4) end,
    'score_distribution', (
      select jsonb_agg(jsonb_build_object(
        'bucket', case when b = 10 then '90-100' else ((b - 1) * 10)::text || '-' || ((b - 1) * 10 + 9)::text end,
        'count', totals.buckets[b]
      ) order by b)
      from generate_series(1, 10) b
    ),
    'alpha', round(alpha::numeric, 4),
    'questions', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', q.id, 'prompt_md', q.prompt_md, 'kind', q.kind, 'attempts', m.n,
        'facility', m.facility, 'discrimination', m.discrimination,
        'flagged', m.flag is not null, 'flag_reason', m.flag,
        'options', coalesce((
          select jsonb_agg(jsonb_build_object(
            'id', o.value ->> 'id', 'text', o.value ->> 'text', 'picks', coalesce((m.picks ->> (o.value ->> 'id'))::integer, 0)
          ) order by o.position)
          from jsonb_array_elements(q.options) with ordinality as o(value, position)
        ), '[]')
      ) order by coalesce(array_position(settings.question_ids, q.id), 1000), q.created_at, q.id)
      from (
        select
          agg.question_id, agg.n, agg.picks,
          round(agg.correct::numeric / agg.n, 4) as facility,
          round(agg.corr::numeric, 4) as discrimination,
          case
            when agg.n < 30 then null
            when agg.correct::numeric / agg.n > 0.95 then 'too_easy'
            when agg.correct::numeric / agg.n < 0.1 then 'too_hard'
            when agg.corr is null or agg.corr < 0.1 then 'low_discrimination'
          end as flag
        from (
          select
            s.question_id, s.n, s.correct, s.picks,
            case when s.n >= 2
              and s.sx2 / s.n - power(s.sx / s.n, 2) > 1e-12 and s.sr2 / s.n - power(s.sr / s.n, 2) > 1e-12
              then (s.sxr / s.n - (s.sx / s.n) * (s.sr / s.n))
                / sqrt((s.sx2 / s.n - power(s.sx / s.n, 2)) * (s.sr2 / s.n - power(s.sr / s.n, 2)))
            end as corr
          from (
            select
              i.question_id, sum(i.attempts)::integer as n, sum(i.correct)::integer as correct,
              sum(i.sum_x) as sx, sum(i.sum_x2) as sx2, sum(i.sum_r) as sr, sum(i.sum_r2) as sr2, sum(i.sum_xr) as sxr,
              (select private_picks.total from (
                 select coalesce(jsonb_object_agg(p.key, p.count), '{}') as total
                 from (
                   select e.key, sum(e.value::integer) as count
                   from private.quiz_item_stats i2 cross join jsonb_each_text(i2.picks) e
                   where i2.lesson_id = quiz.id and i2.question_id = i.question_id
                   group by e.key
                 ) p
               ) private_picks) as picks
            from private.quiz_item_stats i
            where i.lesson_id = quiz.id
            group by i.question_id
            having sum(i.attempts) > 0
          ) s
        ) agg
      ) m
      join public.quiz_questions q on q.id = m.question_id
    ), '[]'),
    'video_checks', coalesce((
      select jsonb_agg(jsonb_build_object(
        'check_id', v.id, 'lesson_id', v.lesson_id, 'at_s', v.at_s, 'question_id', v.question_id,
        'answers', (select count(*) from public.video_check_answers a where a.check_id = v.id),
        'facility', (select round(avg(a.correct::integer), 4) from public.video_check_answers a where a.check_id = v.id)
      ) order by v.lesson_id, v.at_s)
      from public.video_checks v
      where v.course_id = quiz.course_id
        and (v.question_id = any(settings.question_ids)
          or exists (select 1 from private.quiz_item_stats i where i.lesson_id = quiz.id and i.question_id = v.question_id))
    ), '[]')
  );
end;
$$;

comment on function public.quiz_item_analysis(uuid) is
  'A quiz''s item analysis for its course''s instructors and school owners: attempts, learners, pass_rate, score_distribution (10 buckets), alpha (fixed questions, >= 2 attempts), questions [{id, prompt_md, kind, attempts, facility, discrimination, flagged, flag_reason (too_easy | too_hard | low_discrimination, from 30 attempts), options [{id, text, picks}]}], video_checks [{check_id, lesson_id, at_s, question_id, answers, facility}] for the quiz''s questions pinned in videos. Errors: not_signed_in 401, forbidden 403.';

revoke all on function public.quiz_item_analysis(uuid) from public;
grant execute on function public.quiz_item_analysis(uuid) to anon, authenticated;
