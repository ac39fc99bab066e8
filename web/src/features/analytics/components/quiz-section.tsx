// Item analysis of the course's quizzes, one block per quiz: attempts, learners, pass rate and (for fixed questions)
// Cronbach's alpha; the score distribution as a chart with its table; per question its facility, discrimination,
// option picks and a flag on questions that look broken; the in-video checks that ask its questions. Live: the
// database announces each graded attempt on the course's analytics channel (see use-live-analytics).
import { useQuery } from '@tanstack/react-query'
import { ClipboardCheck, Flag } from 'lucide-react'
import { ChartCard } from '@/components/chart-card'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/errors'
import { formatClock } from '@/lib/format/clock'
import { formatShare } from '@/lib/format/percent'
import { formatCount } from '@/lib/format/plural'
import { truncateText } from '@/lib/format/text'
import { analyticsQueries } from '../api/analytics.queries'
import type { CourseQuiz, QuizItemAnalysis, QuizQuestionStat } from '../api/quiz-analysis.api'
import { LazyBarChart as AnalyticsBarChart } from './lazy-bar-chart'

const head = 'py-2 pr-2 font-medium'
const num = 'py-2 pr-2 text-right tabular-nums'

const flagText: Record<NonNullable<QuizQuestionStat['flag_reason']>, string> = {
  too_easy: 'Almost everyone gets it right (facility above 0.95)',
  too_hard: 'Almost nobody gets it right (facility below 0.1)',
  low_discrimination: 'Strong and weak learners do about as well (discrimination below 0.1)',
}

/** Markdown reduced to a line of text for a table cell. */
function plainPrompt(promptMd: string): string {
  return truncateText(
    promptMd
      .replace(/[#*_`>[\]]/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
    90,
  )
}

function formatCorrelation(value: number | null): string {
  return value === null ? '—' : value.toFixed(2)
}

export function QuizzesSection({ courseId }: { courseId: string }) {
  const quizzes = useQuery(analyticsQueries.quizzes(courseId))
  if (quizzes.isPending) return <Skeleton className="h-40" aria-label="Loading the quizzes" />
  if (quizzes.isError) {
    return (
      <Alert tone="error" title="We couldn't load the quizzes">
        <p>{errorMessage(quizzes.error)}</p>
        <Button variant="outline" className="mt-2" onClick={() => void quizzes.refetch()}>
          Try again
        </Button>
      </Alert>
    )
  }
  if (quizzes.data.length === 0) return null
  return (
    <>
      {quizzes.data.map((quiz) => (
        <QuizAnalysis key={quiz.id} courseId={courseId} quiz={quiz} />
      ))}
    </>
  )
}

function QuizAnalysis({ courseId, quiz }: { courseId: string; quiz: CourseQuiz }) {
  const analysis = useQuery(analyticsQueries.quiz(courseId, quiz.id))
  const id = `quiz-${quiz.id}`
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-xl font-semibold text-slate-900">
        <ClipboardCheck aria-hidden="true" className="size-6 text-teal-700" />
        Quiz: {quiz.title}
      </h2>
      {analysis.isPending ? (
        <Skeleton className="h-40" aria-label={`Loading the analysis of ${quiz.title}`} />
      ) : analysis.isError ? (
        <Alert tone="error" title="We couldn't load this quiz's analysis">
          <p>{errorMessage(analysis.error)}</p>
          <Button variant="outline" className="mt-2" onClick={() => void analysis.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : analysis.data.attempts === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-600">
          No attempts yet. The numbers appear here as learners submit the quiz.
        </p>
      ) : (
        <QuizNumbers id={id} analysis={analysis.data} />
      )}
    </section>
  )
}

function QuizNumbers({ id, analysis }: { id: string; analysis: QuizItemAnalysis }) {
  const bars = analysis.score_distribution.map((b) => ({ label: `${b.bucket} %`, value: b.count }))
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Attempts" value={formatCount(analysis.attempts)} />
        <Figure label="Learners" value={formatCount(analysis.learners)} />
        <Figure label="Pass rate" value={formatShare(analysis.pass_rate)} />
        <Figure label="Cronbach's alpha" value={formatCorrelation(analysis.alpha)} />
      </dl>
      <ChartCard
        id={`${id}-scores`}
        title="Score distribution"
        description="Submitted attempts by score, in steps of 10 %."
        chart={<AnalyticsBarChart bars={bars} color="#0f766e" />}
      >
        <table className="w-full text-sm">
          <caption className="sr-only">Attempts per score range</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-600">
              <th scope="col" className={head}>
                Score
              </th>
              <th scope="col" className={`${head} text-right`}>
                Attempts
              </th>
            </tr>
          </thead>
          <tbody>
            {analysis.score_distribution.map((b) => (
              <tr key={b.bucket} className="border-b border-slate-100">
                <th scope="row" className="py-2 pr-2 text-left font-normal text-slate-900">
                  {b.bucket} %
                </th>
                <td className={num}>{formatCount(b.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ChartCard>
      <QuestionsTable id={id} questions={analysis.questions} />
      {analysis.video_checks.length > 0 ? <VideoChecksTable analysis={analysis} /> : null}
    </>
  )
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-2xl font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  )
}

function QuestionsTable({ id, questions }: { id: string; questions: QuizQuestionStat[] }) {
  return (
    <section
      aria-labelledby={`${id}-questions`}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h3 id={`${id}-questions`} className="text-lg font-semibold text-slate-900">
        Questions
      </h3>
      <p className="text-sm text-slate-600">
        Facility: the share who got it right. Discrimination: how well it separates strong from weak learners (the
        correlation of the question's score with the rest of the quiz). Flags appear from 30 attempts.
      </p>
      {/* Focusable so the table can be scrolled sideways from the keyboard on a narrow screen. */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Questions table">
        <table className="w-full min-w-[40rem] text-sm">
          <caption className="sr-only">Item analysis per question</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-600">
              <th scope="col" className={head}>
                Question
              </th>
              <th scope="col" className={`${head} text-right`}>
                Answered
              </th>
              <th scope="col" className={`${head} text-right`}>
                Facility
              </th>
              <th scope="col" className={`${head} text-right`}>
                Discrimination
              </th>
              <th scope="col" className={head}>
                Picks per option
              </th>
            </tr>
          </thead>
          <tbody>
            {questions.map((q, index) => (
              <tr key={q.id} className="border-b border-slate-100 align-top">
                <th scope="row" className="py-2 pr-2 text-left font-normal text-slate-900">
                  <span className="text-slate-500">{index + 1}.</span> {plainPrompt(q.prompt_md)}
                  {q.flagged && q.flag_reason ? (
                    <span className="mt-1 flex items-start gap-1 text-amber-800">
                      <Flag aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
                      <span>
                        <span className="sr-only">Flagged: </span>
                        {flagText[q.flag_reason]}
                      </span>
                    </span>
                  ) : null}
                </th>
                <td className={num}>{formatCount(q.attempts)}</td>
                <td className={num}>{formatShare(q.facility)}</td>
                <td className={num}>{formatCorrelation(q.discrimination)}</td>
                <td className="py-2 pr-2 text-slate-700">
                  {q.options.length === 0 ? (
                    <span className="text-slate-500">Typed answers</span>
                  ) : (
                    <ul>
                      {q.options.map((o) => (
                        <li key={o.id}>
                          {truncateText(o.text, 40)}: <span className="tabular-nums">{formatCount(o.picks)}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

function VideoChecksTable({ analysis }: { analysis: QuizItemAnalysis }) {
  const promptOf = (questionId: string) => analysis.questions.find((q) => q.id === questionId)?.prompt_md ?? ''
  return (
    <div
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
      tabIndex={0}
      role="region"
      aria-label="In-video checks table"
    >
      <table className="w-full text-sm">
        <caption className="mb-2 text-left text-lg font-semibold text-slate-900">In-video checks</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-600">
            <th scope="col" className={head}>
              Moment
            </th>
            <th scope="col" className={head}>
              Question
            </th>
            <th scope="col" className={`${head} text-right`}>
              Answers
            </th>
            <th scope="col" className={`${head} text-right`}>
              Facility
            </th>
          </tr>
        </thead>
        <tbody>
          {analysis.video_checks.map((check) => (
            <tr key={check.check_id} className="border-b border-slate-100">
              <th scope="row" className="py-2 pr-2 text-left font-normal tabular-nums">
                {formatClock(check.at_s)}
              </th>
              <td className="py-2 pr-2">{plainPrompt(promptOf(check.question_id)) || '—'}</td>
              <td className={num}>{formatCount(check.answers)}</td>
              <td className={num}>{formatShare(check.facility)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
