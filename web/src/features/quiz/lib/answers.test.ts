// What counts as an answer, how typed numbers read, and how answers are named in the summary and the review.
import { describe, expect, it } from 'vitest'
import type { AttemptQuestion } from '../api/quiz.types'
import { describeAnswer, isAnswered, parseNumeric, promptExcerpt, toggleOption, unansweredQuestions } from './answers'

const question = (id: string, prompt = `Prompt ${id}`): AttemptQuestion => ({
  id,
  kind: 'single',
  prompt_md: prompt,
  points: 1,
  options: [
    { id: 'a', text: 'Alpha' },
    { id: 'b', text: 'Beta' },
  ],
})

describe('quiz answers', () => {
  it('counts an answer only when it says something', () => {
    expect(isAnswered(undefined)).toBe(false)
    expect(isAnswered({ option: 'a' })).toBe(true)
    expect(isAnswered({ options: [] })).toBe(false)
    expect(isAnswered({ options: ['a'] })).toBe(true)
    expect(isAnswered({ text: '   ' })).toBe(false)
    expect(isAnswered({ text: 'x' })).toBe(true)
    expect(isAnswered({ value: 0 })).toBe(true)
  })

  it('names the unanswered questions with their numbers, in order', () => {
    const questions = [question('q1'), question('q2'), question('q3')]
    expect(unansweredQuestions(questions, { q2: { option: 'a' } }).map((u) => u.number)).toEqual([1, 3])
  })

  it('reads typed numbers, a decimal comma included, and refuses what is not one', () => {
    expect(parseNumeric('3.14')).toBe(3.14)
    expect(parseNumeric(' 3,5 ')).toBe(3.5)
    expect(parseNumeric('-2e3')).toBe(-2000)
    expect(parseNumeric('')).toBeNull()
    expect(parseNumeric('-')).toBeNull()
    expect(parseNumeric('12abc')).toBeNull()
    expect(parseNumeric('Infinity')).toBeNull()
  })

  it('toggles a multiple choice without duplicates', () => {
    expect(toggleOption(undefined, 'a', true)).toEqual({ options: ['a'] })
    expect(toggleOption({ options: ['a'] }, 'a', true)).toEqual({ options: ['a'] })
    expect(toggleOption({ options: ['a', 'b'] }, 'a', false)).toEqual({ options: ['b'] })
  })

  it('describes answers by their option texts', () => {
    const { options } = question('q')
    expect(describeAnswer({ option: 'b' }, options)).toBe('Beta')
    expect(describeAnswer({ options: ['a', 'b'] }, options)).toBe('Alpha, Beta')
    expect(describeAnswer(null, options)).toBe('No answer')
    expect(describeAnswer({ value: 2.5 }, [])).toBe('2.5')
  })

  it('names a question by its first line without markdown', () => {
    expect(promptExcerpt('\n## What is **WCAG**?\nMore')).toBe('What is WCAG?')
    expect(promptExcerpt('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`)
  })
})
