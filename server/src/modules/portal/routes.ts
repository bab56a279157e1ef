// The portal's routes over one PortalData (the per-tenant cache and the reads behind it): the
// management calls, the services and a signed-in person's use of them, the public calls. A portal
// management change empties the tenant's cache on this node and tells the other nodes (CacheSync
// 'portal'), before its answer leaves.
import type { TypedApp } from '../../http/contract.ts';
import type { ModuleDeps } from '../module.ts';
import { PortalData } from './catalog.ts';
import { manageRoutes } from './manage-routes.ts';
import { publicRoutes } from './public-routes.ts';
import { serviceRoutes } from './service-routes.ts';

/** Writes that change nothing the public calls show: a person's favourites, visits and feedback (their counters are STATS entries, emptied where they are written). */
const PERSONAL = /^\/api\/blade-portal\/(serviceCollect|serviceVisit|serviceFeedback|serviceStatisticsSum|myApp)\//;
/** Writes whose rows the public calls show: the portal's entities, and the notices its news floors and columns list. */
const SHOWN = /^\/api\/blade-(portal|desk\/notice)\//;
/** Starts of processes: a start from a service moves the hall's counters (handling.ts writes them). */
const STARTS = /^\/api\/blade-workflow\/process\/startProcess/;

export async function portalRoutes(app: TypedApp, deps: ModuleDeps): Promise<void> {
  const data = new PortalData(deps.db, deps.directory);
  // another node's change: every tenant's entries go (the notice names the cache, not the tenant)
  deps.cacheSync.register('portal', () => data.cache.clear());
  // before the answer is serialized (the app's onSend waits for the notice to be sent)
  app.addHook('preSerialization', async (req, reply, payload) => {
    const url = req.routeOptions.url ?? '';
    if (req.method === 'GET' || reply.statusCode !== 200 || !req.user) return payload;
    if (SHOWN.test(url) && !PERSONAL.test(url)) {
      data.cache.clear(req.user.tenantId);
      deps.cacheSync.publish('portal');
    } else if (STARTS.test(url)) {
      data.cache.clearStats(req.user.tenantId);
    }
    return payload;
  });

  await manageRoutes(app, deps, data);
  await serviceRoutes(app, deps, data);
  await publicRoutes(app, deps, data);
}
