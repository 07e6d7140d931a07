/**
 * Runs `work` now (after a restart there is most to catch up on) and then every `intervalMs`, never two
 * rounds at once; a failed round is reported and the timer goes on. Returns the function that stops it.
 * The timer does not keep the process alive.
 */
export function repeatEvery(
  work: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: Error) => void,
): () => void {
  let running = false;
  const round = () => {
    if (running) return;
    running = true;
    work()
      .catch((error: unknown) => onError(error as Error))
      .finally(() => {
        running = false;
      });
  };
  round();
  const timer = setInterval(round, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
