// System config records (sysConfig, casConfig, signaturesConfig, AIConfig): one JSON document per
// key and tenant. Other modules read them through here.
import type { Db } from '../../db/index.ts';
import { scoped } from '../../db/tenant-scope.ts';

export const PUBLIC_CONFIG_KEYS = new Set(['sysConfig', 'casConfig']);

export interface CasConfig {
  enable?: boolean | string;
  casServerUrlPrefix?: string;
  casServerHostUrl?: string;
  serverPort?: string;
  casServerLoginUrl?: string;
  casServerLogoutUrl?: string;
}

export class ConfigService {
  constructor(private readonly db: Db) {}

  async get<T = Record<string, unknown>>(tenantId: string, key: string): Promise<T | null> {
    const row = await scoped(this.db, tenantId).selectFrom('bladeSystemConfig').select('configInfo')
      .where('configKey', '=', key).where('isDeleted', '=', 0).executeTakeFirst();
    if (!row) return null;
    try {
      return JSON.parse(String(row.configInfo)) as T;
    } catch {
      return null;
    }
  }

  async cas(tenantId: string): Promise<CasConfig | null> {
    const c = await this.get<CasConfig>(tenantId, 'casConfig');
    return c && (c.enable === true || c.enable === 'true' || c.enable === 1 as unknown) ? c : null;
  }
}
