import { loadServerBuild } from '../support/full-server.ts'
import { remixRoutes } from '../support/surface.ts'
import { remixEntries } from './support/matrix.ts'
import { accessMatrixSuite } from './support/suite.ts'

/** Every Remix loader and action (pages and resource routes) × anonymous and the six roles, against test/access/table.ts. */
const entries = remixEntries(remixRoutes(await loadServerBuild()))
accessMatrixSuite(`Remix access matrix (${entries.length} loaders and actions)`, entries)
