import { createCallerFactory, router } from './init.ts'
import { authRouter } from './routers/auth.ts'

export const appRouter = router({
  auth: authRouter,
})

export type AppRouter = typeof appRouter
export const createCaller = createCallerFactory(appRouter)
