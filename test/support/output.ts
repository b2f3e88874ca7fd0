/** Everything this process writes to stdout and stderr from now until `stop()`, which returns it. */
export function captureOutput() {
  const chunks: string[] = [];
  const streams = [process.stdout, process.stderr] as const;
  const originals = streams.map((stream) => stream.write);
  for (const stream of streams) {
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
      const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      callback?.();
      return true;
    }) as typeof stream.write;
  }
  return {
    /** What was written so far (capture goes on). */
    peek: () => chunks.join(''),
    stop: () => {
      streams.forEach((stream, i) => {
        stream.write = originals[i] as typeof stream.write;
      });
      return chunks.join('');
    },
  };
}

/** The JSON object lines of captured output (anything else is left out). */
export function jsonLines(text: string): Record<string, any>[] {
  return text.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) return [];
    try {
      return [JSON.parse(line) as Record<string, any>];
    } catch {
      return [];
    }
  });
}
