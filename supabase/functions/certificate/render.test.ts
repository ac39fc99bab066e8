// Unit tests of the PDF: one landscape page of the paper asked for, metadata naming the certificate, and names in
// the scripts Roboto draws printed as written, characters it lacks as "?" instead of failing or an empty box.
import assert from 'node:assert/strict'
import { PDFDict, PDFDocument, PDFName } from '@cantoo/pdf-lib'
// @ts-types="@types/qrcode"
import QRCode from 'qrcode'
import { certificateFaces } from './fonts.ts'
import { hoursLabel, issueDate, printable, renderCertificate } from './render.ts'

const content = {
  code: 'ABCDEFGHJK',
  learnerName: 'Sofía Hernández 渡辺',
  courseTitle: 'Web Accessibility Basics',
  schoolName: 'Summit Academy',
  hours: 12.5,
  issuedAt: '2026-11-18T23:30:00Z',
  timezone: 'Asia/Tokyo',
  verifyUrl: 'http://127.0.0.1:5173/c/ABCDEFGHJK',
}

Deno.test('one landscape page of the paper asked for', async () => {
  for (const [paper, size] of [['a4', [841.89, 595.28]], ['letter', [792, 612]]] as const) {
    const pdf = await PDFDocument.load(await renderCertificate(content, paper))
    assert.equal(pdf.getPageCount(), 1)
    const page = pdf.getPage(0)
    assert.deepEqual([Math.round(page.getWidth()), Math.round(page.getHeight())], size.map(Math.round))
    assert.equal(pdf.getSubject(), 'Certificate ABCDEFGHJK for Sofía Hernández 渡辺')
  }
})

Deno.test("the issue date is the day in the learner's zone", () => {
  assert.equal(issueDate('2026-11-18T23:30:00Z', 'Asia/Tokyo'), 'November 19, 2026')
  assert.equal(issueDate('2026-11-18T23:30:00Z', 'Not/A_Zone'), 'November 18, 2026')
})

Deno.test('hours read naturally', () => {
  assert.equal(hoursLabel(1), '1 hour of study')
  assert.equal(hoursLabel(12.5), '12.5 hours of study')
})

Deno.test('study time under an hour is in minutes, and none is left out rather than printed as zero', () => {
  assert.equal(hoursLabel(0.1), '6 minutes of study')
  assert.equal(hoursLabel(0.01), '1 minute of study')
  assert.equal(hoursLabel(0), null)
})

Deno.test('names in Latin, Greek, Cyrillic and Vietnamese print as written; characters the face lacks as "?"', async () => {
  const { regular, bold } = await certificateFaces()
  for (const face of [regular, bold]) {
    assert.equal(printable(face, 'Дмитрий Ιωάννης Nguyễn Sofía Łukasz'), 'Дмитрий Ιωάννης Nguyễn Sofía Łukasz')
    assert.equal(printable(face, 'Kenji 渡辺'), 'Kenji ??')
  }
  // Composed first: a name typed with combining accents prints as its letters, not as "?" after each.
  assert.equal(printable(regular, 'Sofi\u0301a'), 'Sofía')
})

Deno.test("the school's logo is drawn as a second image beside the QR code", async () => {
  const images = async (bytes: Uint8Array) => {
    const page = (await PDFDocument.load(bytes)).getPage(0)
    return page.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict).keys().length
  }
  const logo = { kind: 'png' as const, bytes: new Uint8Array(await QRCode.toBuffer('logo', { scale: 2 })) }
  assert.equal(await images(await renderCertificate(content, 'a4')), 1)
  assert.equal(await images(await renderCertificate({ ...content, logo, accentColor: '#0f766e' }, 'a4')), 2)
})
