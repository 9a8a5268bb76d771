export { createLogger, defaultLogSettings, installServerLogger, type Logger, serverLogger } from './logger.ts'
export { noteRequestUser, requestUserOf } from './request-user.ts'
