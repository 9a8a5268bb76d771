export { createLogger, defaultLogSettings, installServerLogger, type Logger, routeConsoleTo, serverLogger } from './logger.ts'
export { noteRequestUser, requestUserOf } from './request-user.ts'
