/**
 * CPU time this process spent (user + system, every thread: V8's compiler and GC threads too) since
 * the last take. A server process adds it to its `usage` answer, so the bench can set the API's CPU
 * per request against the floor's: on one shared machine DynamoDB Local's latency sits in both
 * sides' p50, but only our own code burns CPU in our process, and CPU is what a Lambda bills.
 */
export function cpuMeter(): { take(): number } {
  let since = process.cpuUsage();
  return {
    /** Milliseconds of CPU since the last take (or since the meter was made). */
    take: () => {
      const spent = process.cpuUsage(since);
      since = process.cpuUsage();
      return (spent.user + spent.system) / 1000;
    },
  };
}
