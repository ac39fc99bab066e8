// The captions preview reads cues as a player does.
import { describe, expect, it } from 'vitest'
import { firstCues } from './captions-cues'

describe('firstCues', () => {
  it('reads the first cues, skipping the header, notes, identifiers, settings and tags', () => {
    const vtt = [
      'WEBVTT - demo',
      '',
      'NOTE written by hand',
      '',
      'intro',
      '00:00.000 --> 00:02.500 align:start',
      'Welcome to <b>the</b> course.',
      '',
      '00:02.500 --> 00:05.000',
      'Two lines',
      'of text.',
      '',
      '00:05.000 --> 00:07.000',
      'Third.',
      '',
      '00:07.000 --> 00:09.000',
      'Fourth.',
    ].join('\r\n')
    expect(firstCues(vtt)).toEqual([
      { start: '00:00.000', text: 'Welcome to the course.' },
      { start: '00:02.500', text: 'Two lines of text.' },
      { start: '00:05.000', text: 'Third.' },
    ])
  })

  it('has no cues for a file without any', () => {
    expect(firstCues('WEBVTT\n\n')).toEqual([])
  })
})
