// The one evaluator of what a person may do in a micro-app (001 §3.2, §6): every read and write of
// its data (lists, records, child rows, the recycle bin; later export, import, print and AI filters)
// asks rightsOf and applies the same answer. The app's creator and the administrator role manage it
// and may do everything; anyone else has what the app's permission groups that name them (as a
// person, or by role, department or post) grant together: the union of their operations, the
// widest of their record ranges, and per field the most open right (shown if any group shows it,
// writable if any group that shows it lets it be written, searchable likewise).
import type { AuthUser } from '../../http/auth.ts';
import { ApiError } from '../../http/errors.ts';
import { MSG } from './messages.ts';
import type { Db } from '../../db/index.ts';
import { scoped } from '../../db/tenant-scope.ts';

export type RowRange = 'all' | 'dept' | 'own';
export interface FieldRight { hide: boolean; disabled: boolean; display: boolean; search: boolean }
export interface AppRights {
  /** the app's creator or an administrator: every operation, record and field */
  manager: boolean;
  access: boolean;
  operates: ReadonlySet<string>;
  rows: RowRange;
  /** modelId → fieldName → right; a field not named is shown, writable, displayed and searchable */
  fields: ReadonlyMap<string, ReadonlyMap<string, FieldRight>>;
}

const RANK: Record<RowRange, number> = { own: 0, dept: 1, all: 2 };
const list = (v: unknown) => String(v ?? '').split(',').map((x) => x.trim()).filter(Boolean);
export const isAdministratorUser = (u: Pick<AuthUser, 'roleName'>) => u.roleName.split(',').includes('administrator');

export const FULL_OPERATES = ['add', 'edit', 'delete', 'view', 'print', 'template'];

/** The groups' rows a person matches: named, or one of their roles, departments or posts. */
export const matches = (g: { userIds: string | null; roleIds: string | null; deptIds: string | null; postIds: string | null }, u: Pick<AuthUser, 'userId' | 'roleIds' | 'deptId' | 'postId'>): boolean => {
  const has = (field: string | null, mine: string[]) => { const ids = list(field); return mine.some((x) => ids.includes(x)); };
  return has(g.userIds, [u.userId]) || has(g.roleIds, u.roleIds) || has(g.deptIds, list(u.deptId)) || has(g.postIds, list(u.postId));
};

export class AppPermissions {
  constructor(private readonly db: Db) {}

  /** A live app of the tenant (400 when there is none) with what the person may do in it. */
  async inApp(tenantId: string, appId: string, u: Pick<AuthUser, 'userId' | 'roleIds' | 'deptId' | 'postId' | 'roleName'>): Promise<{ rights: AppRights; app: { id: string; createUser: string | null; modelId: string | null } }> {
    const app = await scoped(this.db, tenantId).selectFrom('bladeAppInfo').select(['id', 'createUser', 'modelId']).where('id', '=', appId).where('isDeleted', '=', 0).executeTakeFirst();
    if (!app) throw new ApiError(400, MSG.noApp);
    return { rights: await this.rightsOf(tenantId, app, u), app };
  }

  /** What the person may do in the app (its creator: createUser of the app row). */
  async rightsOf(tenantId: string, app: { id: string; createUser: string | null }, u: Pick<AuthUser, 'userId' | 'roleIds' | 'deptId' | 'postId' | 'roleName'>): Promise<AppRights> {
    if (isAdministratorUser(u) || (app.createUser && String(app.createUser) === u.userId)) {
      return { manager: true, access: true, operates: new Set([...FULL_OPERATES, 'custom']), rows: 'all', fields: new Map() };
    }
    const t = scoped(this.db, tenantId);
    const groups = (await t.selectFrom('bladeAppPermission').select(['id', 'userIds', 'roleIds', 'deptIds', 'postIds', 'operates', 'dataScope'])
      .where('appId', '=', app.id).where('isDeleted', '=', 0).execute()).filter((g) => matches(g, u));
    if (!groups.length) return { manager: false, access: false, operates: new Set(), rows: 'own', fields: new Map() };
    const operates = new Set(groups.flatMap((g) => list(g.operates)));
    const rows = groups.map((g) => (g.dataScope as RowRange) ?? 'all').reduce((a, b) => (RANK[b] > RANK[a] ? b : a), 'own' as RowRange);
    const scopes = await t.selectFrom('bladeAppPermissionScope').select(['permissionId', 'modelId', 'fieldName', 'hide', 'disabled', 'display', 'search'])
      .where('permissionId', 'in', groups.map((g) => g.id)).where('isDeleted', '=', 0).execute();
    // per field: a group that says nothing about it leaves it fully open
    const fields = new Map<string, Map<string, FieldRight>>();
    const keys = new Set(scopes.map((s) => `${s.modelId}\u0000${s.fieldName}`));
    for (const k of keys) {
      const [modelId, fieldName] = k.split('\u0000');
      const per = groups.map((g) => scopes.find((s) => s.permissionId === g.id && s.modelId === modelId && s.fieldName === fieldName));
      const open = (s: (typeof per)[number]) => !s;
      const right: FieldRight = {
        hide: per.every((s) => !open(s) && s!.hide === 1),
        disabled: per.every((s) => !open(s) && (s!.disabled === 1 || s!.hide === 1)),
        display: per.some((s) => open(s) || (s!.display === 1 && s!.hide !== 1)),
        search: per.some((s) => open(s) || (s!.search === 1 && s!.hide !== 1)),
      };
      if (!fields.has(modelId)) fields.set(modelId, new Map());
      fields.get(modelId)!.set(fieldName, right);
    }
    return { manager: false, access: operates.size > 0, operates, rows, fields };
  }
}

/** A field's right for a model under these rights (open when nothing restricts it). */
export const fieldRight = (rights: AppRights, modelId: string, fieldName: string): FieldRight =>
  rights.fields.get(modelId)?.get(fieldName) ?? { hide: false, disabled: false, display: true, search: true };
