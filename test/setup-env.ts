import '../src/rpc/zod.ts';
