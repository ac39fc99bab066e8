// The life of one resumable upload as a pure reducer: choosing a file, sending it (with speed samples), the
// connection dropping (the client retries on its own, then waits for the browser to come back online), pause and
// resume, saving the result into the lesson, done or failed. The hook feeds it the TUS client's callbacks.
import { addSample, secondsLeft, speedOf, type TransferSample } from './transfer-meter'

interface Transfer {
  name: string
  total: number
  sent: number
  samples: readonly TransferSample[]
}

export type UploadState =
  | { phase: 'idle' }
  | ({ phase: 'uploading' } & Transfer)
  /** The connection dropped; the client is trying again by itself. */
  | ({ phase: 'retrying'; attempt: number } & Transfer)
  /** The retries ran out or the browser is offline: the upload waits to be resumed (by hand or when online). */
  | ({ phase: 'interrupted' } & Transfer)
  | ({ phase: 'paused' } & Transfer)
  /** Every byte is stored; the lesson is being pointed at the new file. */
  | { phase: 'saving'; name: string; total: number }
  | { phase: 'done'; name: string; total: number }
  | { phase: 'failed'; name: string; message: string }

export type UploadEvent =
  | { type: 'start'; name: string; total: number }
  | { type: 'progress'; sent: number; at: number }
  | { type: 'retry'; attempt: number }
  | { type: 'interrupted' }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'stored' }
  | { type: 'saved' }
  | { type: 'fail'; message: string }
  | { type: 'reset' }

export const initialUploadState: UploadState = { phase: 'idle' }

const active = new Set(['uploading', 'retrying', 'interrupted', 'paused'])

function transferOf(state: UploadState): Transfer | null {
  return active.has(state.phase) ? (state as Transfer & { phase: string }) : null
}

export function uploadReducer(state: UploadState, event: UploadEvent): UploadState {
  const transfer = transferOf(state)
  switch (event.type) {
    case 'start':
      return { phase: 'uploading', name: event.name, total: event.total, sent: 0, samples: [] }
    case 'progress': {
      // Late progress from a request that was paused or cut is not news.
      if (!transfer || (state.phase !== 'uploading' && state.phase !== 'retrying')) return state
      const sent = Math.min(event.sent, transfer.total)
      const { name, total } = transfer
      return {
        phase: 'uploading',
        name,
        total,
        sent,
        samples: addSample(transfer.samples, { at: event.at, bytes: sent }),
      }
    }
    case 'retry':
      return transfer && state.phase !== 'paused' ? { ...transfer, phase: 'retrying', attempt: event.attempt } : state
    case 'interrupted':
      return transfer && state.phase !== 'paused' ? { ...transfer, phase: 'interrupted' } : state
    case 'pause':
      return transfer ? { ...transfer, phase: 'paused' } : state
    case 'resume':
      // Speed starts over: the time spent paused or offline says nothing about the network.
      return transfer && (state.phase === 'paused' || state.phase === 'interrupted')
        ? { name: transfer.name, total: transfer.total, sent: transfer.sent, samples: [], phase: 'uploading' }
        : state
    case 'stored':
      return transfer ? { phase: 'saving', name: transfer.name, total: transfer.total } : state
    case 'saved':
      return state.phase === 'saving' ? { phase: 'done', name: state.name, total: state.total } : state
    case 'fail':
      return { phase: 'failed', name: 'name' in state ? state.name : '', message: event.message }
    case 'reset':
      return initialUploadState
  }
}

export interface UploadFigures {
  /** 0-100. */
  percent: number
  sent: number
  total: number
  bytesPerSecond: number | null
  secondsLeft: number | null
}

/** What the progress bar shows; null when nothing is being sent. */
export function figuresOf(state: UploadState): UploadFigures | null {
  const transfer = transferOf(state)
  if (!transfer) return null
  const speed = state.phase === 'uploading' ? speedOf(transfer.samples) : null
  return {
    percent: transfer.total > 0 ? (transfer.sent / transfer.total) * 100 : 0,
    sent: transfer.sent,
    total: transfer.total,
    bytesPerSecond: speed,
    secondsLeft: secondsLeft(transfer.total, transfer.sent, speed),
  }
}

/** Whether a failed request is worth repeating: no answer (network), a server error, or tus' lock conflicts. */
export function isRetryableStatus(status: number | undefined): boolean {
  return status === undefined || status === 0 || status >= 500 || status === 409 || status === 423
}

/** The storage service's refusal of an upload as a sentence. */
export function refusalMessage(status: number | undefined, body = ''): string {
  if (status === 413) return 'This file is larger than the course media limit (500 MB).'
  if (status === 415) return 'This type of file is not accepted here.'
  if (status === 401) return 'Your session has ended. Sign in again, then choose the file to resume.'
  if (status === 403 || /row-level security/i.test(body)) return 'You are not allowed to upload media to this lesson.'
  if (status === 404 || status === 410) return 'The unfinished upload has expired. Choose the file again to start over.'
  if (status === undefined || status === 0) return 'We could not reach Summit. Check your connection.'
  return 'The upload failed. Please try again.'
}
