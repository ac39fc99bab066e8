// The image an editor is about to crop (a course cover, a school logo): a chosen file checked against the cover
// rules and decoded through an object URL, released when another is chosen, the choice is dropped or the editor
// closes; the crop starts over with each new image.
import { useEffect, useState } from 'react'
import { coverFileProblem, coverRules } from '../lib/cover-rules'
import { initialCrop, type CropState } from '../lib/crop'

export function useImageToCrop() {
  const [image, setImage] = useState<HTMLImageElement | null>(null)
  const [crop, setCrop] = useState<CropState>(initialCrop)

  useEffect(() => {
    if (!image) return
    return () => URL.revokeObjectURL(image.src)
  }, [image])

  /** Reads the file as the image to crop; the reason it cannot be used, or null. */
  const choose = async (file: File): Promise<string | null> => {
    const problem = coverFileProblem(file)
    if (problem) return problem
    const element = new Image()
    element.src = URL.createObjectURL(file)
    try {
      await element.decode()
    } catch {
      URL.revokeObjectURL(element.src)
      return coverRules.unreadable
    }
    setCrop(initialCrop)
    setImage(element)
    return null
  }

  return { image, crop, setCrop, choose, clear: () => setImage(null) }
}
