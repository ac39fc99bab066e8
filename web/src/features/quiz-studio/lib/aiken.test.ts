import { describe, expect, it } from 'vitest'
import { parseAiken } from './aiken'

describe('parseAiken', () => {
  it('reads questions with . and ) options, with or without blank lines between them', () => {
    const { questions, problems } = parseAiken(
      [
        'What is the correct answer to this question?',
        'A. Is it this one?',
        'B. Maybe this answer?',
        'C. Possibly this one?',
        'ANSWER: B',
        'Which LMS has the most import formats?',
        'A) Moodle',
        'B) Summit',
        'ANSWER: a',
      ].join('\n'),
    )
    expect(problems).toEqual([])
    expect(questions).toEqual([
      {
        kind: 'single',
        prompt_md: 'What is the correct answer to this question?',
        options: [
          { id: 'a', text: 'Is it this one?' },
          { id: 'b', text: 'Maybe this answer?' },
          { id: 'c', text: 'Possibly this one?' },
        ],
        points: 1,
        tags: [],
        correct_options: ['b'],
        accepted_answers: [],
        numeric_answer: null,
        tolerance: 0,
        explanation_md: null,
      },
      expect.objectContaining({ prompt_md: 'Which LMS has the most import formats?', correct_options: ['a'] }),
    ])
  })

  it('reports an answer letter that names no option, and keeps the next question', () => {
    const { questions, problems } = parseAiken('Q1\nA. x\nB. y\nANSWER: D\n\nQ2\nA. x\nB. y\nANSWER: A\n')
    expect(questions).toHaveLength(1)
    expect(problems).toEqual([{ line: 4, message: 'ANSWER: D names no option of this question.' }])
  })

  it('reports a question without its ANSWER line at the question', () => {
    const { questions, problems } = parseAiken('Q1\nA. x\nB. y\n\nQ2\nA. x\nB. y\nANSWER: B')
    expect(questions.map((question) => question.prompt_md)).toEqual(['Q2'])
    expect(problems).toEqual([{ line: 1, message: 'This question has no ANSWER: line after its options.' }])
  })

  it('reports a stray line among the options and skips to the question after it', () => {
    const { questions, problems } = parseAiken('Q1\nA. x\nnot an option\nB. y\nANSWER: A\nQ2\nA. x\nB. y\nANSWER: B')
    expect(questions.map((question) => question.prompt_md)).toEqual(['Q2'])
    expect(problems).toEqual([{ line: 3, message: 'Expected an option (A. …) or ANSWER: here.' }])
  })

  it('reports options out of order, an answer that is not a letter, and a question with one option', () => {
    const { problems } = parseAiken(
      'Q1\nA. x\nC. y\nANSWER: A\n\nQ2\nA. x\nB. y\nANSWER: A or B\n\nQ3\nA. only\nANSWER: A',
    )
    expect(problems).toEqual([
      { line: 3, message: 'Option C is out of order: B was expected.' },
      { line: 9, message: '“A or B” is not one option letter (write ANSWER: B).' },
      { line: 11, message: 'A choice question needs at least 2 options.' },
    ])
  })

  it('reports an ANSWER line with nothing before it and a file that ends mid-question', () => {
    expect(parseAiken('ANSWER: A').problems).toEqual([{ line: 1, message: 'ANSWER: without a question before it.' }])
    expect(parseAiken('Q1\nA. x\nB. y').problems).toEqual([{ line: 1, message: 'This question has no ANSWER: line.' }])
    expect(parseAiken('Just a question?').problems).toEqual([{ line: 1, message: 'This question has no options.' }])
  })

  it('reports an empty file', () => {
    expect(parseAiken('  \n\n')).toEqual({
      questions: [],
      problems: [{ line: 1, message: 'The file has no questions.' }],
    })
  })

  it('reads Windows line endings and a byte-order mark', () => {
    const { questions, problems } = parseAiken('\uFEFFQ1\r\nA. x\r\nB. y\r\nANSWER: B\r\n')
    expect(problems).toEqual([])
    expect(questions[0]).toMatchObject({ prompt_md: 'Q1', correct_options: ['b'] })
  })
})
