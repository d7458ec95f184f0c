/**
 * Opens a tRPC subscription over SSE like a browser's EventSource would, and collects the data of its
 * events. `next(predicate)` waits for the first event matching it; `ended` settles when the server
 * closes the stream (or it is closed here).
 */
export async function openSse(url: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(url, {
    // Browsers accept compressed answers on streams too; the server must not take them up on it.
    headers: { cookie, accept: 'text/event-stream', 'accept-encoding': 'gzip, deflate, br, zstd' },
    signal: controller.signal,
  });
  if (!response.ok || !response.body)
    throw new Error(`SSE refused: ${response.status} ${await response.text()}`);
  const events: { event: string; id?: string; data: unknown }[] = [];
  const waiters: (() => void)[] = [];
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    let buffer = '';
    try {
      while (true) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => line.includes(':') && !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
          );
          if (fields.data !== undefined) {
            // tRPC's closing `return` event carries no data.
            const data = fields.data === '' ? null : JSON.parse(fields.data);
            events.push({ event: fields.event ?? 'message', id: fields.id, data });
            for (const wake of waiters.splice(0)) wake();
          }
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    events,
    ended,
    async next(predicate: (data: unknown, event: string) => boolean, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (true) {
        const found = events.find((event) => predicate(event.data, event.event));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching SSE event; got ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => controller.abort(),
  };
}
