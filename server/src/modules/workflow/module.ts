// The approval workflow: the BPMN engine over the shared database, its HTTP calls, approval
// notices through the message module, and the timer loop on the leader node.
import * as m0003 from '../../db/migrations/0003_workflow.ts';
import * as m0008 from '../../db/migrations/0008_workflow_api.ts';
import * as m0012 from '../../db/migrations/0012_workflow_perf.ts';
import * as m0013 from '../../db/migrations/0013_workflow_menus.ts';
import * as m0015 from '../../db/migrations/0015_workflow_design_menus.ts';
import * as m0016 from '../../db/migrations/0016_workflow_engine_events.ts';
import * as m0019 from '../../db/migrations/0019_workflow_draft_menu.ts';
import * as m0021 from '../../db/migrations/0021_workflow_sets_menus.ts';
import * as m0023 from '../../db/migrations/0023_workflow_favourite.ts';
import { WORKFLOW_DESIGN_MODELS, WORKFLOW_MODELS } from '@campus/schema';
import { WORKFLOW_MESSAGES as ENGINE_MSG } from './engine/index.ts';
import { NOTICES } from './notices.ts';
import { MSG } from './service.ts';
import { defineModule, under } from '../module.ts';
import { workflowRoutes } from './index.ts';

export const workflowModule = defineModule({
  name: 'workflow',
  models: [...WORKFLOW_MODELS, ...WORKFLOW_DESIGN_MODELS],
  after: ['message'], // its notices go out through app.messages, whose texts it adds when registered
  routes: [workflowRoutes],
  menus: [...m0008.WORKFLOW_MENUS, ...under('1600', m0021.WORKFLOW_SET_MENUS)],
  i18n: [MSG, ENGINE_MSG, NOTICES],
  migrations: {
    '0003_workflow': m0003,
    '0008_workflow_api': m0008,
    '0012_workflow_perf': m0012,
    '0013_workflow_menus': m0013,
    '0015_workflow_design_menus': m0015,
    '0016_workflow_engine_events': m0016,
    '0019_workflow_draft_menu': m0019,
    '0021_workflow_sets_menus': m0021,
    '0023_workflow_favourite': m0023,
  },
});
