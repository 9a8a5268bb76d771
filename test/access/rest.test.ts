import { restRoutes } from '../support/surface.ts'
import { restEntries } from './support/matrix.ts'
import { accessMatrixSuite } from './support/suite.ts'

/** Every REST route × anonymous and the six roles × own and another's object, against test/access/table.ts. */
const entries = restEntries(restRoutes())
accessMatrixSuite(`REST access matrix (${entries.length} routes)`, entries)
