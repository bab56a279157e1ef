// The home page's 通知公告: the newest notices of the caller's tenant, for everyone signed in (the
// 通知公告 screen under 系统管理, with its view / add / edit / delete buttons, stays the managers').
// Only notices already released; content is the stored rich text (the web sanitizes it).
import { sql } from 'kysely';
import { z } from 'zod';
import { scoped } from '../../db/tenant-scope.ts';
import { me } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { ModuleDeps } from '../index.ts';
import type { TypedApp } from '../../http/contract.ts';

export async function noticeBoardRoutes(app: TypedApp, { db }: ModuleDeps): Promise<void> {
  app.get('/api/blade-desk/notice/latest', {
    schema: {
      tags: ['desk'],
      summary: 'The newest released notices of the caller\'s tenant for the home page, newest first: [{id, title, category, releaseTime, content}]; size 1..20 (default 5); any signed-in user',
      querystring: z.object({ size: z.coerce.number().int().min(1).max(20).optional() }).passthrough(),
    },
  }, async (req) => {
    const size = req.query.size ?? 5;
    const rows = await scoped(db, me(req).tenantId).selectFrom('bladeNotice').select(['id', 'title', 'category', 'releaseTime', 'content'])
      .where('isDeleted', '=', 0)
      .where((eb) => eb.or([eb('releaseTime', 'is', null), eb('releaseTime', '<=', sql<string>`now()`)]))
      .orderBy('releaseTime', 'desc').orderBy('id', 'desc').limit(size).execute();
    return ok(rows.map((r) => ({ ...r, id: String(r.id) })));
  });
}
