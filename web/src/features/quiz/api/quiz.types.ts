// The shapes the quiz RPCs answer (the M5 contract), written by hand (the generated types give the calls jsonb):
// only what the learner's screens read. Answers are the jsonb the database validates, one shape per question kind.

export type QuestionKind = 'single' | 'multiple' | 'true_false' | 'short_answer' | 'numeric'

export type QuizAnswer = { option: string } | { options: string[] } | { text: string } | { value: number }

export interface QuizOption {
  id: string
  text: string
}

export interface AttemptQuestion {
  id: string
  kind: QuestionKind
  prompt_md: string
  points: number
  options: QuizOption[]
}

export type QuizLayout = 'one_per_page' | 'all_on_page'

/** start_quiz_attempt: the caller's open attempt (resumed) or a new one. */
export interface QuizAttempt {
  attempt_id: string
  lesson_id: string
  started_at: string
  deadline: string | null
  server_now: string
  layout: QuizLayout
  questions: AttemptQuestion[]
  answers: Record<string, QuizAnswer>
}

export type ReviewPolicy = 'score' | 'answers' | 'full'
export type ReviewWhen = 'immediately' | 'after_passing' | 'after_last_attempt'

export interface QuizSettingsSummary {
  pass_mark: number
  attempts_allowed: number | null
  cooldown_minutes: number
  time_limit_minutes: number | null
  grading: 'highest' | 'latest'
  review_policy: ReviewPolicy
  review_when: ReviewWhen
  layout: QuizLayout
  question_count: number
}

export interface AttemptSummary {
  id: string
  started_at: string
  submitted_at: string | null
  score: number | null
  max_score: number
  percent: number | null
  passed: boolean | null
  reviewable: boolean
}

/** quiz_state: settings, history and what the learner may do next. */
export interface QuizState {
  settings: QuizSettingsSummary
  open_attempt_id: string | null
  attempts: AttemptSummary[]
  attempts_left: number | null
  next_attempt_at: string | null
  best_percent: number | null
  passed: boolean
}

export interface ReviewQuestion extends AttemptQuestion {
  answer: QuizAnswer | null
  points_awarded: number
  correct: boolean
  correct_options?: string[] | null
  accepted_answers?: string[] | null
  numeric_answer?: number | null
  tolerance?: number | null
  explanation_md?: string | null
}

export interface AttemptReview {
  policy: ReviewPolicy
  questions: ReviewQuestion[]
}

/** save_quiz_attempt: the submitted attempt's grade, and its review when the policy allows it now. */
export interface QuizResult {
  attempt_id: string
  score: number
  max_score: number
  percent: number
  passed: boolean
  pass_mark: number
  submitted_at: string
  attempts_left: number | null
  next_attempt_at: string | null
  review: AttemptReview | null
}

export interface VideoCheck {
  id: string
  lesson_id: string
  at_s: number
}

export interface VideoCheckQuestion {
  id: string
  at_s: number
  question: Pick<AttemptQuestion, 'id' | 'kind' | 'prompt_md' | 'options'>
}

export interface VideoCheckAnswer {
  correct: boolean
  explanation_md: string | null
}
