// Renders a certificate as a one-page landscape PDF with pdf-lib (Cantoo's maintained fork, @cantoo/pdf-lib): the
// school (with its logo above its name and its accent colour as the frame, when it has them), the learner, the course,
// the hours, the issue date, the code, and a QR code (drawn from a PNG made by qrcode) that opens the verification page.
// Text is set in Roboto (fonts.ts): a character the face does not have prints as "?".
// @ts-types="@types/qrcode"
import QRCode from 'qrcode'
import { PDFDocument, type PDFFont, rgb } from '@cantoo/pdf-lib'
import { rgbOf, type SchoolLogo } from './brand.ts'
import { certificateFaces, type Face, fontkit } from './fonts.ts'
import { type Paper, paperSize } from './paper.ts'

export interface CertificateContent {
  code: string
  learnerName: string
  courseTitle: string
  schoolName: string
  hours: number
  issuedAt: string
  /** The learner's zone: the issue date is the day it was in their place. */
  timezone: string | null
  /** The verification page, <site>/c/<code>, which the QR code opens. */
  verifyUrl: string
  /** The school's logo, drawn above its name. */
  logo?: SchoolLogo | null
  /** The school's accent (#rrggbb), the colour of the outer frame. */
  accentColor?: string | null
}

const ink = rgb(0.07, 0.09, 0.15)
const muted = rgb(0.29, 0.33, 0.39)
const accent = rgb(0.15, 0.39, 0.92)

/** The text with every character the face does not draw replaced, so a name never prints as empty boxes. */
export function printable(face: Pick<Face, 'has'>, text: string): string {
  return Array.from(text.normalize('NFC'), (char) => (face.has(char.codePointAt(0)!) ? char : '?')).join('')
}

export function issueDate(issuedAt: string, timezone: string | null): string {
  const date = new Date(issuedAt)
  try {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: timezone ?? 'UTC' }).format(date)
  } catch {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date)
  }
}

/**
 * The study time as the app shows it (web/src/lib/format's formatStudyTime): minutes under an hour, hours with one
 * decimal from an hour up, and null when none was measured (a course of text lessons), so a PDF never says "0 hours".
 */
export function hoursLabel(hours: number): string | null {
  if (!Number.isFinite(hours) || hours <= 0) return null
  if (hours < 1) {
    const minutes = Math.max(1, Math.round(hours * 60))
    return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} of study`
  }
  const rounded = Math.round(hours * 10) / 10
  return `${rounded.toLocaleString('en-US', { maximumFractionDigits: 1 })} ${rounded === 1 ? 'hour' : 'hours'} of study`
}

export async function renderCertificate(content: CertificateContent, paper: Paper): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  const [width, height] = paperSize[paper]
  const page = pdf.addPage([width, height])
  const faces = await certificateFaces()
  pdf.registerFontkit(fontkit)
  const regular = await pdf.embedFont(faces.regular.bytes, { subset: true })
  const bold = await pdf.embedFont(faces.bold.bytes, { subset: true })
  const faceOf = (font: PDFFont) => (font === bold ? faces.bold : faces.regular)

  // Centred text shrunk until it fits the width (long course titles), never below 12 pt.
  const centred = (raw: string, font: PDFFont, size: number, y: number, color = ink) => {
    const text = printable(faceOf(font), raw)
    let fitted = size
    while (fitted > 12 && font.widthOfTextAtSize(text, fitted) > width - 160) fitted -= 1
    const textWidth = font.widthOfTextAtSize(text, fitted)
    page.drawText(text, { x: (width - textWidth) / 2, y, size: fitted, font, color })
  }

  const frame = rgbOf(content.accentColor ?? null)
  page.drawRectangle({
    x: 24,
    y: 24,
    width: width - 48,
    height: height - 48,
    borderColor: frame ? rgb(...frame) : accent,
    borderWidth: 3,
  })
  page.drawRectangle({ x: 34, y: 34, width: width - 68, height: height - 68, borderColor: muted, borderWidth: 0.5 })

  // With a logo, it sits above the school's name and the two lines below move down to make room.
  const logoSize = 48
  const shift = content.logo ? 28 : 0
  if (content.logo) {
    const image = content.logo.kind === 'png'
      ? await pdf.embedPng(content.logo.bytes)
      : await pdf.embedJpg(content.logo.bytes)
    page.drawImage(image, { x: (width - logoSize) / 2, y: height - 56 - logoSize, width: logoSize, height: logoSize })
  }
  centred(content.schoolName, bold, 20, height - 100 - shift, accent)
  centred('CERTIFICATE OF COMPLETION', regular, 14, height - 140 - shift / 2, muted)
  centred('This certifies that', regular, 14, height - 200, muted)
  centred(content.learnerName, bold, 36, height - 250)
  centred('has completed the course', regular, 14, height - 290, muted)
  centred(content.courseTitle, bold, 26, height - 335)
  centred(
    [hoursLabel(content.hours), `Issued ${issueDate(content.issuedAt, content.timezone)}`]
      .filter((part) => part !== null)
      .join(' · '),
    regular,
    13,
    height - 375,
    muted,
  )

  const qrPng = await QRCode.toBuffer(content.verifyUrl, { errorCorrectionLevel: 'M', margin: 4, scale: 8 })
  const qr = await pdf.embedPng(qrPng)
  const qrSize = 110
  page.drawImage(qr, { x: width - 60 - qrSize, y: 60, width: qrSize, height: qrSize })
  page.drawText(printable(faces.bold, `Certificate ${content.code}`), {
    x: 60,
    y: 96,
    size: 11,
    font: bold,
    color: ink,
  })
  page.drawText(printable(faces.regular, `Verify at ${content.verifyUrl}`), {
    x: 60,
    y: 78,
    size: 10,
    font: regular,
    color: muted,
  })

  pdf.setTitle(`${content.courseTitle} — certificate of completion`)
  pdf.setAuthor(content.schoolName)
  pdf.setSubject(`Certificate ${content.code} for ${content.learnerName}`)
  pdf.setCreator('Summit')
  pdf.setCreationDate(new Date(content.issuedAt))
  return await pdf.save()
}
