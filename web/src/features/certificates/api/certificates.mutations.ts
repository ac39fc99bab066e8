// Certificate actions: a signed URL of the PDF (rendered on first use), for the learner by course or anyone by code.
import { useMutation } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { getCertificatePdf } from './certificates.api'

export function useCertificatePdf() {
  return useMutation({
    mutationFn: (by: { courseId: string } | { code: string }) => getCertificatePdf(supabase, by),
  })
}
