// The certificate's typefaces: Roboto Regular and Medium (Apache 2.0), embedded as subsets, so names and titles in
// Latin (with every accent), Greek, Cyrillic and Vietnamese print as written. The faces come from pdfmake's font
// bundle on npm (base64 strings in a module, so they travel with the function's code when it is deployed), and
// fontkit both embeds them and says which characters they have: anything else prints as "?", never as an empty box.
import fontkit from '@pdf-lib/fontkit'
import vfs from 'pdfmake/build/vfs_fonts.js'

export interface Face {
  bytes: Uint8Array
  /** Whether the face draws this code point. */
  has: (codePoint: number) => boolean
}

function decode(base64: string): Uint8Array {
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
}

const files = vfs as unknown as Record<string, string>
let faces: { regular: Face; bold: Face } | undefined

function face(file: string): Face {
  const source = files[file]
  if (!source) throw new Error(`${file} is missing from pdfmake's font bundle`)
  const bytes = decode(source)
  const parsed = fontkit.create(bytes) as unknown as { hasGlyphForCodePoint(codePoint: number): boolean }
  return { bytes, has: (codePoint) => parsed.hasGlyphForCodePoint(codePoint) }
}

/** Decoded once per worker: every certificate after the first reuses them. */
export function certificateFaces(): { regular: Face; bold: Face } {
  faces ??= { regular: face('Roboto-Regular.ttf'), bold: face('Roboto-Medium.ttf') }
  return faces
}

export { fontkit }
