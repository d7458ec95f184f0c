import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** JSON answers at least this long are compressed; below it the saving is smaller than the cost. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Compresses JSON answers (REST and tRPC) with brotli or gzip. Server-Sent Events (the chat stream) must
 * never be: a compressor holds events back until its buffer fills, and `text/event-stream` is neither
 * JSON nor among mime-db's compressible types, the only other ones the plugin compresses. The client's
 * files come compressed from the build (client-assets.ts), so the plugin leaves them alone. Compressed
 * request bodies are refused: no client sends them, and a small one could inflate past the body limits.
 */
export async function registerCompression(app: FastifyInstance) {
  app.addHook('onSend', settleTrpcAnswer);
  await app.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/json(;|$)/,
    globalDecompression: false,
  });
}

const isFetchResponse = (payload: unknown): payload is Response =>
  typeof payload === 'object' &&
  payload !== null &&
  Object.prototype.toString.call(payload) === '[object Response]';

/**
 * tRPC answers come as fetch Responses, which the compressor can only take as streams of unknown length:
 * it compressed every one, a 60-byte tap answer included (brotli, about 0.8 ms of CPU each on the 2-core
 * machine: docs/decisions/017). The JSON answer of a batch call is read into a string here, before the
 * compressor (an instance hook runs before the plugin's route hooks), so the threshold applies to it as
 * to REST answers. Streams stay streams: SSE subscriptions, and batches asked for as a stream
 * (`trpc-accept`).
 */
async function settleTrpcAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (!isFetchResponse(payload) || request.headers['trpc-accept'] !== undefined) return payload;
  if (!/^application\/json(;|$)/.test(payload.headers.get('content-type') ?? '')) return payload;
  reply.code(payload.status);
  for (const [name, value] of payload.headers) reply.header(name, value);
  return payload.text();
}
