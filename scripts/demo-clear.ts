// `npm run demo:clear`: remove the demo world (docs/demo.md) from the configured database and its pictures from media
// storage. The demo accounts, every real record and the reference catalogue stay; the next start does not seed the
// world again (`npm run seed` does). Stop the server first on the embedded database (it holds the data directory).
import { createAppServices, loadConfig, openAppDatabase } from '@meridian/core'
import { clearDemoWorld } from '@meridian/core/seed'

const config = loadConfig()
const handle = await openAppDatabase(config)
try {
  const app = createAppServices(handle, config)
  const cleared = await clearDemoWorld(app)
  if (!cleared) {
    console.log('No demo data to remove.')
  } else {
    const total = Object.values(cleared.removed).reduce((a, b) => a + b, 0)
    const tables = Object.entries(cleared.removed)
      .sort((a, b) => b[1] - a[1])
      .map(([table, n]) => `${table} ${n}`)
      .join(', ')
    console.log(`Demo data removed: ${total} rows (${tables}); ${cleared.files} pictures; ${cleared.restored} changed records put back.`)
    const kept = Object.entries(cleared.kept)
    if (kept.length) {
      console.log(`Kept because real records use them: ${kept.map(([table, n]) => `${table} ${n}`).join(', ')}. Run it again once those records are gone.`)
    }
    console.log('The accounts and the reference catalogue are unchanged. `npm run seed` brings the demo world back.')
  }
} finally {
  await handle.close()
}
