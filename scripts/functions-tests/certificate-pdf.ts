// Reads a certificate PDF the way a verifier's phone does: parses it with pdf-lib, finds the images the first page
// draws, decodes their pixels (FlateDecode, 8-bit RGB, as pdf-lib stores PNGs) and scans them for a QR code with
// jsQR. Nothing here knows what the function put in: the URL comes out of the pixels.
import { inflateSync } from 'node:zlib'
import jsQR from 'jsqr'
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, type PDFObject } from 'pdf-lib'

export interface ParsedCertificate {
  pageCount: number
  /** First page size in points. */
  width: number
  height: number
  /** Texts of the QR codes found in the images the first page draws. */
  qrCodes: string[]
}

function number(dict: PDFDict, key: string): number {
  return dict.lookup(PDFName.of(key), PDFNumber).asNumber()
}

/** The page's content operators as text (inflated when compressed). */
function contentText(pdf: PDFDocument): string {
  const contents = pdf.getPage(0).node.Contents()
  const streams: (PDFObject | undefined)[] =
    contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents]
  return streams
    .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
    .map((stream) => {
      const filter = stream.dict.get(PDFName.of('Filter'))
      return Buffer.from(
        filter === PDFName.of('FlateDecode') ? inflateSync(stream.contents) : stream.contents,
      ).toString('latin1')
    })
    .join('\n')
}

export async function parseCertificate(bytes: Uint8Array): Promise<ParsedCertificate> {
  const pdf = await PDFDocument.load(bytes)
  const page = pdf.getPage(0)
  const drawn = contentText(pdf)
  const xobjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict)
  const qrCodes: string[] = []
  for (const [name, ref] of xobjects?.entries() ?? []) {
    // Only images the page actually paints ("/Name Do" in its content stream).
    if (!drawn.includes(`${name.asString()} Do`)) continue
    const image = pdf.context.lookup(ref)
    if (!(image instanceof PDFRawStream) || image.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue
    if (
      image.dict.get(PDFName.of('ColorSpace')) !== PDFName.of('DeviceRGB') ||
      number(image.dict, 'BitsPerComponent') !== 8
    )
      continue
    const width = number(image.dict, 'Width')
    const height = number(image.dict, 'Height')
    const rgb = inflateSync(image.contents)
    const rgba = new Uint8ClampedArray(width * height * 4)
    for (let i = 0; i < width * height; i++) {
      rgba[i * 4] = rgb[i * 3]!
      rgba[i * 4 + 1] = rgb[i * 3 + 1]!
      rgba[i * 4 + 2] = rgb[i * 3 + 2]!
      rgba[i * 4 + 3] = 255
    }
    const found = jsQR(rgba, width, height)
    if (found) qrCodes.push(found.data)
  }
  return { pageCount: pdf.getPageCount(), width: page.getWidth(), height: page.getHeight(), qrCodes }
}
