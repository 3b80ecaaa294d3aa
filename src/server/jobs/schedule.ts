// Runs a job now and then every intervalMs, never two runs at once. A failed run is logged
// and retried next time, never fatal. Returns a stop function for shutdown.
export function every(intervalMs: number, job: () => Promise<void>, log: (err: unknown) => void): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await job();
    } catch (err) {
      log(err);
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
