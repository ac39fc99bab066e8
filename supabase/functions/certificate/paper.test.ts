// Unit tests of the paper size by the learner's time zone: Letter in most of the Americas and the Philippines,
// A4 elsewhere and when the zone is unknown.
import assert from 'node:assert/strict'
import { paperFor } from './paper.ts'

Deno.test('Letter for the United States, Canada, Mexico and the Philippines', () => {
  for (
    const zone of [
      'America/New_York',
      'America/Los_Angeles',
      'America/Toronto',
      'America/Mexico_City',
      'US/Eastern',
      'Asia/Manila',
      'Pacific/Honolulu',
    ]
  ) {
    assert.equal(paperFor(zone), 'letter', zone)
  }
})

Deno.test('A4 in Europe, Asia, Africa and the A4 countries of the Americas', () => {
  for (
    const zone of [
      'Europe/Rome',
      'Asia/Tokyo',
      'Africa/Lagos',
      'America/Sao_Paulo',
      'America/Argentina/Cordoba',
      'America/Nuuk',
      'UTC',
    ]
  ) {
    assert.equal(paperFor(zone), 'a4', zone)
  }
})

Deno.test('A4 when the zone is unknown', () => {
  assert.equal(paperFor(null), 'a4')
  assert.equal(paperFor(''), 'a4')
})
