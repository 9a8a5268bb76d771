import { trpcProcedures } from '../support/surface.ts'
import { trpcEntries } from './support/matrix.ts'
import { accessMatrixSuite } from './support/suite.ts'

/** Every tRPC procedure × anonymous and the six roles × own and another's object, against test/access/table.ts. */
const entries = trpcEntries(trpcProcedures())
accessMatrixSuite(`tRPC access matrix (${entries.length} procedures)`, entries)
