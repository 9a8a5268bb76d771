import type { AppLoadContext } from '@remix-run/node'
import { dashboardPathForRole } from '@meridian/auth/permissions'
import type { Actor } from '@meridian/core'
import { getActor } from '../../utils/auth.server.ts'

/** What the public top bar needs about the visitor: null when signed out. */
export interface PublicViewer {
  /** The account menu's label: the first name, or 'Account'. */
  label: string
  /** The Dashboard target for this role (spec 1 §6). */
  dashboard: string
}

export interface PublicPageData {
  viewer: PublicViewer | null
  supportEmail: string
}

export function viewerOf(actor: Actor | null): PublicViewer | null {
  if (!actor) return null
  return { label: actor.firstName.trim() || 'Account', dashboard: dashboardPathForRole(actor.role) }
}

/**
 * The shell data every public page's loader returns (`page`: top bar and footer), and the actor for the loader's own
 * use (never sent to the browser whole).
 */
export async function loadPublicPage(request: Request, context: AppLoadContext): Promise<{ page: PublicPageData; actor: Actor | null }> {
  const actor = await getActor(request, context)
  return { actor, page: { viewer: viewerOf(actor), supportEmail: context.app.config.supportEmail } }
}
