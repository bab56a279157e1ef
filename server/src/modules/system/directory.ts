// The organisation directory: the one way other modules read the people, roles, departments, posts
// and the tenant that system administration owns (blade_user, blade_role, blade_dept, blade_post,
// blade_tenant). Workflow, messages, third-party services, SMS sign-in and the session's user-info
// ask it instead of querying those tables, so the tables' shape and their tenant confinement stay
// in one module: every read here goes through scoped(db, tenantId), and an id of another tenant is
// simply not found.
import { sql } from 'kysely';
import { formErrors, lookupsOf, type FormOption, type Lang, type ValidateOptions, type Values } from '@campus/schema';
import type { Db } from '../../db/index.ts';
import { userPatternTest } from '../../http/user-regex.ts';
import { isId } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';

/** A person as pickers and handler lists show one. */
export interface Person { id: string; account: string; name: string }
/** A user's card: who they are and where they sit (the first of their departments and posts). */
export interface Profile {
  id: string; account: string; realName: string | null; name: string | null; avatar: string | null; phone: string | null; email: string | null;
  deptId: string; roleId: string; postId: string; deptName: string | null; postName: string | null;
}
/** A candidate group of a task: a role (by id or alias) or a department (by id), with its display name. */
export interface Group { key: string; name: string }

const ids = (list: readonly unknown[]) => [...new Set(list.map((x) => String(x ?? '').trim()).filter(isId))];
/** The display name of a person: real name, else nickname, else account. */
const nameOf = (u: { realName: string | null; name: string | null; account: string }) => String(u.realName || u.name || u.account);
/** Comma-separated id columns (role_id, dept_id, post_id) as sets: one of `wanted` among them. */
const holdsAny = (column: 'role_id' | 'dept_id', wanted: string[]) => sql<boolean>`string_to_array(${sql.ref(column)}, ',') && ${wanted}::text[]`;

/**
 * The values of option addresses that name no platform dictionary, as the module that owns them
 * answers them for the caller (the micro-apps' option sources: miniapp/source-options.ts); an
 * address it does not answer accepts no value.
 */
export type DicUrlResolver = (urls: string[]) => Promise<Map<string, ReadonlySet<string>>>;
/** What a caller of formErrors may add: a draft's partial check, the writable fields, a resolver of its own option addresses. */
export type FormCheckOptions = Pick<ValidateOptions, 'partial' | 'writable'> & { dicUrls?: DicUrlResolver };

export class Directory {
  constructor(private readonly db: Db) {}

  /**
   * The problems of values submitted through a designed form, by the one validator the page runs too
   * (@campus/schema): every rule kind, dictionary options, people and departments of the tenant,
   * sub-form rows; each message once, in the reader's language (empty: none). Workflow forms and
   * micro-app records both ask here.
   */
  async formErrors(tenantId: string, option: FormOption, values: Values, lang: Lang, opts: FormCheckOptions = {}): Promise<string[]> {
    return (await this.formErrorsMany(tenantId, option, [values], lang, opts))[0]!;
  }

  /** formErrors of many value sets of one form (an import's rows), the lookups made once for all of them. */
  async formErrorsMany(tenantId: string, option: FormOption, list: Values[], lang: Lang, { dicUrls, ...opts }: FormCheckOptions = {}): Promise<string[][]> {
    const need = { dicts: new Set<string>(), bizDicts: new Set<string>(), urls: new Set<string>(), users: new Set<string>(), depts: new Set<string>() };
    for (const values of list) {
      const n = lookupsOf(option, values);
      for (const k of ['dicts', 'bizDicts', 'urls', 'users', 'depts'] as const) for (const x of n[k]) need[k].add(x);
    }
    const [dicts, bizDicts, urls, users, depts] = await Promise.all([
      this.dictValues([...need.dicts]), this.dictValues([...need.bizDicts], tenantId), dicUrls && need.urls.size ? dicUrls([...need.urls]) : new Map<string, ReadonlySet<string>>(),
      this.livingUsers(tenantId, [...need.users]), this.existing(tenantId, 'dept', [...need.depts]),
    ]);
    const checks: ValidateOptions = {
      ...opts, patternTest: userPatternTest, dictValues: (code) => dicts.get(code), bizDictValues: (code) => bizDicts.get(code), urlValues: (url) => urls.get(url),
      users: new Set(users), depts: new Set(depts),
    };
    return list.map((values) => formErrors(option, values, lang, checks));
  }

  /** The item keys of system dictionaries, or of this tenant's business dictionaries (what a form's dicCode / dicUrl options offer). */
  private async dictValues(codes: string[], bizOf?: string): Promise<Map<string, Set<string>>> {
    const out = new Map(codes.map((c) => [c, new Set<string>()]));
    if (!codes.length) return out;
    const rows = bizOf
      ? await scoped(this.db, bizOf).selectFrom('bladeDictBiz').select(['code', 'dictKey']).where('code', 'in', codes).where('parentId', '<>', '0').where('isDeleted', '=', 0).execute()
      : await this.db.selectFrom('bladeDict').select(['code', 'dictKey']).where('code', 'in', codes).where('parentId', '<>', '0').where('isDeleted', '=', 0).execute();
    for (const r of rows) out.get(String(r.code))?.add(String(r.dictKey));
    return out;
  }

  /** The items of a system dictionary as select options ({label: dictValue, value: dictKey}, in their order); null when there is no such dictionary. */
  async dictOptions(code: string): Promise<{ label: string; value: string }[] | null> {
    const rows = await this.db.selectFrom('bladeDict').select(['parentId', 'dictKey', 'dictValue']).where('code', '=', code).where('isDeleted', '=', 0).orderBy('sort').orderBy('id').execute();
    if (!rows.some((r) => String(r.parentId) === '0')) return null;
    return rows.filter((r) => String(r.parentId) !== '0').map((r) => ({ label: String(r.dictValue), value: String(r.dictKey) }));
  }

  /** The ids among `list` that are users of the tenant (not deleted), in no particular order. */
  async livingUsers(tenantId: string, list: readonly unknown[]): Promise<string[]> {
    const want = ids(list);
    if (!want.length) return [];
    const rows = await scoped(this.db, tenantId).selectFrom('bladeUser').select('id').where('isDeleted', '=', 0).where('id', 'in', want).execute();
    return rows.map((r) => String(r.id));
  }

  /** Whether the id is a user of the tenant (not deleted). */
  async isUser(tenantId: string, id: unknown): Promise<boolean> {
    return (await this.livingUsers(tenantId, [id])).length === 1;
  }

  /** Display names of user ids, deleted users included (a history keeps naming who acted). */
  async userNames(tenantId: string, list: readonly unknown[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const want = ids(list);
    if (!want.length) return out;
    const rows = await scoped(this.db, tenantId).selectFrom('bladeUser').select(['id', 'realName', 'name', 'account']).where('id', 'in', want).execute();
    for (const r of rows) out.set(String(r.id), nameOf(r));
    return out;
  }

  /** Accounts and real names of user ids, deleted users included (a message's recipients as they were). */
  async accounts(tenantId: string, list: readonly unknown[]): Promise<Map<string, { account: string; realName: string | null }>> {
    const want = ids(list);
    if (!want.length) return new Map();
    const rows = await scoped(this.db, tenantId).selectFrom('bladeUser').select(['id', 'account', 'realName']).where('id', 'in', want).execute();
    return new Map(rows.map((r) => [String(r.id), { account: r.account, realName: r.realName }]));
  }

  /** Living users named by id or by account (an assignee may be either). */
  async people(tenantId: string, keys: readonly string[]): Promise<Person[]> {
    const texts = [...new Set(keys.filter((k) => !!k))];
    if (!texts.length) return [];
    const rows = await scoped(this.db, tenantId).selectFrom('bladeUser').select(['id', 'account', 'realName', 'name']).where('isDeleted', '=', 0)
      .where((eb) => eb.or([eb('account', 'in', texts), eb('id', 'in', ids(texts).concat(['0']))])).execute();
    return rows.map((r) => ({ id: String(r.id), account: r.account, name: nameOf(r) }));
  }

  /**
   * Candidate groups by name: each key that is a living role's id or alias, or a living department's
   * id, with the role's or department's name. Unknown keys are left out.
   */
  async groups(tenantId: string, keys: readonly string[]): Promise<Group[]> {
    const texts = [...new Set(keys.filter((k) => !!k))];
    if (!texts.length) return [];
    const numeric = ids(texts);
    const db = scoped(this.db, tenantId);
    const [roles, depts] = await Promise.all([
      db.selectFrom('bladeRole').select(['id', 'roleAlias', 'roleName']).where('isDeleted', '=', 0)
        .where((eb) => eb.or([eb('roleAlias', 'in', texts), eb('id', 'in', numeric.concat(['0']))])).execute(),
      numeric.length ? db.selectFrom('bladeDept').select(['id', 'deptName']).where('isDeleted', '=', 0).where('id', 'in', numeric).execute() : [],
    ]);
    const out: Group[] = depts.map((d) => ({ key: String(d.id), name: d.deptName }));
    for (const r of roles) {
      out.push({ key: String(r.id), name: r.roleName });
      if (r.roleAlias) out.push({ key: r.roleAlias, name: r.roleName });
    }
    return out;
  }

  /** Living users holding one of the groups (role ids or aliases, department ids). */
  async groupMembers(tenantId: string, keys: readonly string[]): Promise<string[]> {
    const texts = [...new Set(keys.filter((k) => !!k))];
    if (!texts.length) return [];
    const db = scoped(this.db, tenantId);
    const roles = await db.selectFrom('bladeRole').select('id').where('isDeleted', '=', 0)
      .where((eb) => eb.or([eb('roleAlias', 'in', texts), eb('id', 'in', ids(texts).concat(['0']))])).execute();
    const wanted = [...new Set([...roles.map((r) => String(r.id)), ...ids(texts)])];
    if (!wanted.length) return [];
    const users = await db.selectFrom('bladeUser').select('id').where('isDeleted', '=', 0)
      .where((eb) => eb.or([holdsAny('role_id', wanted), holdsAny('dept_id', wanted)])).orderBy('id').execute();
    return users.map((u) => String(u.id));
  }

  /** The living members of a department or a role (their ids, ascending); null when it is not the tenant's. */
  async members(tenantId: string, kind: 'dept' | 'role', id: string): Promise<string[] | null> {
    if (!isId(id)) return null;
    const db = scoped(this.db, tenantId);
    const found = kind === 'dept'
      ? await db.selectFrom('bladeDept').select('id').where('id', '=', id).where('isDeleted', '=', 0).executeTakeFirst()
      : await db.selectFrom('bladeRole').select('id').where('id', '=', id).where('isDeleted', '=', 0).executeTakeFirst();
    if (!found) return null;
    // one comma-joined string: a broadcast to thousands is one row to decode, not thousands
    const row = await db.selectFrom('bladeUser').select(sql<string | null>`string_agg(id::text, ',' order by id)`.as('ids'))
      .where('isDeleted', '=', 0).where(holdsAny(kind === 'dept' ? 'dept_id' : 'role_id', [id])).executeTakeFirst();
    return row?.ids ? row.ids.split(',') : [];
  }

  /** The ids among `list` that are living roles, departments or users of the tenant. */
  async existing(tenantId: string, kind: 'user' | 'role' | 'dept', list: readonly unknown[]): Promise<string[]> {
    if (kind === 'user') return this.livingUsers(tenantId, list);
    const want = ids(list);
    if (!want.length) return [];
    const db = scoped(this.db, tenantId);
    const rows = kind === 'role'
      ? await db.selectFrom('bladeRole').select('id').where('isDeleted', '=', 0).where('id', 'in', want).execute()
      : await db.selectFrom('bladeDept').select('id').where('isDeleted', '=', 0).where('id', 'in', want).execute();
    return rows.map((r) => String(r.id));
  }

  /** Names of departments (deleted ones too: a card keeps naming where its user sits), in the order of `list`. */
  async deptNames(tenantId: string, list: readonly unknown[]): Promise<string[]> {
    const want = ids(list);
    if (!want.length) return [];
    const rows = await scoped(this.db, tenantId).selectFrom('bladeDept').select(['id', 'deptName']).where('id', 'in', want).execute();
    const byId = new Map(rows.map((r) => [String(r.id), r.deptName]));
    return want.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  }

  /** Names of living roles, by their sort. */
  async roleNames(tenantId: string, list: readonly unknown[]): Promise<string[]> {
    const want = ids(list);
    if (!want.length) return [];
    const rows = await scoped(this.db, tenantId).selectFrom('bladeRole').select('roleName').where('isDeleted', '=', 0).where('id', 'in', want).orderBy('sort').execute();
    return rows.map((r) => r.roleName);
  }

  /** The aliases of living roles (e.g. administrator), as the session carries them in roleName. */
  async roleAliases(tenantId: string, list: readonly unknown[]): Promise<string[]> {
    const want = ids(list);
    if (!want.length) return [];
    const rows = await scoped(this.db, tenantId).selectFrom('bladeRole').select('roleAlias').where('isDeleted', '=', 0).where('id', 'in', want).execute();
    return rows.map((r) => String(r.roleAlias ?? ''));
  }

  /** A living user's card, or undefined. */
  async profile(tenantId: string, id: unknown): Promise<Profile | undefined> {
    if (!isId(id)) return undefined;
    const db = scoped(this.db, tenantId);
    const u = await db.selectFrom('bladeUser').select(['id', 'account', 'realName', 'name', 'avatar', 'phone', 'email', 'deptId', 'roleId', 'postId'])
      .where('id', '=', String(id)).where('isDeleted', '=', 0).executeTakeFirst();
    if (!u) return undefined;
    const [deptId] = ids(String(u.deptId ?? '').split(','));
    const [postId] = ids(String(u.postId ?? '').split(','));
    const [dept, post] = await Promise.all([
      deptId ? db.selectFrom('bladeDept').select('deptName').where('id', '=', deptId).executeTakeFirst() : undefined,
      postId ? db.selectFrom('bladePost').select('postName').where('id', '=', postId).executeTakeFirst() : undefined,
    ]);
    return {
      id: String(u.id), account: u.account, realName: u.realName, name: u.name, avatar: u.avatar, phone: u.phone, email: u.email,
      deptId: String(u.deptId ?? ''), roleId: String(u.roleId ?? ''), postId: String(u.postId ?? ''),
      deptName: dept?.deptName ?? null, postName: post?.postName ?? null,
    };
  }

  /**
   * Where a living user sits now (a portal service's audience, 001 §4): their living departments,
   * roles and posts, and each department's ancestors (parents up to the root, '0' left out).
   * Undefined when the user is not (or no longer) one of the tenant's.
   */
  async memberships(tenantId: string, id: unknown): Promise<{ deptIds: string[]; roleIds: string[]; postIds: string[]; ancestors: Map<string, string[]> } | undefined> {
    if (!isId(id)) return undefined;
    const db = scoped(this.db, tenantId);
    const u = await db.selectFrom('bladeUser').select(['deptId', 'roleId', 'postId']).where('id', '=', String(id)).where('isDeleted', '=', 0).executeTakeFirst();
    if (!u) return undefined;
    const [depts, roles, posts] = [ids(String(u.deptId ?? '').split(',')), ids(String(u.roleId ?? '').split(',')), ids(String(u.postId ?? '').split(','))];
    const [deptRows, roleIds, postRows] = await Promise.all([
      depts.length ? db.selectFrom('bladeDept').select(['id', 'ancestors']).where('isDeleted', '=', 0).where('id', 'in', depts).execute() : [],
      this.existing(tenantId, 'role', roles),
      posts.length ? db.selectFrom('bladePost').select('id').where('isDeleted', '=', 0).where('id', 'in', posts).execute() : [],
    ]);
    const ancestors = new Map(deptRows.map((d) => [String(d.id), ids(String(d.ancestors ?? '').split(',')).filter((a) => a !== '0')]));
    return { deptIds: depts.filter((d) => ancestors.has(d)), roleIds, postIds: postRows.map((p) => String(p.id)), ancestors };
  }

  /** The living user with this phone number (SMS sign-in), the whole row as sign-in needs it. */
  async userByPhone(tenantId: string, phone: string) {
    if (!phone) return undefined;
    return scoped(this.db, tenantId).selectFrom('bladeUser').selectAll().where('phone', '=', phone).where('isDeleted', '=', 0).executeTakeFirst();
  }

  /** The tenant's public card (name, contact, domain, expiry), or null. */
  async tenantCard(tenantId: string) {
    return (await scoped(this.db, tenantId).selectFrom('bladeTenant').select(['tenantId', 'tenantName', 'linkman', 'contactNumber', 'domainUrl', 'expireTime'])
      .where('isDeleted', '=', 0).executeTakeFirst()) ?? null;
  }
}
