import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

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
  await app.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/json(;|$)/,
    globalDecompression: false,
  });
}
