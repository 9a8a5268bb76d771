export { appRouter, createCaller, type AppRouter } from './router.ts'
export { createTrpcHandler, TRPC_PREFIX } from './handler.ts'
export { createTrpcContext, type TrpcContext } from './init.ts'
