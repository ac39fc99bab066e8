// The school's brand on its certificates: its logo (the square image owners upload to the public course-covers
// bucket, drawn when it is a JPEG or PNG, the two formats pdf-lib embeds; the studio always saves JPEG) and its accent
// colour (the frame). Read once, when the PDF is first rendered; a logo that cannot be read leaves the certificate
// without one rather than failing it.
import type { Client } from '../_shared/supabase.ts'

export interface SchoolLogo {
  kind: 'jpg' | 'png'
  bytes: Uint8Array
}

export interface SchoolBrand {
  logo: SchoolLogo | null
  /** #rrggbb, checked for contrast by the database (schools_accent_color_readable). */
  accentColor: string | null
}

/** JPEG or PNG by their signatures, whatever the file's name says; null for anything else. */
export function logoKind(bytes: Uint8Array): SchoolLogo['kind'] | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg'
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (png.every((byte, index) => bytes[index] === byte)) return 'png'
  return null
}

/** #rrggbb as pdf-lib's 0-1 channels, or null for anything else. */
export function rgbOf(hex: string | null): [number, number, number] | null {
  if (!hex || !/^#[0-9a-f]{6}$/i.test(hex)) return null
  return [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255) as [number, number, number]
}

/** The brand of the course's school. Service role: the certificate is rendered for whoever asks by code. */
export async function schoolBrand(admin: Client, courseId: string): Promise<SchoolBrand> {
  const { data, error } = await admin
    .from('courses')
    .select('school:schools(logo_path, accent_color)')
    .eq('id', courseId)
    .maybeSingle()
  if (error) throw error
  const school = data?.school as { logo_path: string | null; accent_color: string | null } | null | undefined
  const accentColor = school?.accent_color ?? null
  if (!school?.logo_path) return { logo: null, accentColor }
  const { data: file, error: downloadError } = await admin.storage.from('course-covers').download(school.logo_path)
  if (downloadError || !file) return { logo: null, accentColor }
  const bytes = new Uint8Array(await file.arrayBuffer())
  const kind = logoKind(bytes)
  return { logo: kind ? { kind, bytes } : null, accentColor }
}
