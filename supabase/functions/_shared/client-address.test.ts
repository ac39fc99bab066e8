// Unit tests of the headers an edge function passes on so the database counts its visitor's address.
import assert from 'node:assert/strict'
import { clientAddressHeaders } from './client-address.ts'

Deno.test('passes on only the two forwarding headers the address rule reads, renamed', () => {
  const request = new Request('http://localhost/', {
    headers: {
      'X-Forwarded-For': '203.0.113.7, 127.0.0.1',
      'CF-Connecting-IP': '192.0.2.9',
      'X-Real-IP': '127.0.0.1',
      Authorization: 'Bearer token',
    },
  })
  assert.deepEqual(clientAddressHeaders(request), {
    'x-client-forwarded-for': '203.0.113.7, 127.0.0.1',
    'x-client-cf-connecting-ip': '192.0.2.9',
  })
})

Deno.test('passes on nothing when the visitor sent neither', () => {
  assert.deepEqual(clientAddressHeaders(new Request('http://localhost/')), {})
})
