import { TRPCClientError } from '@trpc/client';

/** The server's Italian message for a failed call, or the fallback the spec gives for that action. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError && typeof error.message === 'string' && error.message.trim() !== '') {
    // A network failure has no server message: say what the user can do instead.
    if (isNetworkFailure(error)) {
      return 'Connessione assente: controlla la rete e riprova';
    }
    // Only an error our server shaped carries an Italian message. Anything else (a proxy's HTML error
    // page, say) leaves the parser's English complaint in `message`: not for users.
    if (error.shape === undefined) return fallback;
    return error.message;
  }
  return fallback;
}

export function httpStatus(error: unknown): number | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const status = (error.data as { httpStatus?: unknown } | undefined)?.httpStatus;
  return typeof status === 'number' ? status : undefined;
}

/** No answer came at all: the request never reached the server or its answer never came back. */
export function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof TRPCClientError) || typeof error.message !== 'string') return false;
  // Chromium, Firefox and Safari word it differently.
  return (
    error.message === 'Failed to fetch' ||
    error.message.startsWith('NetworkError') ||
    error.message === 'Load failed'
  );
}
