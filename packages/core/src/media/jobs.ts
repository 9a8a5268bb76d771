/**
 * The hand-off from upload (and reprocess) to the processing workers. Until a worker is attached the
 * items simply wait as pending rows: the database, not this object, is the queue of record.
 */
export interface MediaJobs {
  /** Ask for these items (committed as pending) to be processed. */
  enqueue(ids: number[]): Promise<void>
  /** Let a worker take over the hand-off (the in-process wake-up, or pg-boss). */
  attach(target: (ids: number[]) => Promise<void>): void
  detach(): void
}

export function createMediaJobs(): MediaJobs {
  let target: ((ids: number[]) => Promise<void>) | null = null
  return {
    async enqueue(ids) {
      if (ids.length && target) await target(ids)
    },
    attach(next) {
      target = next
    },
    detach() {
      target = null
    },
  }
}
