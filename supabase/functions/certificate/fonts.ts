// The certificate's typefaces: Roboto Regular and Medium, embedded as subsets, so names and titles in Latin (with
// every accent), Greek, Cyrillic and Vietnamese print as written. The TTFs in fonts/ are Google Fonts' Roboto (v51,
// SIL Open Font License 1.1, fonts/OFL.txt) as the npm package @expo-google-fonts/roboto@0.4.3 ships them
// (400Regular/Roboto_400Regular.ttf, 500Medium/Roboto_500Medium.ttf), byte for byte. They travel with the function
// as static files (supabase/config.toml, [functions.certificate] static_files), read relative to this module as the
// edge runtime serves them. fontkit both embeds them and says which characters they have: anything else prints as
// "?", never as an empty box.
import fontkit from '@cantoo/fontkit'

export interface Face {
  bytes: Uint8Array
  /** Whether the face draws this code point. */
  has: (codePoint: number) => boolean
}

/** The font files the function reads; config.toml's static_files must ship each of them. */
export const fontFiles = { regular: 'fonts/Roboto-Regular.ttf', bold: 'fonts/Roboto-Medium.ttf' } as const

let faces: Promise<{ regular: Face; bold: Face }> | undefined

// Read asynchronously: the edge runtime allows synchronous file APIs only while a function's module loads, and the
// faces are first needed by a request.
async function face(file: string): Promise<Face> {
  const bytes = await Deno.readFile(new URL(`./${file}`, import.meta.url))
  const parsed = fontkit.create(bytes) as unknown as { hasGlyphForCodePoint(codePoint: number): boolean }
  return { bytes, has: (codePoint) => parsed.hasGlyphForCodePoint(codePoint) }
}

async function readFaces(): Promise<{ regular: Face; bold: Face }> {
  const [regular, bold] = await Promise.all([face(fontFiles.regular), face(fontFiles.bold)])
  return { regular, bold }
}

/** Read and parsed once per worker: every certificate after the first reuses them (a failed read is tried again). */
export function certificateFaces(): Promise<{ regular: Face; bold: Face }> {
  faces ??= readFaces().catch((error) => {
    faces = undefined
    throw error
  })
  return faces
}

export { fontkit }
