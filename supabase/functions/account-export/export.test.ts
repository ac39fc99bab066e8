// Unit tests of the export's file links and file name, with a signer in memory.
import assert from 'node:assert/strict'
import { exportFileName, type ExportSource, withFileLinks } from './export.ts'

const source: ExportSource = {
  exported_at: '2026-11-25T10:00:00Z',
  user: { id: 'u', email: 'u@example.com', created_at: '2026-01-01T00:00:00Z' },
  profile: { id: 'u', avatar_path: 'u/face.png' },
  certificates: [{ code: 'AAAAAAAAAA', pdf_path: 'c/AAAAAAAAAA.pdf' }, { code: 'BBBBBBBBBB', pdf_path: null }],
  notes: [{ body: 'n' }],
}

Deno.test('withFileLinks signs the avatar and each certificate PDF, null where there is no file', async () => {
  const signed: string[] = []
  const document = await withFileLinks(source, (bucket, path) => {
    signed.push(`${bucket}/${path}`)
    return Promise.resolve(path === 'u/face.png' || path.endsWith('.pdf') ? `https://files/${bucket}/${path}?t` : null)
  })
  assert.deepEqual(signed.sort(), ['avatars/u/face.png', 'certificates/c/AAAAAAAAAA.pdf'])
  assert.deepEqual(document.files, { avatar: 'https://files/avatars/u/face.png?t' })
  assert.deepEqual(document.certificates.map((c) => c.pdf_url), ['https://files/certificates/c/AAAAAAAAAA.pdf?t', null])
  assert.deepEqual(document.notes, [{ body: 'n' }])
})

Deno.test('no avatar, no link', async () => {
  const document = await withFileLinks({ ...source, profile: { id: 'u', avatar_path: null }, certificates: [] }, () => {
    throw new Error('not called')
  })
  assert.deepEqual(document.files, { avatar: null })
})

Deno.test('the file name carries the UTC date', () => {
  assert.equal(exportFileName(new Date('2026-11-25T23:30:00-05:00')), 'summit-export-2026-11-26.json')
})
