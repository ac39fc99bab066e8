// The outbox that holds progress writes the API could not receive: the shared outbox (lib/outbox) with progress's
// entries (see progress-queue), one per lesson, kept per signed-in user and sent in order when the connection is back.
import { Outbox, type OutboxDeps, type OutboxState as SharedOutboxState } from '@/lib/outbox/outbox'
import { progressQueueKind, type QueuedSave } from './progress-queue'

export type OutboxState = SharedOutboxState<QueuedSave>

export class ProgressOutbox<Result = unknown> extends Outbox<QueuedSave, Result> {
  constructor(deps: OutboxDeps<QueuedSave, Result>) {
    super(progressQueueKind, deps)
  }

  pending(lessonId: string): QueuedSave | undefined {
    return this.getState().queue.find((entry) => entry.lesson_id === lessonId)
  }
}
