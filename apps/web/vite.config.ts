import { vitePlugin as remix } from '@remix-run/dev'
import { defineConfig } from 'vite'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

export default defineConfig({
  plugins: [
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
  // Mantine is bundled into the server build: loading its ~600 ESM files one by one at start-up costs
  // seconds of CPU (measured by scripts/bench). Workspace packages (TypeScript sources) are bundled too;
  // shared state (database, sessions) reaches the routes through the load context, never module singletons.
  ssr: { noExternal: [/^@mantine\//] },
  server: { port: 3000 },
})
