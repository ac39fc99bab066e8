// The upload benchmark's side of the IPC with storage-server.ts (the Storage service in its own process): ask it to
// start a memory measurement ("mark") or to report its baseline and peak resident memory since then ("report").
import type { ChildProcess } from 'node:child_process'

export interface Report {
  type: string
  port?: number
  baseline?: number
  peak?: number
}

/** Sends `type` (none: just wait) and resolves with the first message of type `answer`. */
export function ask(server: ChildProcess, type: string, answer: string): Promise<Report> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`storage server exited (${code})`))
    const onMessage = (message: Report) => {
      if (message.type !== answer) return
      server.off('message', onMessage)
      server.off('exit', onExit)
      resolve(message)
    }
    server.on('message', onMessage)
    server.once('exit', onExit)
    if (type) server.send({ type })
  })
}
