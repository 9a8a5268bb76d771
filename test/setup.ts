import { inject } from 'vitest'
import { PGLITE_TEMPLATE_ENV } from '@meridian/db/testing'

// createTestDatabase reads the template's path from the environment; the global setup hands it over here.
const template = inject('pgliteTemplate')
if (template) process.env[PGLITE_TEMPLATE_ENV] = template
