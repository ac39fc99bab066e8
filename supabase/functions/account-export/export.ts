// The account export (PRODUCT.md §7): everything the user owns as one JSON document, built by the database
// (public.account_export), with signed URLs for their files — the avatar and each certificate's PDF — which only
// Storage can sign. Signed URLs are absolute here: the document is a file the user keeps and opens outside the app.
import type { Client } from '../_shared/supabase.ts'

/** How long the export's file links work. */
export const exportLinkSeconds = 7 * 24 * 60 * 60

/** The document as the database answers it. */
export interface ExportSource {
  exported_at: string
  user: { id: string; email: string; created_at: string }
  profile: Record<string, unknown> | null
  certificates: Record<string, unknown>[]
  [section: string]: unknown
}

export interface ExportDocument extends ExportSource {
  files: { avatar: string | null }
}

export type Signer = (bucket: string, path: string) => Promise<string | null>

/** Adds `pdf_url` to each certificate and `files.avatar`, signed by `sign` (null where there is no file). */
export async function withFileLinks(document: ExportSource, sign: Signer): Promise<ExportDocument> {
  const certificates = await Promise.all(document.certificates.map(async (certificate) => ({
    ...certificate,
    pdf_url: typeof certificate.pdf_path === 'string' ? await sign('certificates', certificate.pdf_path) : null,
  })))
  const avatarPath = document.profile?.avatar_path
  const avatar = typeof avatarPath === 'string' ? await sign('avatars', avatarPath) : null
  return { ...document, certificates, files: { avatar } }
}

/** Signs with the service role; a file that is not there (any more) answers null rather than failing the export. */
export function storageSigner(admin: Client): Signer {
  return async (bucket, path) => {
    const { data, error } = await admin.storage.from(bucket).createSignedUrl(path, exportLinkSeconds)
    if (error) {
      if (/not.?found/i.test(error.message) || (error as { statusCode?: string }).statusCode === '404') return null
      throw error
    }
    return data.signedUrl
  }
}

/** The attachment's file name: summit-export-YYYY-MM-DD.json (UTC). */
export function exportFileName(at: Date): string {
  return `summit-export-${at.toISOString().slice(0, 10)}.json`
}

export async function exportAccount(admin: Client, userId: string): Promise<ExportDocument> {
  // Service role: the document spans tables and auth.users under one definer call, for the user Auth vouched for.
  const { data, error } = await admin.rpc('account_export', { user_id: userId })
  if (error) throw error
  if (!data) throw new Error(`account_export answered nothing for ${userId}`)
  return await withFileLinks(data as unknown as ExportSource, storageSigner(admin))
}
