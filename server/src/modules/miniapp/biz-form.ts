// The form of an app as one of its users fills it in (001 §2.7, §3.2): GET
// /api/appBizData/appBizData/queryAppForm?appId= answers the app's designed form (formOption; the
// model's fields as a form while none is designed) with the caller's field rights applied by the one
// evaluator: a hidden field is not in it, a read-only field is marked disabled — the main fields and
// those of each child model's sub-table alike. Anyone with access to the app reads it (adding needs
// the form as much as viewing does); processBound tells the data screen that new records go for approval,
// and process what their start asks of the person submitting (the start page's people choices).
import { z } from 'zod';
import { miniModelLabel, type FormColumn, type FormOption } from '@campus/schema';
import { scoped } from '../../db/tenant-scope.ts';
import { me } from '../../http/auth.ts';
import type { TypedApp } from '../../http/contract.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import type { ModuleDeps } from '../index.ts';
import { modelColumns } from './app-routes.ts';
import { BizData, designedForm, type AppShape, type Part } from './biz-data.ts';
import type { BizProcess } from './biz-process.ts';
import { MSG } from './messages.ts';
import { AppPermissions, fieldRight, type AppRights } from './permissions.ts';
import { MiniTables } from './tables.ts';

/**
 * The columns of one table of the app with the rights applied: hidden fields out, read-only ones
 * disabled. An English reader gets a field's English label where the form keeps the model's Chinese one.
 */
function withRights(cols: FormColumn[], part: Part | undefined, rights: AppRights, children: Map<string, Part>, lang?: 'zh' | 'en'): FormColumn[] {
  const out: FormColumn[] = [];
  for (const c of cols) {
    if (!c || typeof c !== 'object') continue;
    const sub = children.get(c.prop);
    if (c.type === 'dynamic' && sub) {
      // a one-to-one child model holds one row: the sub-table offers no second (biz-data.ts refuses one too);
      // an English reader gets the child model's English name where the form keeps its Chinese one
      const subLabel = lang === 'en' && (!c.label || c.label === sub.model.modelName) ? miniModelLabel(sub.model, lang) : c.label;
      out.push({ ...c, label: subLabel, ...(sub.relation === 'one' ? { limit: 1 } : {}), children: { ...c.children, column: withRights(c.children?.column ?? [], sub, rights, new Map(), lang) } });
      continue;
    }
    const item = part?.items.find((it) => it.fieldName === c.prop);
    const r = item ? fieldRight(rights, part!.model.id, c.prop) : null;
    if (r?.hide) continue;
    const label = lang === 'en' && item?.fieldLabelEn && (!c.label || c.label === item.fieldLabel) ? item.fieldLabelEn : c.label;
    out.push({ ...c, label, ...(r?.disabled ? { disabled: true } : {}) });
  }
  return out;
}

/**
 * The app's form (main columns, groups, each child model's sub-table) as a reader with these rights
 * sees it: hidden fields out, read-only ones disabled; with lang, English labels for an English reader.
 * The one place the form-filling screen (queryAppForm) and an approver's form (biz-process.ts) get it.
 */
export function formWithRights(option: FormOption, shape: AppShape, rights: AppRights, lang?: 'zh' | 'en'): FormOption {
  const children = new Map(shape.children.map((c) => [c.prop, c]));
  return {
    ...option,
    column: withRights(option.column ?? [], shape.main, rights, children, lang),
    ...(option.group ? { group: option.group.map((g) => ({ ...g, column: withRights(g.column ?? [], shape.main, rights, children, lang) })) } : {}),
  };
}

export async function bizFormRoutes(app: TypedApp, { db, directory }: Pick<ModuleDeps, 'db' | 'directory'>, base: string, processes: BizProcess | null) {
  const tables = new MiniTables(db);
  const data = new BizData(db, tables, directory);
  const permissions = new AppPermissions(db);
  app.get(`${base}/queryAppForm`, { schema: { tags: ['miniapp'], summary: 'The app\'s form as the caller fills it in: its designed form (or its model\'s fields) without the fields hidden from them, read-only fields disabled; data {formOption, processBound, process: null or {processDefKey, processName, assigneeRequired, customUserTasks [{nodeId, nodeName, multiple}], userTasks [{nodeId, nodeName}]} (what submitting asks, as getFormByProcessDefKey answers it)}', querystring: z.object({ appId: z.string().regex(/^\d{1,19}$/) }) } }, async (req) => {
    const tenantId = me(req).tenantId;
    const { rights } = await permissions.inApp(tenantId, req.query.appId, me(req));
    if (!rights.access) throw new ApiError(403, MSG.noAppAccess);
    const shape = await data.shape(tenantId, req.query.appId);
    const row = await scoped(db, tenantId).selectFrom('bladeAppInfo').select(['formOption', 'processDefKey', 'modelId']).where('id', '=', shape.appId).executeTakeFirstOrThrow();
    // no (usable) design yet: the model's fields, each child model a sub-table
    const option = designedForm(row.formOption) ?? { column: (await modelColumns(db, tables, tenantId, String(row.modelId), req.lang)).column as FormColumn[] };
    const formOption = formWithRights(option, shape, rights, req.lang);
    const key = row.processDefKey?.trim() || null;
    return ok({ formOption, processBound: !!key, process: key && processes ? await processes.startChoices(tenantId, key) : null });
  });
}
