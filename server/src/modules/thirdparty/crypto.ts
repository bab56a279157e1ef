// Parameter encryptions of third-party services (002 §3: UrlEncode, Base64, MD5, AES, SHA1, RSA).
//   UrlEncode  encodeURIComponent
//   Base64     UTF-8 bytes, standard alphabet
//   MD5, SHA1  lower-case hex digest of value + secretKey (the key is a salt; empty = plain digest)
//   AES        PKCS#7, answer Base64. secretKey of 16/24/32 characters = AES-128/192/256-ECB;
//              "key:iv" with a 16-character iv = AES-*-CBC
//   RSA        public-key encryption with the PEM in secretKey, PKCS#1 v1.5 padding (Java's
//              "RSA/ECB/PKCS1Padding"), answer Base64
import { constants, createCipheriv, createHash, createPublicKey, publicEncrypt } from 'node:crypto';

export const ENCRYPTIONS = ['UrlEncode', 'Base64', 'MD5', 'AES', 'SHA1', 'RSA'] as const;
export type Encryption = (typeof ENCRYPTIONS)[number];

export function aesSpec(secretKey: string): { algorithm: string; key: Buffer; iv: Buffer | null } | null {
  let keyText = secretKey;
  let iv: Buffer | null = null;
  const at = secretKey.lastIndexOf(':');
  if (at > 0 && Buffer.byteLength(secretKey.slice(at + 1)) === 16) {
    keyText = secretKey.slice(0, at);
    iv = Buffer.from(secretKey.slice(at + 1), 'utf8');
  }
  const key = Buffer.from(keyText, 'utf8');
  if (![16, 24, 32].includes(key.length)) return null;
  return { algorithm: `aes-${key.length * 8}-${iv ? 'cbc' : 'ecb'}`, key, iv };
}

export function validRsaKey(pem: string): boolean {
  try {
    createPublicKey(pem);
    return true;
  } catch {
    return false;
  }
}

export function encrypt(mode: string | null | undefined, value: string, secretKey: string | null | undefined): string {
  const secret = secretKey ?? '';
  switch (mode) {
    case 'UrlEncode': return encodeURIComponent(value);
    case 'Base64': return Buffer.from(value, 'utf8').toString('base64');
    case 'MD5': return createHash('md5').update(value + secret, 'utf8').digest('hex');
    case 'SHA1': return createHash('sha1').update(value + secret, 'utf8').digest('hex');
    case 'AES': {
      const spec = aesSpec(secret);
      if (!spec) throw new Error('AES key must be 16, 24 or 32 characters');
      const c = createCipheriv(spec.algorithm, spec.key, spec.iv);
      return Buffer.concat([c.update(value, 'utf8'), c.final()]).toString('base64');
    }
    case 'RSA':
      return publicEncrypt({ key: createPublicKey(secret), padding: constants.RSA_PKCS1_PADDING }, Buffer.from(value, 'utf8')).toString('base64');
    default: return value;
  }
}
