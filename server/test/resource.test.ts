// Uploads judged by content, attachments, storage providers, SMS codes and phone sign-in.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { createHmac } from 'node:crypto';
import { after, before, test } from 'node:test';
import { BASIC, forEachDatabase, startServer, type TestServer } from './harness.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082', 'hex');

await forEachDatabase('resource', (kind) => {
  let s: TestServer;
  let admin: string;
  let gateway: Server;
  let gatewayUrl = '';
  const sent: { body: any; signature: string; key: string }[] = [];
  before(async () => {
    s = await startServer({ kind, config: { egressAllow: ['127.0.0.1/32'] } }); // the SMS gateway and S3 peers are on loopback
    admin = (await s.login()).access_token;
    // a real SMS gateway on loopback
    gateway = createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        sent.push({ body: JSON.parse(data), signature: String(req.headers['x-signature']), key: String(req.headers['x-access-key']) });
        res.writeHead(JSON.parse(data).phones.includes('13900000000') ? 500 : 200).end('{"ok":true}');
      });
    });
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    gatewayUrl = `http://127.0.0.1:${(gateway.address() as { port: number }).port}/send`;
  });
  after(async () => { gateway?.close(); await s?.close(); });

  const upload = (name: string, bytes: Buffer, query = '') => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    return s.api(`/api/blade-resource/oss/endpoint/put-file${query}`, { method: 'POST', token: admin, body: form });
  };

  test('uploads are judged by content, not only by name', async () => {
    const ok = await upload('照片.png', PNG);
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.match(ok.body.data.attachId, /^\d+$/);
    assert.equal((await upload('notes.txt', Buffer.from('会议纪要\n第一项'))).status, 200);
    assert.equal((await upload('logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>'))).status, 200);
    const exe = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), Buffer.alloc(200)]);
    const disguised = await upload('photo.png', exe);
    assert.equal(disguised.status, 400);
    assert.equal(disguised.body.msg, '请勿上传非法文件！');
    assert.equal((await upload('fake.pdf', Buffer.from('just text'))).body.msg, '请勿上传非法文件！');
    assert.equal((await upload('run.sh', Buffer.from('#!/bin/sh'))).body.msg, '请勿上传非法文件！');
    const narrowed = await upload('notes.txt', Buffer.from('hello'), '?accept=image');
    assert.equal(narrowed.body.msg, '仅允许上传jpg、jpeg、png、gif、bmp、webp、svg');
    const file = await fetch(s.url + ok.body.data.link);
    assert.deepEqual(Buffer.from(await file.arrayBuffer()), PNG);
    assert.match(file.headers.get('content-security-policy') ?? '', /sandbox/);
  });

  test('attachments list every upload; download keeps the original name; remove hides it', async () => {
    const up = (await upload('课程表.png', PNG)).body.data;
    const list = (await s.api('/api/blade-resource/attach/list?originalName=课程表', { token: admin })).body.data;
    assert.equal(list.total, 1);
    assert.equal(list.records[0].attachSize, PNG.length);
    const dl = await fetch(`${s.url}/api/blade-resource/attach/download?id=${up.attachId}`, { headers: { 'Blade-Auth': `bearer ${admin}` } });
    assert.equal(dl.status, 200);
    assert.match(dl.headers.get('content-disposition') ?? '', /filename\*=UTF-8''%E8%AF%BE/);
    const other = (await s.login('admin', 'admin', '100001')).access_token;
    assert.equal((await s.api(`/api/blade-resource/attach/detail?id=${up.attachId}`, { token: other })).body.data, null);
    assert.equal((await s.api(`/api/blade-resource/attach/remove?ids=${up.attachId}`, { method: 'POST', token: admin })).status, 200);
    assert.equal((await s.api(`/api/blade-resource/attach/download?id=${up.attachId}`, { token: admin })).status, 404);
  });

  test('with an enabled S3-compatible provider, uploads go to the object store with signed requests', async () => {
    const objects = new Map<string, Buffer>();
    const auths: string[] = [];
    const s3 = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        auths.push(String(req.headers.authorization ?? ''));
        if (!/^AWS4-HMAC-SHA256 Credential=campusak\/\d{8}\/cn-east-1\/s3\/aws4_request, SignedHeaders=[^,]+, Signature=[0-9a-f]{64}$/.test(String(req.headers.authorization))) return res.writeHead(403).end('<Error>SignatureDoesNotMatch</Error>');
        if (req.method === 'PUT') { objects.set(String(req.url), Buffer.concat(chunks)); return res.writeHead(200).end(); }
        const o = objects.get(String(req.url));
        return o ? res.writeHead(200).end(o) : res.writeHead(404).end();
      });
    });
    await new Promise<void>((r) => s3.listen(0, '127.0.0.1', r));
    const endpoint = `http://127.0.0.1:${(s3.address() as { port: number }).port}`;
    try {
      const p = (await s.api('/api/blade-resource/oss/submit', { method: 'POST', token: admin, json: { category: 1, ossCode: 'minio-s3', endpoint, accessKey: 'campusak', secretKey: 'campussk', bucketName: 'campus', region: 'cn-east-1' } })).body.data;
      await s.api(`/api/blade-resource/oss/enable?id=${p.id}`, { method: 'POST', token: admin });
      const up = (await upload('对象.png', PNG)).body.data;
      assert.match(up.link, new RegExp(`^${endpoint}/campus/\\d{8}/[a-f0-9]{32}\\.png$`));
      assert.equal(up.domain, endpoint);
      assert.deepEqual([...objects.values()][0], PNG);
      const dl = await fetch(`${s.url}/api/blade-resource/attach/download?id=${up.attachId}`, { headers: { 'Blade-Auth': `bearer ${admin}` } });
      assert.deepEqual(Buffer.from(await dl.arrayBuffer()), PNG);
      // wrong keys: the store refuses, the upload answers why
      await s.api('/api/blade-resource/oss/submit', { method: 'POST', token: admin, json: { id: p.id, category: 1, ossCode: 'minio-s3', endpoint, accessKey: 'wrong', secretKey: 'x', bucketName: 'campus', region: 'cn-east-1' } });
      const refused = await upload('对象.png', PNG);
      assert.equal(refused.body.msg, '对象存储写入失败：HTTP 403');
    } finally {
      await s.server.database.db.updateTable('bladeOss').set({ isEnabled: 0 }).execute();
      s3.close();
    }
  });

  test('storage providers: CRUD keeps the secret out of answers; one enabled per tenant', async () => {
    const a = (await s.api('/api/blade-resource/oss/submit', { method: 'POST', token: admin, json: { category: 1, ossCode: 'minio-a', endpoint: 'http://127.0.0.1:9000', accessKey: 'ak', secretKey: 'sk', bucketName: 'campus' } })).body.data;
    assert.equal(a.secretKey, undefined);
    const b = (await s.api('/api/blade-resource/oss/submit', { method: 'POST', token: admin, json: { category: 1, ossCode: 'minio-b', endpoint: 'http://127.0.0.1:9001', bucketName: 'campus' } })).body.data;
    await s.api(`/api/blade-resource/oss/enable?id=${a.id}`, { method: 'POST', token: admin });
    await s.api(`/api/blade-resource/oss/enable?id=${b.id}`, { method: 'POST', token: admin });
    const rows = (await s.api('/api/blade-resource/oss/list', { token: admin })).body.data.records;
    assert.deepEqual(rows.filter((r: { isEnabled: number }) => r.isEnabled === 1).map((r: { ossCode: string }) => r.ossCode), ['minio-b']);
    assert.equal((await s.api('/api/blade-resource/oss/submit', { method: 'POST', token: admin, json: { category: 1, ossCode: 'x', endpoint: 'not a url', bucketName: 'b' } })).status, 400);
  });

  test('SMS: codes go out through the enabled gateway, signed; phone sign-in uses them once', async () => {
    const none = await s.api('/api/blade-resource/sms/endpoint/send-validate?tenantId=000000&phone=13800000002');
    assert.equal(none.body.msg, '未启用短信服务，请联系管理员');
    const before = await s.api(`/api/blade-auth/oauth/token?tenantId=000000&grant_type=sms_code&phone=13800000002&codeId=x&codeValue=1`, { method: 'POST', headers: { Authorization: BASIC } });
    assert.match(before.body.error_description, /未配置/);
    const p = (await s.api('/api/blade-resource/sms/submit', { method: 'POST', token: admin, json: { category: 1, smsCode: 'gw', templateId: 'T001', endpoint: gatewayUrl, accessKey: 'key1', secretKey: 'secret1', signName: '示范大学' } })).body.data;
    await s.api(`/api/blade-resource/sms/enable?id=${p.id}`, { method: 'POST', token: admin });
    const sentCode = await s.api('/api/blade-resource/sms/endpoint/send-validate?tenantId=000000&phone=13800000002');
    assert.equal(sentCode.status, 200, JSON.stringify(sentCode.body));
    const msg = sent.at(-1)!;
    assert.deepEqual(msg.body.phones, ['13800000002']);
    assert.equal(msg.key, 'key1');
    assert.equal(msg.signature, createHmac('sha256', 'secret1').update(JSON.stringify(msg.body)).digest('hex'));
    const code = msg.body.params.code;
    assert.match(code, /^\d{6}$/);
    assert.equal((await s.api('/api/blade-resource/sms/endpoint/send-validate?tenantId=000000&phone=13800000002')).body.msg.startsWith('验证码发送过于频繁'), true);
    const wrong = await s.api(`/api/blade-auth/oauth/token?tenantId=000000&grant_type=sms_code&phone=13800000002&codeId=${sentCode.body.data.id}&codeValue=000000x`, { method: 'POST', headers: { Authorization: BASIC } });
    assert.equal(wrong.body.error_description, '验证码错误或已失效');
    const good = await s.api(`/api/blade-auth/oauth/token?tenantId=000000&grant_type=sms_code&phone=13800000002&codeId=${sentCode.body.data.id}&codeValue=${code}`, { method: 'POST', headers: { Authorization: BASIC } });
    assert.equal(good.status, 200, JSON.stringify(good.body));
    assert.equal(good.body.account, 'user');
    const again = await s.api(`/api/blade-auth/oauth/token?tenantId=000000&grant_type=sms_code&phone=13800000002&codeId=${sentCode.body.data.id}&codeValue=${code}`, { method: 'POST', headers: { Authorization: BASIC } });
    assert.equal(again.status, 400, 'a code is good once');
    const tmpl = await s.api('/api/blade-resource/sms/endpoint/send-message', { method: 'POST', token: admin, json: { phones: '13800000001,13800000002', params: '{"title":"放假"}' } });
    assert.equal(tmpl.status, 200);
    assert.deepEqual(sent.at(-1)!.body.params, { title: '放假' });
    const fails = await s.api('/api/blade-resource/sms/endpoint/send-message', { method: 'POST', token: admin, json: { phones: ['13900000000'] } });
    assert.equal(fails.body.msg, '短信发送失败：HTTP 500');
    const v = await s.api('/api/blade-resource/sms/validate-message', { method: 'POST', json: { id: 'nope', phone: '13800000002', value: '123456' } });
    assert.equal(v.status, 400);
  });
}, { both: true });
