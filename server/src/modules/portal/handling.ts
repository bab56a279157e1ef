// Service handling (001 §4; issue 16 "Service handling"): whether a person may handle a service of
// the portal now — its validity window (modes 1 always, 2 daily hours, 4 days of the month, 5 dates of
// the year, 6 given dates; the server's local time) and its audience (userIds, postIds, roleIds,
// deptIds) — and the start hooks that make the server, not only the page, hold to it: a process
// started with a serviceId starts only from an enabled service of the tenant bound to that process,
// valid now and open to the caller; after the start the to-do centre's request record (tcInstance),
// the day's start count and a visit of kind 2 (办理) are written.
import { sql } from 'kysely';
import { serviceVisitModel, tcInstanceModel } from '@campus/schema';
import { dynamic, type Db } from '../../db/index.ts';
import { nextId } from '../../db/ids.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { isId, type Ctx, type Row } from '../../db/repo.ts';
import type { AuthUser } from '../../http/auth.ts';
import { ApiError } from '../../http/errors.ts';
import type { Message } from '../../http/messages.ts';
import { modelRepo } from '../../http/model-resource.ts';
import type { Directory } from '../system/directory.ts';
import type { StartContext } from '../workflow/service.ts';
import type { RouteFn } from '../module.ts';

export const HANDLING_MSG = {
  notValid: ['当前时间不在有效期内[{range}]', 'The current time is not within the validity period [{range}]'],
  noPermission: ['您没有权限办理该服务', 'You have no permission to handle this service'],
  serviceMissing: ['服务不存在或已停用', 'The service does not exist or is disabled'],
  notProcess: ['该服务不通过流程办理', 'This service is not handled by a process'],
  wrongProcess: ['该服务未绑定此流程', 'This service is not bound to this process'],
} as const satisfies Record<string, Message>;

/** Who asks, as a service's audience names people: the user, their departments, roles and posts. */
export interface Who { userId: string; roleIds: readonly string[]; deptIds: readonly string[]; postIds: readonly string[] }

const pad = (n: number) => String(n).padStart(2, '0');
/** A comma list of ids (an audience list) as a list. */
const idsOf = (v: unknown): string[] => String(v ?? '').split(',').map((s) => s.trim()).filter(isId);
const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v).trim());

/** The dates of a mode-6 service: a comma (or white-space) list of yyyy-MM-dd, or a JSON list of them. */
export function validityDatesOf(v: unknown): string[] {
  const s = text(v);
  if (!s) return [];
  if (s.startsWith('[')) {
    try {
      const list = JSON.parse(s) as unknown;
      if (Array.isArray(list)) return list.map((x) => text(x)).filter(Boolean);
    } catch {
      // not JSON after all: read as a plain list
    }
  }
  return s.split(/[\s,，;；]+/).filter(Boolean);
}

const HH_MM = /^([01]?\d|2[0-3]):([0-5]\d)$/;
const MM_DD = /^(0?[1-9]|1[0-2])-(0?[1-9]|[12]\d|3[01])$/;
const DAY = /^([1-9]|[12]\d|3[01])$/;
const YMD = /^\d{4}-\d{2}-\d{2}$/;

/** Whether v lies in from..to (inclusive); a window whose end comes before its start wraps (22:00-06:00, 25-5, 12-01-02-28). */
const within = (v: number, from: number, to: number) => (from <= to ? v >= from && v <= to : v >= from || v <= to);

/**
 * The validity window of a service at `now` (the server's local time): null when it is valid, else
 * the range text the message names ('08:00-17:30', '1-10', '09-01-09-30', '2026-12-01,2026-12-02').
 * A window that cannot be read is never valid (nothing opens by a typing mistake).
 */
export function validityRange(service: Row, now: Date): string | null {
  const mode = text(service.validityMode);
  const start = text(service.validityStart);
  const end = text(service.validityEnd);
  const range = `${start}-${end}`;
  switch (mode) {
    case '':
    case '0':
    case '1':
      return null;
    case '2': {
      const a = HH_MM.exec(start);
      const b = HH_MM.exec(end);
      if (!a || !b) return range;
      const minute = now.getHours() * 60 + now.getMinutes();
      return within(minute, Number(a[1]) * 60 + Number(a[2]), Number(b[1]) * 60 + Number(b[2])) ? null : range;
    }
    case '4': {
      if (!DAY.test(start) || !DAY.test(end)) return range;
      return within(now.getDate(), Number(start), Number(end)) ? null : range;
    }
    case '5': {
      const a = MM_DD.exec(start);
      const b = MM_DD.exec(end);
      if (!a || !b) return range;
      const day = (now.getMonth() + 1) * 100 + now.getDate();
      return within(day, Number(a[1]) * 100 + Number(a[2]), Number(b[1]) * 100 + Number(b[2])) ? null : range;
    }
    case '6': {
      const dates = validityDatesOf(service.validityDates);
      const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
      return dates.some((d) => YMD.test(d) && d === today) ? null : dates.join(',');
    }
    default:
      return range;
  }
}

/**
 * §4 audience: all four lists empty → everyone; else the user is named in userIds, or holds a post of
 * postIds, or — roleIds set, deptIds empty — a role of roleIds, or — deptIds set, roleIds empty — sits
 * in a department of deptIds or below one, or — both set — a role AND a department match.
 */
export function mayHandle(service: Row, who: Who, ancestors: (deptId: string) => readonly string[]): boolean {
  const users = idsOf(service.userIds);
  const posts = idsOf(service.postIds);
  const roles = idsOf(service.roleIds);
  const depts = idsOf(service.deptIds);
  if (!users.length && !posts.length && !roles.length && !depts.length) return true;
  if (users.includes(who.userId)) return true;
  if (who.postIds.some((p) => posts.includes(p))) return true;
  const role = roles.length > 0 && who.roleIds.some((r) => roles.includes(r));
  const dept = depts.length > 0 && who.deptIds.some((d) => depts.includes(d) || ancestors(d).some((a) => depts.includes(a)));
  if (roles.length && !depts.length) return role;
  if (depts.length && !roles.length) return dept;
  return role && dept;
}

/**
 * Why a person may not handle a service now (pure): null when they may; else the message, its range
 * filled in — HANDLING_MSG.noPermission itself for the audience (refusalStatus: 403), a filled copy
 * of HANDLING_MSG.notValid for the validity window (400). The audience is judged before the window.
 */
export function serviceRefusal(service: Row, who: Who, ancestors: (deptId: string) => readonly string[], now: Date): Message | null {
  if (!mayHandle(service, who, ancestors)) return HANDLING_MSG.noPermission;
  const range = validityRange(service, now);
  if (range === null) return null;
  const [zh, en] = HANDLING_MSG.notValid;
  return [zh.replace('{range}', range), en.replace('{range}', range)];
}

/** The HTTP status of a refusal: 403 for the audience, 400 for the validity window. */
export const refusalStatus = (m: Message): 400 | 403 => (m === HANDLING_MSG.noPermission ? 403 : 400);

/** A refusal as the error a call answers. */
export const refusalError = (m: Message): ApiError => new ApiError(refusalStatus(m), m);

/** A refusal in a language (the ServiceCard's `refusal`). */
export const refusalText = (m: Message | null, lang: 'zh' | 'en'): string | null => (m ? m[lang === 'en' ? 1 : 0] : null);

/** yyyy-MM-dd of a time in the server's local time (the statistics' day). */
export const statDate = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/**
 * Whether people may handle services: the user's departments (with their ancestors), roles and posts
 * as they are now (the directory), narrowed to the department and role the session acts in when it
 * chose one (switch mode: the token carries fewer than the user holds).
 */
export class ServiceAccess {
  constructor(private readonly db: Db, private readonly directory: Directory) {}

  /**
   * The judge of one person for many services (a list's canHandle flags): read once, then pure.
   * A user who is no longer the tenant's may handle nothing.
   */
  async judge(tenantId: string, user: AuthUser): Promise<(service: Row, now?: Date) => Message | null> {
    const m = await this.directory.memberships(tenantId, user.userId);
    if (!m) return () => HANDLING_MSG.noPermission;
    const narrow = (held: string[], session: string[]) => (session.length ? held.filter((x) => session.includes(x)) : held);
    const who: Who = {
      userId: user.userId,
      deptIds: narrow(m.deptIds, idsOf(user.deptId)),
      roleIds: narrow(m.roleIds, user.roleIds.filter(isId)),
      postIds: m.postIds,
    };
    const ancestors = (d: string) => m.ancestors.get(d) ?? [];
    return (service, now = new Date()) => serviceRefusal(service, who, ancestors, now);
  }

  async refusal(tenantId: string, user: AuthUser, service: Row, now?: Date): Promise<Message | null> {
    return (await this.judge(tenantId, user))(service, now);
  }

  /** An enabled service of the tenant (not deleted, status 1), or null. */
  async enabledService(tenantId: string, id: unknown): Promise<Row | null> {
    if (!isId(String(id ?? ''))) return null;
    // the tenant comes from the data layer's scope, as every other read of the module
    const row = await scoped(this.db, tenantId).selectFrom('bladePortalService').selectAll().where('id', '=', String(id))
      .where('isDeleted', '=', 0).where('status', '=', 1).executeTakeFirst();
    return (row as Row | undefined) ?? null;
  }
}

/**
 * Adds one to a counter of a service's statistics row of the day (created at 0 when it is the day's
 * first): one statement, so concurrent starts and visits never lose a count. The table's unique key
 * (tenant_id, service_id, stat_date) is what the upsert meets.
 */
export async function countStatistic(db: Db, tenantId: string, serviceId: string, counter: 'visitCount' | 'startCount' | 'collectCount', now = new Date(), by = 1): Promise<void> {
  const row = { id: nextId(), tenantId, serviceId, statDate: statDate(now), visitCount: 0, startCount: 0, collectCount: 0, [counter]: Math.max(0, by) };
  await dynamic(db).insertInto('blade_portal_service_statistics').values(row)
    .onConflict((oc) => oc.columns(['tenantId', 'serviceId', 'statDate']).doUpdateSet({
      [counter]: sql`greatest(0, ${sql.ref(`blade_portal_service_statistics.${counter}`)} + ${by})`,
    })).execute();
}

/** The portal's start hooks on the workflow (app.workflowService): the check before a start with a serviceId, the records after. */
export const handlingHooks: RouteFn = async (app, deps) => {
  if (!app.hasDecorator('workflowService')) return;
  const wf = app.workflowService;
  const access = new ServiceAccess(deps.db, deps.directory);
  const tcInstances = modelRepo(deps.db, tcInstanceModel);
  const visits = modelRepo(deps.db, serviceVisitModel);
  const NOTE = 'portalService';

  wf.startChecks.push(async (ctx: StartContext) => {
    const raw = ctx.body.serviceId;
    if (raw === undefined || raw === null || raw === '') return;
    if (!isId(String(raw))) throw new ApiError(400, 'invalid', { field: 'serviceId' });
    const { tenantId, user } = ctx.actor;
    const service = await access.enabledService(tenantId, raw);
    if (!service) throw new ApiError(400, HANDLING_MSG.serviceMissing);
    if (Number(service.itemWay) !== 1) throw new ApiError(400, HANDLING_MSG.notProcess);
    if (text(service.itemHandle) !== String(ctx.definition.key)) throw new ApiError(400, HANDLING_MSG.wrongProcess);
    const refusal = await access.refusal(tenantId, user, service);
    if (refusal) throw refusalError(refusal);
    ctx.notes[NOTE] = service;
  });

  wf.startListeners.push(async (ctx) => {
    const service = ctx.notes[NOTE] as Row | undefined;
    if (!service) return;
    const { tenantId, userId, user } = ctx.actor;
    const who: Ctx = { tenantId, userId, deptId: user.deptId };
    const serviceId = String(service.id);
    await deps.db.transaction().execute(async (tx) => {
      await tcInstances.save(who, {
        serviceId, serviceName: String(service.name ?? ''), processInstanceId: ctx.instanceId,
        processDefKey: String(ctx.definition.key), title: String(ctx.definition.name ?? service.name ?? ''),
      }, tx);
      await visits.save(who, { serviceId, visitType: 2 }, tx);
      await countStatistic(tx, tenantId, serviceId, 'startCount');
    });
  });
};
