/**
 * Group commit for the hot tables: one writer transaction at a time, and the batches that arrive while it runs wait
 * and then go into the next transaction together.
 *
 * Why: a commit costs about the same whatever it holds — SQLite writes every page the batch dirtied to the WAL, and a
 * catch touches a leaf page in each read index (decision 0012), so 500 catches dirty hundreds of pages; four batches
 * in one commit dirty barely more than one. Measured on this machine, 2,000 rows per commit insert 2.5× faster than
 * 500. SQLite has a single writer anyway, so queueing here costs nothing that the write lock would not; an idle
 * writer starts a job at once, so a lone batch waits for nobody.
 *
 * A group fails as a whole (a busy database): every job in it is rejected, nothing of it is stored, and each caller
 * answers 503 so its logger re-sends — which is safe, uploads being idempotent.
 */

/** What a queue reports as it works (the metrics: decision 0027); it knows nothing of how that is counted. */
export interface GroupCommitObserver {
  /** Batches waiting for a transaction, after each change. */
  depth(waiting: number): void;
  /** One group's transaction took `ms` (committed or failed). */
  committed(ms: number): void;
}

interface Waiting<J, R> {
  job: J;
  size: number;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export class GroupCommit<J, R> {
  private readonly queue: Waiting<J, R>[] = [];
  private running = false;

  /**
   * @param commit writes the jobs in one transaction and answers one result per job, in order.
   * @param maxSize a group holds jobs up to this total size (rows), so one commit never holds the lock for long;
   *   a single job larger than it still goes alone.
   * @param observer told the queue's depth and each group's commit time.
   */
  constructor(
    private readonly commit: (jobs: J[]) => Promise<R[]>,
    private readonly maxSize: number,
    private readonly observer?: GroupCommitObserver,
  ) {}

  /** Resolves with the job's result once the transaction holding it has committed. */
  submit(job: J, size: number): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ job, size, resolve, reject });
      this.observer?.depth(this.queue.length);
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    while (this.queue.length > 0) {
      const group = this.takeGroup();
      this.observer?.depth(this.queue.length);
      const started = performance.now();
      try {
        const results = await this.commit(group.map((waiting) => waiting.job));
        this.observer?.committed(performance.now() - started);
        group.forEach((waiting, i) => waiting.resolve(results[i]!));
      } catch (error) {
        this.observer?.committed(performance.now() - started);
        for (const waiting of group) waiting.reject(error);
      }
    }
    this.running = false;
  }

  private takeGroup(): Waiting<J, R>[] {
    let size = this.queue[0]!.size;
    let count = 1;
    while (count < this.queue.length && size + this.queue[count]!.size <= this.maxSize) {
      size += this.queue[count]!.size;
      count += 1;
    }
    return this.queue.splice(0, count);
  }
}
