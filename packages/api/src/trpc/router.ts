import { createCallerFactory, router } from './init.ts'
import { operationRouters } from '../operations/index.ts'

/** Every namespace's procedures, from the operation tables (operations/index.ts). */
export const appRouter = router(operationRouters())

export type AppRouter = typeof appRouter
export const createCaller = createCallerFactory(appRouter)
