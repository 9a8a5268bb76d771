// `npm run seed`: demo data for the configured database — one account per role (password meridian-demo).
// Safe to run twice: existing accounts are kept as they are.
import { DEMO_PASSWORD, loadConfig, openAppDatabase, seedDemoUsers } from '@meridian/core'

const config = loadConfig()
const handle = await openAppDatabase(config)
try {
  const created = await seedDemoUsers(handle.db)
  console.log(
    created.length
      ? `Created demo accounts ${created.join(', ')} (password "${DEMO_PASSWORD}").`
      : 'Demo accounts already exist; nothing to do.',
  )
} finally {
  await handle.close()
}
