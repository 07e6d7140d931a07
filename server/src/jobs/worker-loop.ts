import { isDatabaseUnavailable } from '../db/connection-errors';

export interface WorkerLoopOptions<T> {
  /** The next due job, or null when there is none. */
  fetch(): Promise<T | null>;
  /** Runs the job: resolving means done, throwing means failed (pg-boss retries it with backoff). */
  run(item: T): Promise<void>;
  complete(item: T): Promise<void>;
  fail(item: T, error: unknown): Promise<void>;
  /** Between polls of an idle worker. */
  pollingMs: number;
  log(message: string): void;
}

export interface WorkerLoop {
  /** Settles once the loop has looked for work the first time, whether it found some or not. */
  polled: Promise<void>;
  /** Looks for work now instead of at the next poll. */
  wake(): void;
  /** Lets the running job finish, then ends the loop. */
  stop(): Promise<void>;
}

/** Waits after a failed poll: 1, 2, 4, 5, 5 … s, so that a database back from a restart is used within 5 s. */
function backoffMs(failures: number): number {
  return Math.min(1000 * 2 ** (failures - 1), 5000);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * One polling worker of one job. Unlike pg-boss's own `work()`, which completes or fails a job without
 * waiting for the answer (while the database is away that rejection is unhandled and ends the process),
 * every database call is awaited here: a failed poll is retried with backoff, and the outcome of a job that
 * ran is written as soon as the database is back, so that the job is neither lost nor run twice.
 */
export function startWorkerLoop<T>(options: WorkerLoopOptions<T>): WorkerLoop {
  let stopping = false;
  let woken = false;
  let endPause: (() => void) | null = null;
  let firstPollDone = () => {};
  const polled = new Promise<void>((resolve) => {
    firstPollDone = resolve;
  });

  function pause(ms: number): Promise<void> {
    if (woken || stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        endPause = null;
        resolve();
      }
      endPause = done;
    });
  }

  /** Writes the outcome; retried while the database is away, given up on stop (pg-boss expires the job then). */
  async function settle(item: T, failure: { error: unknown } | null): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        if (failure) await options.fail(item, failure.error);
        else await options.complete(item);
        return;
      } catch (error) {
        if (!isDatabaseUnavailable(error) || stopping) {
          options.log(`Hintergrundaufgaben: Ergebnis nicht gespeichert: ${messageOf(error)}`);
          return;
        }
        if (attempt === 1)
          options.log('Hintergrundaufgaben: Datenbank nicht erreichbar, Ergebnis wird nachgetragen.');
        woken = false;
        await pause(backoffMs(attempt));
      }
    }
  }

  async function loop(): Promise<void> {
    let failures = 0;
    while (!stopping) {
      woken = false;
      let item: T | null;
      try {
        item = await options.fetch();
        failures = 0;
        firstPollDone();
      } catch (error) {
        firstPollDone();
        failures++;
        // One line per outage, not one per poll.
        if (failures === 1) options.log(`Hintergrundaufgaben: ${messageOf(error)}`);
        await pause(backoffMs(failures));
        continue;
      }
      if (!item) {
        await pause(options.pollingMs);
        continue;
      }
      let failure: { error: unknown } | null = null;
      try {
        await options.run(item);
      } catch (error) {
        failure = { error };
      }
      await settle(item, failure);
    }
  }

  const running = loop();
  return {
    polled,
    wake() {
      woken = true;
      endPause?.();
    },
    async stop() {
      stopping = true;
      endPause?.();
      await running;
    },
  };
}
