import { startApp } from '../faults/support/app-process.ts'
import { connectionPerRequestFromNowOn, waitFor } from '../faults/support/http.ts'
import { describeSharedState } from './support/shared-state.ts'

/**
 * The shared-state suite (support/shared-state.ts) against one start with two workers behind one port
 * (WEB_CONCURRENCY=2): every request on a connection of its own, so the cluster hands consecutive requests, and the
 * event stream, to either worker, and each background job must still run once between them.
 */
describeSharedState('one start with two workers on one database', async (env) => {
  connectionPerRequestFromNowOn()
  const app = await startApp({ ...env, WEB_CONCURRENCY: '2' })
  await waitFor(() => (app.output().match(/\(worker \d+ of 2/g) ?? []).length === 2, 60_000, 'both workers to listen')
  return [app, app]
})
