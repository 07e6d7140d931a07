/**
 * Failed job runs of this process, for GET /metrics. Kept here, outside any app instance: the job workers
 * belong to the process, not to the HTTP app that serves the metrics. `final`: no retry is left.
 */
const counts = new Map<string, { retried: number; final: number }>();

export function countJobFailure(jobId: string, final: boolean): void {
  const count = counts.get(jobId) ?? { retried: 0, final: 0 };
  if (final) count.final += 1;
  else count.retried += 1;
  counts.set(jobId, count);
}

export function jobFailureCounts(): ReadonlyMap<string, { retried: number; final: number }> {
  return counts;
}
