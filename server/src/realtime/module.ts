// The real-time channel as a module: the WebSocket route and app.realtime, which modules that
// push to users (message) are registered after; /metrics counts its sockets.
import { defineModule, type RouteFn } from '../modules/module.ts';
import { realtimeModule } from './index.ts';
import { MSG } from './hub.ts';

const socketMetrics: RouteFn = async (app, { metrics }) => metrics.watchSockets(() => app.realtime.stats());

export const realtime = defineModule({
  name: 'realtime',
  routes: [realtimeModule, socketMetrics],
  i18n: [MSG],
});
