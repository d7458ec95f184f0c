/** The kinds of refusal the domain knows; each maps to the tRPC code of the same name (and its HTTP status). */
export type DomainErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'PAYLOAD_TOO_LARGE'
  /** Over for good (a meet that ended or was cancelled): REST answers 410; tRPC, which has no such code, 412. */
  | 'GONE';

/**
 * A refusal the caller should read: its Italian message goes out as is. Domain code throws it and knows
 * nothing of the transports; the base procedure (src/rpc/trpc.ts) turns it into a tRPC error, and REST
 * answers from that.
 */
export class DomainError extends Error {
  readonly code: DomainErrorCode;

  constructor(code: DomainErrorCode, message: string) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
  }
}
