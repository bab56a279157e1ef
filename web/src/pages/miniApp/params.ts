// The micro-app shell's params (001 §2.2): a base64 JSON object {appId, appName, createUser}, in the
// route (/miniApp/home/index/{params}, /webapp/myApp/{params}) or the query (?params=). Written
// URL-safe (- and _ instead of + and /, no padding) so it survives a path segment; read either way.
// The AI box adds sql (§2.8).

export interface AppParams {
  appId: string;
  appName: string;
  createUser?: string;
  sql?: string;
}

const toBase64 = (text: string): string => {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
};

export function encodeParams(p: AppParams): string {
  return toBase64(JSON.stringify(p)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The params, or null when the text is not such an object (a hand-typed or cut address). */
export function decodeParams(text: string | null | undefined): AppParams | null {
  if (!text) return null;
  try {
    const b64 = decodeURIComponent(text).replace(/-/g, '+').replace(/_/g, '/');
    const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    const json = new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
    const v = JSON.parse(json) as Partial<AppParams>;
    if (!v || typeof v !== 'object' || !/^\d{1,19}$/.test(String(v.appId ?? ''))) return null;
    return { appId: String(v.appId), appName: String(v.appName ?? ''), createUser: v.createUser ? String(v.createUser) : undefined, sql: v.sql ? String(v.sql) : undefined };
  } catch {
    return null;
  }
}
