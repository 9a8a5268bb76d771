import { vitePlugin as remix } from '@remix-run/dev'
import { defineConfig } from 'vite'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    remix({ future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_singleFetch: true, v3_lazyRouteDiscovery: true } }),
  ],
  // Mantine is bundled into the server build: loading its ~600 ESM files one by one at start-up costs
  // seconds of CPU (measured by scripts/bench). The production server build leaves the workspace packages
  // (@meridian/*, any subpath) as imports: the server bundle (scripts/build-server.mjs) takes this build in and
  // resolves them to the modules the server itself loads, so a process holds one copy of the domain code, not two.
  // The dev server bundles them (TypeScript sources). Shared state (database, sessions) reaches the routes through
  // the load context either way.
  ssr: { noExternal: [/^@mantine\//] },
  ...(isSsrBuild ? { build: { rollupOptions: { external: [/^@meridian\//] } } } : {}),
  server: { port: 3000 },
}))
