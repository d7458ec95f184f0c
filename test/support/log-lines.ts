/**
 * A logger destination that keeps what the server logs, one parsed JSON line each (LOG_LEVEL and
 * NODE_ENV must make the logger write JSON: any NODE_ENV but development).
 */
export function logLines() {
  const lines: Record<string, unknown>[] = [];
  let text = '';
  return {
    lines,
    /** Everything written, as written. */
    get text() {
      return text;
    },
    destination: {
      write(line: string) {
        text += line;
        lines.push(JSON.parse(line) as Record<string, unknown>);
      },
    },
  };
}
