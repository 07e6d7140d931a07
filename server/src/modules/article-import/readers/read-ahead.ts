/**
 * Runs `source` up to `depth` items ahead of its consumer. The import awaits the database between chunks (a
 * COPY in flight); meanwhile the next chunks are parsed in the event loop's idle time instead of only when
 * asked for. Memory stays at `depth` chunks. Ending early (the header row was found) ends the source too.
 */
export async function* readAhead<T>(source: AsyncGenerator<T>, depth: number): AsyncGenerator<T> {
  // An async generator serves next() calls one after another: these only queue the work.
  const queue: Promise<IteratorResult<T>>[] = [];
  const fill = () => {
    while (queue.length < depth) queue.push(source.next());
  };
  try {
    fill();
    for (;;) {
      const result = await queue.shift()!;
      if (result.done) return;
      fill();
      yield result.value;
    }
  } finally {
    // A failure in a chunk nobody will take is not an unhandled rejection.
    for (const pending of queue) pending.catch(() => {});
    await source.return(undefined);
  }
}
