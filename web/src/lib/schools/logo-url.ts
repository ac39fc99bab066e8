// School logo URLs: logos are square images in the public course-covers bucket under schools/{school_id}/, asked
// for at the size shown (1x and 2x) through Storage's image transformations, with the original as the fallback.
import { supabase } from '@/lib/supabase'

export const logoBucket = 'course-covers'

export function logoUrl(path: string): string {
  return supabase.storage.from(logoBucket).getPublicUrl(path).data.publicUrl
}

export function logoSources(path: string, size: number): { src: string; srcSet: string } {
  const files = supabase.storage.from(logoBucket)
  const at = (scale: number) =>
    files.getPublicUrl(path, { transform: { width: size * scale, height: size * scale, resize: 'cover' } }).data
      .publicUrl
  return { src: at(1), srcSet: `${at(1)} 1x, ${at(2)} 2x` }
}
