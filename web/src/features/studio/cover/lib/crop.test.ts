// Tests of the cover crop: the frame is 16:9 at every zoom, starts centred and as large as fits, never leaves the
// image, and moves by a share of its own size.
import { describe, expect, it } from 'vitest'
import { clampCrop, initialCrop, maxZoom, moveCrop, sourceRect, zoomCrop } from './crop'

describe('sourceRect', () => {
  it('takes the full width of a tall image, centred, at 16:9', () => {
    expect(sourceRect(initialCrop, 1600, 1600)).toEqual({ x: 0, y: 350, width: 1600, height: 900 })
  })

  it('takes the full height of a wide image, centred', () => {
    expect(sourceRect(initialCrop, 4000, 900)).toEqual({ x: 1200, y: 0, width: 1600, height: 900 })
  })

  it('shrinks the frame around its centre when zooming in', () => {
    const rect = sourceRect({ zoom: 2, centerX: 0.5, centerY: 0.5 }, 1600, 900)
    expect(rect).toEqual({ x: 400, y: 225, width: 800, height: 450 })
    expect(rect.width / rect.height).toBeCloseTo(16 / 9)
  })

  it('keeps the frame inside the image whatever centre it is given', () => {
    const rect = sourceRect({ zoom: 2, centerX: 0, centerY: 1 }, 1600, 900)
    expect(rect).toEqual({ x: 0, y: 450, width: 800, height: 450 })
  })
})

describe('moving and zooming', () => {
  it('moves by a share of the frame and stops at the edge', () => {
    const zoomed = zoomCrop(initialCrop, 2, 1600, 900)
    const moved = moveCrop(zoomed, 0.1, 0, 1600, 900)
    expect(sourceRect(moved, 1600, 900).x).toBeCloseTo(480)
    const far = moveCrop(zoomed, 5, 5, 1600, 900)
    expect(sourceRect(far, 1600, 900)).toEqual({ x: 800, y: 450, width: 800, height: 450 })
  })

  it('does not move at zoom 1 along an axis the frame fills', () => {
    expect(moveCrop(initialCrop, 0.5, 0, 1600, 900)).toEqual(initialCrop)
  })

  it('keeps the zoom between 1 and the maximum', () => {
    expect(clampCrop({ zoom: 0.2, centerX: 0.5, centerY: 0.5 }, 100, 100).zoom).toBe(1)
    expect(zoomCrop(initialCrop, 99, 100, 100).zoom).toBe(maxZoom)
  })

  it('pulls the centre back in when zooming out near an edge', () => {
    const nearEdge = moveCrop(zoomCrop(initialCrop, 4, 1600, 900), -10, 0, 1600, 900)
    const out = zoomCrop(nearEdge, 1, 1600, 900)
    expect(out.centerX).toBeCloseTo(0.5)
  })
})
