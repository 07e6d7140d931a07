import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { type ResourceLimits, Worker } from 'node:worker_threads';

/**
 * Starts a worker thread. In the built server the worker is its own bundle (`built`, an entry of
 * server/build.mjs) next to `main.js` and every chunk; from the TypeScript sources (tests, `npm run dev`,
 * bench) it is `source` through tsx's require hook, because a worker on Node 20 does not inherit the loader
 * that runs the sources on the main thread. `resourceLimits`: the thread's heap limits (V8's defaults when absent).
 */
export function startWorker(
  built: string,
  source: URL,
  workerData: unknown,
  resourceLimits?: ResourceLimits,
): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    // Bundled, this code sits in main.js or a chunk beside it in dist/.
    return new Worker(new URL(`./${built}`, import.meta.url), { workerData, resourceLimits });
  }
  const tsx = JSON.stringify(createRequire(import.meta.url).resolve('tsx/cjs/api'));
  const entry = JSON.stringify(fileURLToPath(source));
  return new Worker(`require(${tsx}).require(${entry}, ${entry});`, {
    eval: true,
    workerData,
    resourceLimits,
  });
}

/**
 * The messages of `worker` in arrival order, as an endless stream the caller ends (return, or a message that
 * says "done"). A worker error, or the worker ending while the caller still waits, is thrown once the
 * messages before it are taken. Listens from the call on, so nothing sent before the first read is lost.
 */
export function messagesOf<T>(worker: Worker, lostMessage: string): AsyncGenerator<T> {
  const queue: T[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  worker.on('message', (message: T) => {
    queue.push(message);
    notify();
  });
  worker.on('error', (error) => {
    failure = error;
    notify();
  });
  worker.on('exit', () => {
    failure ??= new Error(lostMessage);
    notify();
  });
  return (async function* () {
    for (;;) {
      if (queue.length > 0) {
        yield queue.shift() as T;
        continue;
      }
      if (failure) throw failure;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  })();
}
