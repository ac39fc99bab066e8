// The signed-in learner's own certificates (owner-readable under RLS), shared by the certificates feature (the
// account list, the finish moment) and the home page's course list ("Completed · View certificate").
import { queryOptions } from '@tanstack/react-query'
import { supabase, type SupabaseClient } from '@/lib/supabase'

export interface MyCertificate {
  id: string
  code: string
  courseId: string
  issuedAt: string
  revokedAt: string | null
  courseTitle: string
  schoolName: string
  hours: number
}

export const certificateKeys = {
  all: ['certificates'] as const,
  mine: (userId: string) => [...certificateKeys.all, 'mine', userId] as const,
  verify: (code: string) => [...certificateKeys.all, 'verify', code] as const,
  course: (courseId: string) => [...certificateKeys.all, 'course', courseId] as const,
}

interface SnapshotJson {
  course_title?: string
  school_name?: string
  hours?: number | string
}

export async function listMyCertificates(client: SupabaseClient, userId: string): Promise<MyCertificate[]> {
  // Named columns: the revocation's reason is not granted to learners, so `*` would be refused.
  const { data, error } = await client
    .from('certificates')
    .select('id, code, course_id, issued_at, revoked_at, snapshot')
    .eq('user_id', userId)
    .order('issued_at', { ascending: false })
  if (error) throw error
  return data.map((row) => {
    const snapshot = (row.snapshot ?? {}) as SnapshotJson
    return {
      id: row.id,
      code: row.code,
      courseId: row.course_id,
      issuedAt: row.issued_at,
      revokedAt: row.revoked_at,
      courseTitle: snapshot.course_title ?? '',
      schoolName: snapshot.school_name ?? '',
      hours: Number(snapshot.hours ?? 0),
    }
  })
}

export const myCertificatesQuery = (userId: string) =>
  queryOptions({
    queryKey: certificateKeys.mine(userId),
    queryFn: () => listMyCertificates(supabase, userId),
  })
