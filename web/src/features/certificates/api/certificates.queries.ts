// Certificate queries (TkDodo's pattern): keys from lib/certificates (the home page reads the learner's list too),
// every input of a query function in its key. A code that is not found is final: no retry.
import { queryOptions } from '@tanstack/react-query'
import { certificateKeys, myCertificatesQuery } from '@/lib/certificates/my-certificates'
import { errorCode } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { listOtherSchoolCourses, verifyCertificate } from './certificates.api'

const finalCodes = new Set(['certificate_not_found', 'rate_limited', 'forbidden', 'not_signed_in'])

export const certificateQueries = {
  mine: myCertificatesQuery,
  verify: (code: string) =>
    queryOptions({
      queryKey: certificateKeys.verify(code),
      queryFn: () => verifyCertificate(supabase, code),
      retry: (count, error) => !finalCodes.has(errorCode(error) ?? '') && count < 1,
    }),
  nextCourses: (schoolId: string, courseId: string) =>
    queryOptions({
      queryKey: [...certificateKeys.all, 'next-courses', schoolId, courseId] as const,
      queryFn: () => listOtherSchoolCourses(supabase, schoolId, courseId),
    }),
}
