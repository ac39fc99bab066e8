// Request bodies decoded as GoTrue decodes them: any JSON object, Go's errors for everything else.
import { describe, expect, it } from 'vitest'
import { Params } from './params.ts'

const parse = (text: string) => Params.parse(Buffer.from(text), 'SignupParams')

describe('Params', () => {
  it('reads typed fields, treating null and absence as Go zero values', () => {
    const params = parse('{"email":"a@b.c","data":{"x":1},"create_user":false,"phone":null}')
    expect(params.string('email')).toBe('a@b.c')
    expect(params.string('phone')).toBe('')
    expect(params.optionalString('password')).toBeUndefined()
    expect(params.object('data')).toEqual({ x: 1 })
    expect(params.boolean('create_user', true)).toBe(false)
    expect(parse('null').string('email')).toBe('')
  })

  it('names the Go struct field of a wrongly typed value', () => {
    expect(() => parse('{"email": ["a"]}').string('email')).toThrow(
      'Could not parse request body as JSON: json: cannot unmarshal array into Go struct field SignupParams.email of type string',
    )
    expect(() => parse('{"data": "x"}').object('data')).toThrow(/of type map\[string\]interface \{\}/)
  })

  it('answers bad_json for bodies that are not a JSON object', () => {
    for (const body of ['', 'email=a', '{"email":', '"text"', '42']) {
      expect(() => parse(body), body).toThrow(expect.objectContaining({ code: 'bad_json', status: 400 }))
    }
  })
})
