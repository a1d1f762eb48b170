import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaFor, createTestApp, clientHeaders, type TestApp } from '../../test/harness.ts';
import { configureRegistration, createAccount, createEnterprise } from '../../test/factories.ts';
import { uploadServiceOf } from './upload.service.ts';

const PIC = '/gateway/system/auth/upload/pic';
const PRIVATE = '/gateway/system/api/upload/private/file';
const HEADSHOT_URL = '/gateway/user/auth/enterprise/user/info/get/headshot/url';
const UPDATE = '/gateway/user/auth/enterprise/user/info/update';
const CURRENT = '/gateway/user/auth/enterprise/user/info/current/view';
const SEND_CODE = '/gateway/user/api/common/send/verification/code';

/** A 1×1 PNG and the start of a JPEG: what file-type recognises by content. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
  Buffer.alloc(64),
]);

let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
let b: Awaited<ReturnType<typeof createEnterprise>>;
beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(t.database.db);
  b = await createEnterprise(t.database.db);
  // Both sites register with the one-inch photo on their form.
  for (const { eid } of [a, b]) await configureRegistration(t.database.db, eid, [{ field: 'headshot' }]);
});
afterAll(async () => t?.close());

function multipart(field: string, filename: string, data: Buffer, type = 'application/octet-stream') {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function signedIn(eid: number) {
  const person = await createAccount(t.database.db, [eid]);
  return (await t.platform.sessions.create(person.accountId, eid)).token;
}

let phones = 0;
/**
 * A registration in progress on the site of `domain`: its SMS code sent for a new phone; answers
 * the ticket cookie that answer set (name=value), as the browser sends it back to the upload.
 */
async function registering(domain = a.domain): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: SEND_CODE,
    headers: clientHeaders(domain),
    payload: {
      phone: `139${String(Date.now() % 1e4).padStart(4, '0')}${String(phones++).padStart(4, '0')}`,
      verificationCodeType: 1,
      ...(await captchaFor(t)),
    },
  });
  expect(res.json().code).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'regTicket');
  expect(cookie).toMatchObject({ path: PRIVATE, httpOnly: true, sameSite: 'Strict' });
  return `regTicket=${cookie!.value}`;
}

/** An upload: with a session `token`, else with a registration ticket (made for `domain` unless given). */
async function upload(
  url: string,
  body: ReturnType<typeof multipart>,
  token?: string,
  domain = a.domain,
  ticket?: string | null,
) {
  const cookie = token || url !== PRIVATE || ticket === null ? undefined : (ticket ?? (await registering(domain)));
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      ...clientHeaders(domain),
      'content-type': body.contentType,
      ...(token ? { token } : {}),
      ...(cookie ? { cookie } : {}),
    },
    payload: body.payload,
  });
}

function json(method: 'GET' | 'PUT', url: string, token: string, payload?: object) {
  return t.app.inject({ method, url, headers: { ...clientHeaders(a.domain), token }, ...(payload ? { payload } : {}) });
}

describe('avatar', () => {
  it('uploads a PNG, serves it back publicly, and keeps it as the avatar', async () => {
    const token = await signedIn(a.eid);
    const res = (await upload(PIC, multipart('picFile', 'me.png', PNG), token)).json();
    expect(res.code).toBe(200);
    expect(res.data.url).toMatch(new RegExp(`^/uploads/avatars/${a.eid}/[\\w-]+\\.png$`));
    const file = await t.app.inject({ method: 'GET', url: res.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);

    expect((await json('PUT', UPDATE, token, { headPortrait: res.data.url })).json().code).toBe(200);
    expect((await json('GET', CURRENT, token)).json().data.headPortrait).toBe(res.data.url);
  });

  it('takes the type from the content: a JPEG named .png is a JPEG, text named .png is refused', async () => {
    const token = await signedIn(a.eid);
    const jpeg = (await upload(PIC, multipart('picFile', 'photo.png', JPEG, 'image/png'), token)).json();
    expect(jpeg.data.url).toMatch(/\.jpg$/);
    const text = (
      await upload(PIC, multipart('picFile', 'evil.png', Buffer.from('<svg onload=alert(1)>'), 'image/png'), token)
    ).json();
    expect(text).toEqual({ code: 400, message: '上传头像图片只能是 JPG | JPEG | PNG 格式！', data: null });
  });

  it('refuses more than 500 KB (413 with the spec text) and a request without the file part', async () => {
    const token = await signedIn(a.eid);
    const big = Buffer.concat([PNG, Buffer.alloc(500 * 1024)]);
    const res = await upload(PIC, multipart('picFile', 'big.png', big), token);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 413, message: '上传头像图片大小不能超过 500kb！' });
    const wrongField = (await upload(PIC, multipart('other', 'me.png', PNG), token)).json();
    expect(wrongField).toMatchObject({ code: 400, message: '参数错误：请选择要上传的文件' });
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: PIC,
      headers: { ...clientHeaders(a.domain), token },
      payload: { picFile: 'not a file' },
    });
    expect(notMultipart.json()).toMatchObject({ code: 400, message: '参数错误：请选择要上传的文件' });
  });

  it('needs a session; an avatar of another enterprise or from elsewhere cannot be kept', async () => {
    expect((await upload(PIC, multipart('picFile', 'me.png', PNG))).json().code).toBe(301);
    const inB = await signedIn(b.eid);
    const other = (await upload(PIC, multipart('picFile', 'me.png', PNG), inB, b.domain)).json().data.url;
    const token = await signedIn(a.eid);
    for (const headPortrait of [
      other,
      'https://evil.example.com/a.png',
      '/uploads/avatars/../../keys/x.png',
      `/uploads/avatars/${a.eid}/x`,
      `/uploads/avatars/${a.eid}/../k.png`,
    ]) {
      const res = (await json('PUT', UPDATE, token, { headPortrait })).json();
      expect(res).toMatchObject({ code: 400, message: '头像图片无效，请重新上传' });
    }
  });
});

describe('one-inch photo', () => {
  it('uploads without a session (registration), is served only through a signed, short-lived link', async () => {
    const res = (await upload(PRIVATE, multipart('file', 'headshot.jpg', JPEG))).json();
    expect(res.code).toBe(200);
    expect(res.data.key).toMatch(new RegExp(`^private/${a.eid}/[\\w-]+\\.jpg$`));
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${res.data.key}` })).statusCode).toBe(404);
    const signed = await t.app.inject({ method: 'GET', url: res.data.url });
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['content-type']).toBe('image/jpeg');
    const tampered = res.data.url.replace(/sig=./, 'sig=A');
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
    const expired = t.platform.signer.url(res.data.key, -1000);
    expect((await t.app.inject({ method: 'GET', url: expired })).statusCode).toBe(404);
  });

  it('is kept as the headshot of the signed-in person and read back by a fresh link', async () => {
    const token = await signedIn(a.eid);
    expect((await json('GET', HEADSHOT_URL, token)).json().data).toEqual({ url: '' });
    const { key } = (await upload(PRIVATE, multipart('file', 'h.png', PNG), token)).json().data;
    expect((await json('PUT', UPDATE, token, { headshot: key })).json().code).toBe(200);
    const { url } = (await json('GET', HEADSHOT_URL, token)).json().data;
    expect(url).toMatch(new RegExp(`^/uploads/${key}\\?expires=\\d+&sig=`));
    expect((await t.app.inject({ method: 'GET', url })).rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses more than 1024 KB, other types, and a key of another enterprise', async () => {
    const big = await upload(PRIVATE, multipart('file', 'h.png', Buffer.concat([PNG, Buffer.alloc(1024 * 1024)])));
    expect(big.json()).toMatchObject({ code: 413, message: '文件大小不能超过1024KB' });
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    expect((await upload(PRIVATE, multipart('file', 'h.gif', gif))).json()).toMatchObject({
      code: 400,
      message: '请上传JPG、JPEG、PNG格式的文件',
    });
    const inB = (await upload(PRIVATE, multipart('file', 'h.png', PNG), undefined, b.domain)).json().data.key;
    const token = await signedIn(a.eid);
    expect((await json('PUT', UPDATE, token, { headshot: inB })).json()).toMatchObject({
      code: 400,
      message: '一寸照无效，请重新上传',
    });
  });
});

describe('one-inch photo without a session: only a registration in progress on a site that registers', () => {
  const refusal = { code: 403, message: '请先获取短信验证码，再上传一寸照', data: null };

  it('is refused without the ticket a registration code gives, and with a ticket of another site', async () => {
    expect((await upload(PRIVATE, multipart('file', 'h.png', PNG), undefined, a.domain, null)).json()).toEqual(refusal);
    const forB = await registering(b.domain);
    expect((await upload(PRIVATE, multipart('file', 'h.png', PNG), undefined, a.domain, forB)).json()).toEqual(refusal);
    const forged = forB.replace(/=(.)/, (_m, c: string) => `=${c === 'A' ? 'B' : 'A'}`);
    expect((await upload(PRIVATE, multipart('file', 'h.png', PNG), undefined, b.domain, forged)).json()).toEqual(
      refusal,
    );
    expect((await upload(PRIVATE, multipart('file', 'h.png', PNG), undefined, b.domain, forB)).json().code).toBe(200);
  });

  it('is refused once the ticket is older than half an hour, in English too', async () => {
    const old = t.platform.signer.seal(
      { p: 'registration-upload', eid: String(a.eid) },
      30 * 60_000,
      Date.now() - 31 * 60_000,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: PRIVATE,
      headers: {
        ...clientHeaders(a.domain, { lang: 'en', cookie: `regTicket=${old}` }),
        'content-type': multipart('file', 'h.png', PNG).contentType,
      },
      payload: multipart('file', 'h.png', PNG).payload,
    });
    expect(res.json()).toEqual({
      code: 403,
      message: 'Please get the SMS code first, then upload the one-inch photo',
      data: null,
    });
  });

  it('is refused where the site does not register (3011), which sends no registration code either', async () => {
    const closed = await createEnterprise(t.database.db, { settings: { registerOpenSet: false } });
    await configureRegistration(t.database.db, closed.eid, [{ field: 'headshot' }]);
    const code = await t.app.inject({
      method: 'POST',
      url: SEND_CODE,
      headers: clientHeaders(closed.domain),
      payload: { phone: '13912340000', verificationCodeType: 1, ...(await captchaFor(t)) },
    });
    expect(code.json()).toEqual({ code: 3011, message: '当前平台未开放注册', data: null });
    expect(code.cookies.find((c) => c.name === 'regTicket')).toBeUndefined();
    // Not even with a ticket made while it registered.
    const ticket = `regTicket=${t.platform.signer.seal({ p: 'registration-upload', eid: String(closed.eid) }, 60_000)}`;
    const res = await upload(PRIVATE, multipart('file', 'h.png', PNG), undefined, closed.domain, ticket);
    expect(res.json()).toEqual({ code: 3011, message: '当前平台未开放注册', data: null });
    // A member of that site still keeps a one-inch photo on the profile page.
    const token = await signedIn(closed.eid);
    expect((await upload(PRIVATE, multipart('file', 'h.png', PNG), token, closed.domain)).json().code).toBe(200);
  });

  it("is refused where the site's registration form does not ask for the photo", async () => {
    const plain = await createEnterprise(t.database.db);
    const ticket = await registering(plain.domain);
    const res = await upload(PRIVATE, multipart('file', 'h.png', PNG), undefined, plain.domain, ticket);
    expect(res.json()).toEqual({ code: 403, message: '当前平台注册无需上传一寸照', data: null });
  });
});

describe('unused uploads', () => {
  const DAY = 24 * 60 * 60_000;
  const later = (ms: number) => new Date(Date.now() + ms);
  const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

  it("another person's avatar of the same enterprise cannot be kept", async () => {
    const owner = await signedIn(a.eid);
    const url = (await upload(PIC, multipart('picFile', 'me.png', PNG), owner)).json().data.url;
    const other = await signedIn(a.eid);
    expect((await json('PUT', UPDATE, other, { headPortrait: url })).json()).toMatchObject({
      code: 400,
      message: '头像图片无效，请重新上传',
    });
    expect((await json('PUT', UPDATE, owner, { headPortrait: url })).json().code).toBe(200);
  });

  it('an upload nothing uses is deleted after a day; one in use stays; a replaced one goes a day later', async () => {
    const token = await signedIn(a.eid);
    const unused = (await upload(PIC, multipart('picFile', 'a.png', PNG), token)).json().data.url;
    const first = (await upload(PIC, multipart('picFile', 'b.png', PNG), token)).json().data.url;
    expect((await json('PUT', UPDATE, token, { headPortrait: first })).json().code).toBe(200);

    expect(await uploadServiceOf(t.platform).sweep(later(DAY - 60_000))).toBe(0);
    expect(await uploadServiceOf(t.platform).sweep(later(DAY + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await served(unused)).toBe(404);
    expect(await served(first)).toBe(200);
    // Once swept, it cannot be kept either.
    expect((await json('PUT', UPDATE, token, { headPortrait: unused })).json().code).toBe(400);

    const second = (await upload(PIC, multipart('picFile', 'c.png', PNG), token)).json().data.url;
    expect((await json('PUT', UPDATE, token, { headPortrait: second })).json().code).toBe(200);
    await uploadServiceOf(t.platform).sweep(later(DAY - 60_000));
    expect(await served(first)).toBe(200);
    await uploadServiceOf(t.platform).sweep(later(DAY + 60_000));
    expect(await served(first)).toBe(404);
    expect(await served(second)).toBe(200);
    expect((await json('GET', CURRENT, token)).json().data.headPortrait).toBe(second);
  });

  it('a registration photo given up is deleted; a failed save releases the picture it had claimed', async () => {
    const { key } = (await upload(PRIVATE, multipart('file', 'h.png', PNG))).json().data;
    const token = await signedIn(a.eid);
    const avatar = (await upload(PIC, multipart('picFile', 'a.png', PNG), token)).json().data.url;
    // The avatar is fine, the one-inch photo is another enterprise's: nothing is saved.
    const inB = (await upload(PRIVATE, multipart('file', 'h.png', PNG), undefined, b.domain)).json().data.key;
    expect((await json('PUT', UPDATE, token, { headPortrait: avatar, headshot: inB })).json().code).toBe(400);
    expect((await json('GET', CURRENT, token)).json().data.headPortrait).not.toBe(avatar);
    await uploadServiceOf(t.platform).sweep(later(DAY + 60_000));
    expect(await served(t.platform.signer.url(key))).toBe(404);
    expect(await served(avatar)).toBe(404);
  });

  it("a cancelled account's pictures are deleted at once", async () => {
    const token = await signedIn(a.eid);
    const avatar = (await upload(PIC, multipart('picFile', 'a.png', PNG), token)).json().data.url;
    expect((await json('PUT', UPDATE, token, { headPortrait: avatar })).json().code).toBe(200);
    const session = await t.platform.sessions.authenticate(token);
    const keys = await uploadServiceOf(t.platform).keysOf(session.accountId);
    expect(keys).toEqual([avatar.replace('/uploads/', '')]);
    await uploadServiceOf(t.platform).deleteNow(keys);
    expect(await served(avatar)).toBe(404);
    // Nobody can take the key over afterwards.
    const other = await signedIn(a.eid);
    expect((await json('PUT', UPDATE, other, { headPortrait: avatar })).json().code).toBe(400);
  });
});

describe('pictures saved before the uploads ledger', () => {
  it('are recorded by migration 0013 as claimed: they can be saved again and go once replaced', async () => {
    const { readFile } = await import('node:fs/promises');
    const { sql } = await import('drizzle-orm');
    const token = await signedIn(a.eid);
    const session = await t.platform.sessions.authenticate(token);
    const key = `avatars/${a.eid}/legacyAvatarFromBefore01.png`;
    await t.platform.storage.put(key, PNG);
    await t.database.db.execute(
      sql`UPDATE enterprise_users SET head_portrait = ${`/uploads/${key}`} WHERE account_id = ${session.accountId}`,
    );
    // Before the backfill the ledger does not know it.
    expect((await json('PUT', UPDATE, token, { headPortrait: `/uploads/${key}` })).json().code).toBe(400);
    const file = new URL('../../../../../packages/db/migrations/0013_uploads_backfill.sql', import.meta.url);
    for (const statement of (await readFile(file, 'utf8')).split('--> statement-breakpoint')) {
      await t.database.db.execute(sql.raw(statement));
    }
    expect((await json('PUT', UPDATE, token, { headPortrait: `/uploads/${key}` })).json().code).toBe(200);
    await uploadServiceOf(t.platform).sweep(new Date(Date.now() + 2 * 24 * 60 * 60_000));
    expect(await t.platform.storage.get(key)).not.toBeNull();
    const next = (await upload(PIC, multipart('picFile', 'n.png', PNG), token)).json().data.url;
    expect((await json('PUT', UPDATE, token, { headPortrait: next })).json().code).toBe(200);
    await uploadServiceOf(t.platform).sweep(new Date(Date.now() + 2 * 24 * 60 * 60_000));
    expect(await t.platform.storage.get(key)).toBeNull();
  });

  it('an avatar cannot be a one-inch photo, nor the other way round', async () => {
    const token = await signedIn(a.eid);
    const avatar = (await upload(PIC, multipart('picFile', 'a.png', PNG), token)).json().data.url as string;
    const { key } = (await upload(PRIVATE, multipart('file', 'h.png', PNG), token)).json().data;
    expect((await json('PUT', UPDATE, token, { headshot: avatar.replace('/uploads/', '') })).json().code).toBe(400);
    expect((await json('PUT', UPDATE, token, { headPortrait: `/uploads/${key}` })).json().code).toBe(400);
  });
});
