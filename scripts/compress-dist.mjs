#!/usr/bin/env node
// After `vite build`: writes .br and .gz beside every text asset of the build, so the server
// (@fastify/static preCompressed) answers compressed bytes without compressing per request.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? 'dist';
const TEXT = /\.(js|mjs|css|html|svg|json|txt|map)$/;
let before = 0;
let after = 0;
for (const name of readdirSync(dir, { recursive: true }).map(String)) {
  const file = join(dir, name);
  if (!TEXT.test(name) || statSync(file).size < 1024) continue;
  const raw = readFileSync(file);
  const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
  before += raw.length;
  after += br.length;
}
console.log(`compressed ${(before / 1024).toFixed(0)} KB of text assets to ${(after / 1024).toFixed(0)} KB (brotli), .gz beside`);
