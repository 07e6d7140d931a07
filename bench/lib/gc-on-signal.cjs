// Preloaded into a measured server process (node --expose-gc --require …): SIGUSR2 runs a full garbage
// collection, so a bench reads the memory that is really held, not garbage waiting to be collected.
process.on('SIGUSR2', () => {
  if (typeof global.gc === 'function') global.gc();
});
