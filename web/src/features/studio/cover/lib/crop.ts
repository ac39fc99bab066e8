// The cover crop in the browser: which rectangle of the chosen image becomes the cover, at the course card's 16:9
// (or another aspect: a school's logo is square). The frame covers the image at zoom 1 (the largest rectangle of
// the aspect that fits) and shrinks as the author zooms in; its centre moves by dragging or the arrow keys and is
// always kept inside the image.

/** The course card's cover ratio (CourseCover is aspect-video) and the pixels a cover is saved at. */
export const coverAspect = 16 / 9
export const coverOutput = { width: 1280, height: 720 } as const
export const maxZoom = 4

export interface CropState {
  /** 1 (the whole width or height) to maxZoom. */
  zoom: number
  /** The frame's centre, as a fraction of the image's width and height. */
  centerX: number
  centerY: number
}

export interface SourceRect {
  x: number
  y: number
  width: number
  height: number
}

export const initialCrop: CropState = { zoom: 1, centerX: 0.5, centerY: 0.5 }

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

/** The frame's size in image pixels at a zoom: the largest rectangle of the aspect that fits, divided by the zoom. */
function frameSize(imageWidth: number, imageHeight: number, zoom: number, aspect: number) {
  const fitWidth = Math.min(imageWidth, imageHeight * aspect)
  const z = clamp(zoom, 1, maxZoom)
  return { width: fitWidth / z, height: fitWidth / aspect / z }
}

/** The crop with its zoom in range and its centre moved back inside the image if the frame would stick out. */
export function clampCrop(
  crop: CropState,
  imageWidth: number,
  imageHeight: number,
  aspect: number = coverAspect,
): CropState {
  const zoom = clamp(crop.zoom, 1, maxZoom)
  const { width, height } = frameSize(imageWidth, imageHeight, zoom, aspect)
  const halfX = width / 2 / imageWidth
  const halfY = height / 2 / imageHeight
  return { zoom, centerX: clamp(crop.centerX, halfX, 1 - halfX), centerY: clamp(crop.centerY, halfY, 1 - halfY) }
}

/** The rectangle of the image (in its pixels) that the crop keeps. */
export function sourceRect(
  crop: CropState,
  imageWidth: number,
  imageHeight: number,
  aspect: number = coverAspect,
): SourceRect {
  const safe = clampCrop(crop, imageWidth, imageHeight, aspect)
  const { width, height } = frameSize(imageWidth, imageHeight, safe.zoom, aspect)
  return {
    x: safe.centerX * imageWidth - width / 2,
    y: safe.centerY * imageHeight - height / 2,
    width,
    height,
  }
}

/**
 * Moves the frame by a distance measured in frame widths and heights (a drag across the whole preview is 1; an
 * arrow key a tenth), so the feel is the same at every zoom.
 */
export function moveCrop(
  crop: CropState,
  dx: number,
  dy: number,
  imageWidth: number,
  imageHeight: number,
  aspect: number = coverAspect,
): CropState {
  const { width, height } = frameSize(imageWidth, imageHeight, crop.zoom, aspect)
  return clampCrop(
    { ...crop, centerX: crop.centerX + (dx * width) / imageWidth, centerY: crop.centerY + (dy * height) / imageHeight },
    imageWidth,
    imageHeight,
    aspect,
  )
}

export function zoomCrop(
  crop: CropState,
  zoom: number,
  imageWidth: number,
  imageHeight: number,
  aspect: number = coverAspect,
): CropState {
  return clampCrop({ ...crop, zoom }, imageWidth, imageHeight, aspect)
}
