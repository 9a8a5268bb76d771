import type { AppServices } from '@meridian/core'

declare module '@remix-run/node' {
  interface AppLoadContext {
    app: AppServices
  }
}

export {}
