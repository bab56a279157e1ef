// Electronic seals and contracts (002 §7 "Signatures"): they need a signing provider configured
// in the signaturesConfig record (configInfo.provider); until one is, every call says so.
import { z } from 'zod';
import type { TypedApp } from '../../http/contract.ts';
import { ApiError } from '../../http/errors.ts';
import type { Message } from '../../http/messages.ts';
import type { ModuleDeps } from '../index.ts';

export const MSG = {
  notConfigured: ['电子签章服务未配置，请在系统配置 signaturesConfig 中设置服务商', 'No e-signature provider is configured; set one in the signaturesConfig system config'],
  unsupported: ['暂不支持该电子签章服务商：{provider}', 'This e-signature provider is not supported: {provider}'],
} as const satisfies Record<string, Message>;

export async function signatureRoutes(app: TypedApp, { configs }: ModuleDeps) {
  const refuse = async (tenantId: string): Promise<never> => {
    const cfg = await configs.get<{ provider?: string }>(tenantId, 'signaturesConfig');
    if (!cfg?.provider) throw new ApiError(400, MSG.notConfigured);
    throw new ApiError(400, MSG.unsupported, { provider: cfg.provider });
  };
  const tag = { tags: ['signature'] };
  app.get('/api/signatures/qys/getSealList', { schema: { ...tag, summary: 'Seals of the configured e-signature provider' } }, async (req) => refuse(req.user!.tenantId));
  app.post('/api/signatures/qys/saveSealInfo', { schema: { ...tag, summary: 'Save a seal at the provider', body: z.record(z.string(), z.unknown()).optional() } }, async (req) => refuse(req.user!.tenantId));
  app.post('/api/signatures/qys/checkSignatureExists', { schema: { ...tag, summary: 'Whether a signature exists at the provider', body: z.record(z.string(), z.unknown()).optional() } }, async (req) => refuse(req.user!.tenantId));
  app.get('/api/signatures/qys/viewElectronicContract/:id', { schema: { ...tag, summary: 'View a signed contract' } }, async (req) => refuse(req.user!.tenantId));
  app.get('/api/signatures/qys/downloadElectronicContract/:id', { schema: { ...tag, summary: 'Download a signed contract' } }, async (req) => refuse(req.user!.tenantId));
}
