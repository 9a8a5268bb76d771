import os from 'node:os'
import path from 'node:path'

/** Where the setup project leaves the plan for e2e/a11y-dashboard.spec.ts (set once by playwright.config.ts). */
export const A11Y_PLAN = process.env.E2E_A11Y_PLAN ?? path.join(os.tmpdir(), 'meridian-a11y-plan.json')

export interface PlannedCheck {
  username: string
  url: string
  /** `page`: the whole page (the frame); `main`: the screen's own content. */
  scope: 'page' | 'main'
  why: string
}

export interface A11yPlan {
  checks: PlannedCheck[]
}

/** The plan is checked in this many tests, so both workers share it and each stays well inside its time-out. */
export const A11Y_CHUNKS = 8
