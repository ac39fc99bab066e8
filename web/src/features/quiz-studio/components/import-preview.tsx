// What an import file holds before it is imported: the lines that could not be read (with the reason) first, then
// each question read with its kind, key, points and tags.
import { useEffect, useRef } from 'react'
import { Alert } from '@/components/ui/alert'
import { answerSummary, promptLine } from '../lib/answer-summary'
import type { ImportResult } from '../lib/import-question'
import { kindLabels } from '../schemas/question-form.schema'

export function ImportPreview({ result }: { result: ImportResult }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [result])
  const { questions, problems } = result
  return (
    <section aria-labelledby="import-preview-heading" className="flex flex-col gap-3">
      <h3
        id="import-preview-heading"
        ref={heading}
        tabIndex={-1}
        className="text-base font-semibold text-slate-900 focus:outline-none"
      >
        {questions.length === 1 ? '1 question read' : `${questions.length} questions read`}
        {problems.length > 0 ? `, ${problems.length === 1 ? '1 problem' : `${problems.length} problems`}` : ''}
      </h3>
      {problems.length > 0 ? (
        <Alert tone="error" title="Lines that could not be read (they will not be imported)">
          <ul className="flex flex-col gap-1" aria-label="Lines that could not be read">
            {problems.map((problem, index) => (
              <li key={index}>
                <span className="font-medium">Line {problem.line}:</span> {problem.message}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {questions.length > 0 ? (
        <ol aria-label="Questions to import" className="flex flex-col gap-2 rounded-md border border-slate-200 p-2">
          {questions.map((question, index) => (
            <li key={index} className="flex flex-col gap-0.5 rounded-md bg-slate-50 p-2 text-sm">
              <span className="font-medium break-words text-slate-900">
                {index + 1}. {promptLine(question.prompt_md)}
              </span>
              <span className="text-slate-700">
                {kindLabels[question.kind]} · {answerSummary(question)} · {question.points}{' '}
                {question.points === 1 ? 'point' : 'points'}
                {question.tags.length > 0 ? ` · Tags: ${question.tags.join(', ')}` : ''}
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-700">No question could be read, so there is nothing to import.</p>
      )}
    </section>
  )
}
