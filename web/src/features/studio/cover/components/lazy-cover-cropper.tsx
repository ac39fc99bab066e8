// The crop frame (./cover-cropper) shows only once an image is chosen, so it is not in the first load of the pages
// that offer an upload (a course's cover, a school's logo): it loads once the page has loaded and the browser is idle,
// or when the first image is chosen if that comes sooner. A failed load is tried again at the next mount.
import { lazyRetrying } from '@/components/lazy-retrying'
import { LoadingBlocks } from '@/components/loading-blocks'
import { loadSoonAfterPageLoad } from '@/lib/after-page-load'
import type { CoverCropperProps } from './cover-cropper'

const loadCropper = loadSoonAfterPageLoad(() => import('./cover-cropper'))

export const LazyCoverCropper = lazyRetrying<CoverCropperProps>(
  () => loadCropper().then((m) => m.CoverCropper),
  <LoadingBlocks label="Loading the crop frame" blocks={['aspect-video w-full', 'h-11 w-full']} />,
)
