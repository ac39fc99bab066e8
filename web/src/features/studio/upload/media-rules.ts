// What the course-media bucket accepts (PRODUCT.md §3, supabase/config.toml: video up to 500 MiB, WebVTT captions,
// PDF attachments), checked in the browser before anything is sent, and where each file goes:
// {course_id}/{lesson_id}/{file} with the file name sanitised.
export const mediaBucket = 'course-media'
export const maxVideoBytes = 500 * 1024 * 1024
export const maxCaptionsBytes = 1024 * 1024
export const maxAttachmentBytes = 50 * 1024 * 1024

const videoTypes: Record<string, string> = { 'video/mp4': 'mp4', 'video/webm': 'webm', 'video/ogg': 'ogv' }

interface FileLike {
  name: string
  type: string
  size: number
}

/** The content type to store a chosen video under, or null when the bucket would refuse it. */
export function videoTypeOf(file: FileLike): string | null {
  if (file.type in videoTypes) return file.type
  // Some systems give no type for .webm or .mp4; the extension decides then.
  const extension = file.name.toLowerCase().split('.').pop()
  const match = Object.entries(videoTypes).find(
    ([, ext]) => ext === extension || (ext === 'ogv' && extension === 'ogg'),
  )
  return match ? match[0] : null
}

/** Null when the file can be sent as the lesson's video, else the sentence shown under the field. */
export function videoProblem(file: FileLike): string | null {
  if (!videoTypeOf(file)) return 'Choose an MP4, WebM or Ogg video.'
  if (file.size === 0) return 'This file is empty.'
  if (file.size > maxVideoBytes) return 'Choose a video of 500 MB or less.'
  return null
}

export function videoObjectName(courseId: string, lessonId: string, contentType: string): string {
  return `${courseId}/${lessonId}/video.${videoTypes[contentType] ?? 'mp4'}`
}

export function captionsObjectName(courseId: string, lessonId: string): string {
  return `${courseId}/${lessonId}/captions.vtt`
}

/**
 * Null when the text is a WebVTT file, else the sentence to show. The format begins with an optional byte order
 * mark and "WEBVTT", followed by the end of the file, a space, a tab or a line break.
 */
export function captionsProblem(file: FileLike, text: string): string | null {
  if (!file.name.toLowerCase().endsWith('.vtt')) return 'Choose a WebVTT file (.vtt).'
  if (file.size > maxCaptionsBytes) return 'Captions files can be at most 1 MB.'
  if (!/^\uFEFF?WEBVTT(?:$|[ \t\r\n])/.test(text)) {
    return 'This is not a WebVTT file: its first line must start with WEBVTT.'
  }
  return null
}

export function attachmentProblem(file: FileLike): string | null {
  if (file.type !== 'application/pdf' && !file.name.toLowerCase().endsWith('.pdf')) return 'Attach PDF files only.'
  if (file.size === 0) return 'This file is empty.'
  if (file.size > maxAttachmentBytes) return 'Attach PDFs of 50 MB or less.'
  return null
}

/**
 * A file name safe in an object path: accents dropped, anything but letters, digits, dot, dash and underscore
 * turned into dashes, at most 80 characters, always ending in .pdf.
 */
export function sanitiseFileName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\.pdf$/i, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .slice(0, 76)
    .replace(/^[-.]+|[-.]+$/g, '')
  return `${base || 'attachment'}.pdf`
}

export function attachmentObjectName(courseId: string, lessonId: string, fileName: string): string {
  return `${courseId}/${lessonId}/attachments/${sanitiseFileName(fileName)}`
}
