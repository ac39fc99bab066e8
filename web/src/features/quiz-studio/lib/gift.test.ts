import { describe, expect, it } from 'vitest'
import { parseGift } from './gift'

describe('parseGift', () => {
  it('reads a single-choice question with its title, comment and general feedback', () => {
    const { questions, problems } = parseGift(
      [
        '// a comment line',
        "::Grant::Who is buried in Grant's tomb? {",
        '  ~Grant #No, he is in there with someone',
        '  =no one #Right',
        '  ~Napoleon',
        '  ####Nobody is *buried*: they are entombed.',
        '}',
      ].join('\n'),
    )
    expect(problems).toEqual([])
    expect(questions).toEqual([
      {
        kind: 'single',
        prompt_md: "Who is buried in Grant's tomb?",
        options: [
          { id: 'a', text: 'Grant' },
          { id: 'b', text: 'no one' },
          { id: 'c', text: 'Napoleon' },
        ],
        points: 1,
        tags: [],
        correct_options: ['b'],
        accepted_answers: [],
        numeric_answer: null,
        tolerance: 0,
        explanation_md: 'Nobody is *buried*: they are entombed.',
      },
    ])
  })

  it('turns positive weights into a multiple-answer question', () => {
    const { questions } = parseGift('Which are primes? {~%50%2 ~%50%3 ~%-100%4 ~%-100%6}')
    expect(questions[0]).toMatchObject({
      kind: 'multiple',
      options: [
        { id: 'a', text: '2' },
        { id: 'b', text: '3' },
        { id: 'c', text: '4' },
        { id: 'd', text: '6' },
      ],
      correct_options: ['a', 'b'],
    })
  })

  it('reads true/false in all four spellings, with feedback', () => {
    const { questions, problems } = parseGift(
      ['Sky is blue {T}', '', 'Grass is red {FALSE#wrong#right}', '', 'One is one {TRUE}', '', 'Two is one {f}'].join(
        '\n',
      ),
    )
    expect(problems).toEqual([])
    expect(questions.map((question) => [question.kind, question.correct_options])).toEqual([
      ['true_false', ['true']],
      ['true_false', ['false']],
      ['true_false', ['true']],
      ['true_false', ['false']],
    ])
    expect(questions[0]?.options).toEqual([
      { id: 'true', text: 'True' },
      { id: 'false', text: 'False' },
    ])
  })

  it('reads short answers, keeping only full-credit ones', () => {
    const { questions } = parseGift('Capital of France? {=Paris =paris city =%50%Lutetia}')
    expect(questions[0]).toMatchObject({ kind: 'short_answer', accepted_answers: ['Paris', 'paris city'] })
  })

  it('reads numeric answers with a tolerance, as a range, and as a list', () => {
    const { questions, problems } = parseGift(
      ['Pi? {#3.14:0.01}', '', 'Between one and two {#1..2}', '', 'Born? {#=1822:0 =%50%1821:2}', '', 'Ten {#10}'].join(
        '\n',
      ),
    )
    expect(problems).toEqual([])
    expect(questions.map((question) => [question.numeric_answer, question.tolerance])).toEqual([
      [3.14, 0.01],
      [1.5, 0.5],
      [1822, 0],
      [10, 0],
    ])
  })

  it('unescapes the special characters in prompts and answers', () => {
    const { questions } = parseGift('Is 1 \\= 1 \\{really\\} \\: \\~ \\#? {=yes \\= sure ~no \\# way}')
    expect(questions[0]?.prompt_md).toBe('Is 1 = 1 {really} : ~ #?')
    expect(questions[0]?.options.map((option) => option.text)).toEqual(['yes = sure', 'no # way'])
  })

  it('shows a blank where a missing-word answer block sits', () => {
    const { questions } = parseGift('Grant is {~buried =entombed ~living} in the tomb.')
    expect(questions[0]?.prompt_md).toBe('Grant is _____ in the tomb.')
  })

  it('tags the questions after a $CATEGORY line with its segments', () => {
    const { questions } = parseGift(
      [
        '$CATEGORY: $course$/top/Geometry/Triangles',
        '',
        'Angles sum? {#180}',
        '',
        '$CATEGORY: Algebra',
        'x+1=2? {#1}',
      ].join('\n'),
    )
    expect(questions.map((question) => question.tags)).toEqual([['Geometry', 'Triangles'], ['Algebra']])
  })

  it('drops a [markdown] format tag', () => {
    expect(parseGift('[markdown]**Bold** question {T}').questions[0]?.prompt_md).toBe('**Bold** question')
  })

  it('reports an unterminated brace at its line and keeps reading the next question', () => {
    const { questions, problems } = parseGift(
      ['First {T}', '', 'Second line one', 'line two {=a ~b', '', 'Third {F}'].join('\n'),
    )
    expect(questions).toHaveLength(2)
    expect(problems).toEqual([{ line: 4, message: 'The answer block opened here is not closed with }.' }])
  })

  it('reports a choice question with no right answer', () => {
    const { problems } = parseGift('Pick {~a ~b ~c}')
    expect(problems).toEqual([{ line: 1, message: 'No answer is marked right (= or ~%n% with n above 0).' }])
  })

  it('reports numbers that are not numbers', () => {
    const { problems } = parseGift(
      ['Pi {#three}', '', 'Tol {#3:-1}', '', 'Range {#5..2}', '', 'Weight {~%x%a =b}'].join('\n'),
    )
    expect(problems).toEqual([
      { line: 1, message: '“three” is not a number.' },
      { line: 3, message: 'The tolerance “-1” is not a number of 0 or more.' },
      { line: 5, message: 'The range “5..2” ends below its start.' },
      { line: 7, message: 'The weight in “%x%a” is not a number.' },
    ])
  })

  it('refuses the kinds Summit does not grade: essay, matching, description', () => {
    const { questions, problems } = parseGift(['Write {}', '', 'Match {=a -> 1 =b -> 2}', '', 'Just text'].join('\n'))
    expect(questions).toEqual([])
    expect(problems.map((problem) => problem.line)).toEqual([1, 3, 5])
    expect(problems[0]?.message).toMatch(/Essay/)
    expect(problems[1]?.message).toMatch(/Matching/)
    expect(problems[2]?.message).toMatch(/No answer block/)
  })

  it('reports a choice question with one option and one with eleven', () => {
    const eleven = Array.from({ length: 11 }, (_, index) => (index === 0 ? '=r' : `~w${index}`)).join(' ')
    const { problems } = parseGift(`One {=only ~}\n\nMany {${eleven}}`)
    expect(problems.map((problem) => problem.line)).toEqual([1, 3])
    expect(problems[1]?.message).toBe('A choice question has at most 10 options.')
  })

  it('reports an empty file', () => {
    expect(parseGift('')).toEqual({ questions: [], problems: [{ line: 1, message: 'The file has no questions.' }] })
    expect(parseGift('// only a comment\n\n').problems).toHaveLength(1)
  })

  it('reads Windows line endings and a byte-order mark, counting lines as an editor does', () => {
    const { questions, problems } = parseGift('\uFEFFQ1 {T}\r\n\r\nQ2 {=a ~b\r\n\r\nQ3 {\r\n=x\r\n~y\r\n}\r\n')
    expect(questions.map((question) => question.prompt_md)).toEqual(['Q1', 'Q3'])
    expect(problems).toEqual([{ line: 3, message: 'The answer block opened here is not closed with }.' }])
  })
})
