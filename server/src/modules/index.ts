// Every module of the server, in one list. A module registers its routes (and, through its own
// migration in db/migrate.ts, its tables, menus and buttons); adding an area is one line here.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../app.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import { realtimeModule } from '../realtime/index.ts';
import { authRoutes } from './auth/routes.ts';
import { emailRoutes } from './email/routes.ts';
import { developRoutes } from './develop/routes.ts';
import { signatureRoutes } from './develop/signature.ts';
import { jobRoutes } from './job/routes.ts';
import { logRoutes } from './log/routes.ts';
import { messageRoutes } from './message/routes.ts';
import { resourceRoutes } from './resource/routes.ts';
import { smsRoutes } from './resource/sms.ts';
import { adminRoutes, regionRoutes } from './system/admin.ts';
import { menuAdminRoutes } from './system/menu-admin.ts';
import { orgRoutes } from './system/org.ts';
import { systemRoutes } from './system/routes.ts';
import { thirdpartyRoutes } from './thirdparty/routes.ts';
import { userRoutes } from './system/user.ts';
import { userExcelRoutes } from './system/user-excel.ts';
import { workflowRoutes } from './workflow/index.ts';

export interface ModuleDeps extends Services {
  db: Database['db'];
  database: Database;
  config: Config;
}

export type Module = (app: FastifyInstance, deps: ModuleDeps) => Promise<void>;

export const modules: Module[] = [
  authRoutes,
  realtimeModule, // before any module that publishes through app.realtime
  messageRoutes,
  systemRoutes,
  orgRoutes,
  userRoutes,
  userExcelRoutes,
  menuAdminRoutes,
  adminRoutes,
  regionRoutes,
  logRoutes,
  jobRoutes,
  developRoutes,
  signatureRoutes,
  resourceRoutes,
  smsRoutes,
  thirdpartyRoutes,
  emailRoutes,
  workflowRoutes,
];
