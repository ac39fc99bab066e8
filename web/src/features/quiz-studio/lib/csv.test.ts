import { describe, expect, it } from 'vitest'
import { parseCsv } from './csv'

const header = 'kind,prompt,options,correct,points,tags,explanation'

describe('parseCsv', () => {
  it('reads every kind, with quoted cells holding commas, quotes and line breaks', () => {
    const { questions, problems } = parseCsv(
      [
        header,
        'single,"Capital of France, the country?",Paris|Lyon|Nice,A,2,geo|europe,"Paris is the ""capital""."',
        'multiple,Which are primes?,2|3|4,A|C,,maths,',
        'true_false,"Water is wet.\nReally.",,true,,,',
        'short_answer,Largest planet?,,Jupiter|jupiter planet,,,',
        'numeric,Pi to two places,,3.14:0.005,,,',
        'numeric,Between one and two,,1..2,,,',
      ].join('\n'),
    )
    expect(problems).toEqual([])
    expect(questions[0]).toEqual({
      kind: 'single',
      prompt_md: 'Capital of France, the country?',
      options: [
        { id: 'a', text: 'Paris' },
        { id: 'b', text: 'Lyon' },
        { id: 'c', text: 'Nice' },
      ],
      points: 2,
      tags: ['geo', 'europe'],
      correct_options: ['a'],
      accepted_answers: [],
      numeric_answer: null,
      tolerance: 0,
      explanation_md: 'Paris is the "capital".',
    })
    expect(questions[1]).toMatchObject({ kind: 'multiple', correct_options: ['a', 'c'], points: 1 })
    expect(questions[2]).toMatchObject({
      kind: 'true_false',
      prompt_md: 'Water is wet.\nReally.',
      correct_options: ['true'],
    })
    expect(questions[3]).toMatchObject({ accepted_answers: ['Jupiter', 'jupiter planet'] })
    expect(questions.slice(4).map((question) => [question.numeric_answer, question.tolerance])).toEqual([
      [3.14, 0.005],
      [1.5, 0.5],
    ])
  })

  it('treats \\| as a literal bar inside a cell', () => {
    const { questions } = parseCsv(`${header}\nsingle,Pick,a\\|b|c,B,,,`)
    expect(questions[0]?.options.map((option) => option.text)).toEqual(['a|b', 'c'])
  })

  it('accepts the columns in any order and leaves optional ones out', () => {
    const { questions, problems } = parseCsv('correct,prompt,kind\nfalse,Fish fly,true_false')
    expect(problems).toEqual([])
    expect(questions[0]).toMatchObject({ kind: 'true_false', correct_options: ['false'] })
  })

  it('reports each bad row at its line and keeps the good ones', () => {
    const { questions, problems } = parseCsv(
      [
        header,
        'essay,Write something,,,,,',
        'single,No right one,a|b,,,,',
        'single,Too many right,a|b,A|B,,,',
        'single,Letter out of range,a|b,C,,,',
        'numeric,Pi,,three,,,',
        'numeric,Pi,,3.14,zero,,',
        'single,"Spans',
        'two lines",a|b,A,,,,,extra',
        'true_false,Fine,,T,,,',
      ].join('\r\n'),
    )
    expect(questions.map((question) => question.prompt_md)).toEqual(['Fine'])
    expect(problems).toEqual([
      { line: 2, message: 'Unknown kind “essay”: use one of single, multiple, true_false, short_answer, numeric.' },
      { line: 3, message: 'No option is marked right.' },
      { line: 4, message: 'Exactly one option must be right.' },
      { line: 5, message: '“C” names no option: there are 2.' },
      { line: 6, message: '“three” is not a number.' },
      { line: 7, message: 'Points “zero” is not a number above 0.' },
      { line: 8, message: 'The row has 9 cells; the header has 7.' },
    ])
  })

  it('reports an unclosed quote at the row it starts on and keeps the rows before it', () => {
    const { questions, problems } = parseCsv(`${header}\ntrue_false,Fine,,T,,,\nsingle,"Never closed,a|b,A,,,\n`)
    expect(questions).toHaveLength(1)
    expect(problems).toEqual([{ line: 3, message: 'A quoted cell is not closed with ". Reading stopped here.' }])
  })

  it('reports a stray quote inside an unquoted cell', () => {
    const { problems } = parseCsv(`${header}\nsingle,Say "hi",a|b,A,,,`)
    expect(problems[0]).toMatchObject({ line: 2 })
  })

  it('reports a header without the required columns, and an empty file', () => {
    expect(parseCsv('question,answer\nx,y').problems).toEqual([
      {
        line: 1,
        message:
          'The header lacks kind, prompt, correct; it should read kind,prompt,options,correct,points,tags,explanation.',
      },
    ])
    expect(parseCsv('')).toEqual({
      questions: [],
      problems: [{ line: 1, message: 'The file is empty: it needs a header row and a question a row.' }],
    })
    expect(parseCsv(`${header}\n`).problems).toEqual([{ line: 1, message: 'The file has a header but no questions.' }])
  })

  it('reads a byte-order mark before the header', () => {
    const { questions, problems } = parseCsv(`\uFEFF${header}\r\nnumeric,Ten,,10,,,\r\n`)
    expect(problems).toEqual([])
    expect(questions[0]).toMatchObject({ numeric_answer: 10, tolerance: 0 })
  })
})
