/**
 * Work that runs after the answer has gone out: the account e-mails (a reset link, a notice) and what leads to them
 * (looking the address up, making the token). Starting it on a later turn of the event loop lets the route's answer
 * leave first, so an answer takes as long whether or not the work finds anything to do. Failures are logged, never
 * thrown: nobody is waiting for them. Closing the app drains the tasks still running.
 */
import type { FastifyBaseLogger } from 'fastify';

export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Runs `work` once the current request's answer has been written; `label` names it in the log if it fails. */
  run(label: string, work: () => Promise<void>): void {
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => this.log.error({ err: error, task: label }, 'background task failed'))
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  /** Resolves once every task has finished, those started while waiting included. */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
