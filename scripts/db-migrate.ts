// `npm run db:migrate`: apply pending migrations to the configured database (DATABASE_URL, else PGlite in DATA_DIR).
import { loadConfig, openAppDatabase } from '@meridian/core'

const config = loadConfig()
const handle = await openAppDatabase(config)
console.log(`Migrations applied (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}).`)
await handle.close()
