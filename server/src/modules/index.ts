// Every module of the server, in one list of descriptors (each area's module.ts): app.ts registers
// their routes in this order, except where a descriptor's `after` asks to come later, and migrate()
// applies their migrations. Adding an area is its folder with a module.ts, and one line here.
import { realtime } from '../realtime/module.ts';
import { authModule } from './auth/module.ts';
import { developModule } from './develop/module.ts';
import { emailModule } from './email/module.ts';
import { jobModule } from './job/module.ts';
import { logModule } from './log/module.ts';
import { messageModule } from './message/module.ts';
import { miniappModule } from './miniapp/module.ts';
import { modelModule } from './model/module.ts';
import type { ModuleDef } from './module.ts';
import { portalModule } from './portal/module.ts';
import { resourceModule } from './resource/module.ts';
import { systemModule } from './system/module.ts';
import { thirdpartyModule } from './thirdparty/module.ts';
import { workflowModule } from './workflow/module.ts';

export { defineModule, type ModuleDef, type ModuleDeps, type RouteFn } from './module.ts';

export const modules: readonly ModuleDef[] = [
  authModule,
  realtime,
  messageModule,
  systemModule,
  logModule,
  jobModule,
  developModule,
  resourceModule,
  thirdpartyModule,
  emailModule,
  workflowModule,
  modelModule,
  miniappModule,
  portalModule,
];
