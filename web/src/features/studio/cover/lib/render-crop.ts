// Draws the chosen part of an image onto a canvas at the cover's size and encodes it, in the browser: the upload
// is the cropped cover itself, never the original file (which may be larger or carry location metadata).
import { coverOutput, type SourceRect } from './crop'

export function drawCrop(canvas: HTMLCanvasElement, image: CanvasImageSource, rect: SourceRect): void {
  const context = canvas.getContext('2d')
  if (!context) return
  context.imageSmoothingQuality = 'high'
  context.clearRect(0, 0, canvas.width, canvas.height)
  context.drawImage(image, rect.x, rect.y, rect.width, rect.height, 0, 0, canvas.width, canvas.height)
}

/** The cropped image as a JPEG at the cover's size, or at `output` (a school's square logo). */
export async function renderCover(
  image: CanvasImageSource,
  rect: SourceRect,
  output: { width: number; height: number } = coverOutput,
): Promise<Blob> {
  const canvas = document.createElement('canvas')
  canvas.width = output.width
  canvas.height = output.height
  const context = canvas.getContext('2d')
  if (!context) throw new Error('This browser cannot draw images.')
  // JPEG has no transparency: a white ground keeps transparent PNGs from turning black.
  context.fillStyle = '#ffffff'
  context.fillRect(0, 0, canvas.width, canvas.height)
  context.imageSmoothingQuality = 'high'
  context.drawImage(image, rect.x, rect.y, rect.width, rect.height, 0, 0, canvas.width, canvas.height)
  return await new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The cover could not be encoded.'))),
      'image/jpeg',
      0.88,
    )
  })
}
