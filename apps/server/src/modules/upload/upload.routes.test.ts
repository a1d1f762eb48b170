import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GATEWAY_PREFIX,
  getHeadshotUrl,
  sendVerificationCode,
  updateUserInfo,
  uploadPic,
  uploadPrivateFile,
  viewCurrentUser,
  type CallDef,
  type CallRequest,
} from '@portal/contract';
import { captchaFor, createTestApp, unchecked, type TestApp, type UploadFile } from '../../test/harness.ts';
import { REGISTRATION_TICKET_PURPOSE } from '../registration-form/index.ts';
import { configureRegistration, createAccount, createEnterprise } from '../../test/factories.ts';
import { uploadServiceOf } from './upload.service.ts';

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

/** A file of the form (`field` its name), as t.call sends it (multipart/form-data). */
const multipart = (field: string, filename: string, data: Buffer, type?: string): UploadFile => ({
  field,
  filename,
  data,
  ...(type ? { type } : {}),
});

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
  const res = await t.call(
    sendVerificationCode,
    {
      phone: `139${String(Date.now() % 1e4).padStart(4, '0')}${String(phones++).padStart(4, '0')}`,
      verificationCodeType: 1,
      ...(await captchaFor(t)),
    },
    { as: { domain }, raw: true },
  );
  expect(res.body.code).toBe(200);
  const cookie = res.response.cookies.find((c) => c.name === 'regTicket');
  expect(cookie).toMatchObject({ path: GATEWAY_PREFIX + uploadPrivateFile.path, httpOnly: true, sameSite: 'Strict' });
  return `regTicket=${cookie!.value}`;
}

/** An upload: with a session `token`, else with a registration ticket (made for `domain` unless given). */
async function upload<D extends typeof uploadPic | typeof uploadPrivateFile>(
  def: D,
  file: UploadFile,
  token?: string,
  domain = a.domain,
  ticket?: string | null,
  lang?: string,
) {
  const cookie =
    token || def.path !== uploadPrivateFile.path || ticket === null
      ? undefined
      : (ticket ?? (await registering(domain)));
  const res = await t.call(def, unchecked({}), {
    as: { domain, ...(token ? { token } : {}) },
    file,
    ...(cookie ? { headers: { cookie } } : {}),
    ...(lang ? { lang } : {}),
    raw: true,
  });
  return { json: () => res.body, statusCode: res.status };
}

/** A JSON call of a signed-in person on 甲's site; `json()` is its envelope. */
async function json<C extends CallDef>(def: C, token: string, input?: CallRequest<C>) {
  const body = await t.call(def, input ?? unchecked({}), { as: { domain: a.domain, token } });
  return { json: () => body };
}

/** A file the portal serves (`/uploads/…`, not a gateway call): the HTTP response itself. */
const fetchFile = (url: string) => t.app.inject({ method: 'GET', url });

describe('avatar', () => {
  it('uploads a PNG, serves it back publicly, and keeps it as the avatar', async () => {
    const token = await signedIn(a.eid);
    const res = (await upload(uploadPic, multipart('picFile', 'me.png', PNG), token)).json();
    expect(res.code).toBe(200);
    expect(res.data.url).toMatch(new RegExp(`^/uploads/avatars/${a.eid}/[\\w-]+\\.png$`));
    const file = await fetchFile(res.data.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);

    expect((await json(updateUserInfo, token, { headPortrait: res.data.url })).json().code).toBe(200);
    expect((await json(viewCurrentUser, token)).json().data.headPortrait).toBe(res.data.url);
  });

  it('takes the type from the content: a JPEG named .png is a JPEG, text named .png is refused', async () => {
    const token = await signedIn(a.eid);
    const jpeg = (await upload(uploadPic, multipart('picFile', 'photo.png', JPEG, 'image/png'), token)).json();
    expect(jpeg.data.url).toMatch(/\.jpg$/);
    const text = (
      await upload(
        uploadPic,
        multipart('picFile', 'evil.png', Buffer.from('<svg onload=alert(1)>'), 'image/png'),
        token,
      )
    ).json();
    expect(text).toEqual({ code: 400, message: '上传头像图片只能是 JPG | JPEG | PNG 格式！', data: null });
  });

  it('refuses more than 500 KB (413 with the spec text) and a request without the file part', async () => {
    const token = await signedIn(a.eid);
    const big = Buffer.concat([PNG, Buffer.alloc(500 * 1024)]);
    const res = await upload(uploadPic, multipart('picFile', 'big.png', big), token);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 413, message: '上传头像图片大小不能超过 500kb！' });
    const wrongField = (await upload(uploadPic, multipart('other', 'me.png', PNG), token)).json();
    expect(wrongField).toMatchObject({ code: 400, message: '参数错误：请选择要上传的文件' });
    const notMultipart = await t.call(uploadPic, unchecked({ picFile: 'not a file' }), {
      as: { domain: a.domain, token },
    });
    expect(notMultipart).toMatchObject({ code: 400, message: '参数错误：请选择要上传的文件' });
  });

  it('needs a session; an avatar of another enterprise or from elsewhere cannot be kept', async () => {
    expect((await upload(uploadPic, multipart('picFile', 'me.png', PNG))).json().code).toBe(301);
    const inB = await signedIn(b.eid);
    const other = (await upload(uploadPic, multipart('picFile', 'me.png', PNG), inB, b.domain)).json().data.url;
    const token = await signedIn(a.eid);
    for (const headPortrait of [
      other,
      'https://evil.example.com/a.png',
      '/uploads/avatars/../../keys/x.png',
      `/uploads/avatars/${a.eid}/x`,
      `/uploads/avatars/${a.eid}/../k.png`,
    ]) {
      const res = (await json(updateUserInfo, token, { headPortrait })).json();
      expect(res).toMatchObject({ code: 400, message: '头像图片无效，请重新上传' });
    }
  });
});

describe('one-inch photo', () => {
  it('uploads without a session (registration), is served only through a signed, short-lived link', async () => {
    const res = (await upload(uploadPrivateFile, multipart('file', 'headshot.jpg', JPEG))).json();
    expect(res.code).toBe(200);
    expect(res.data.key).toMatch(new RegExp(`^private/${a.eid}/[\\w-]+\\.jpg$`));
    expect((await fetchFile(`/uploads/${res.data.key}`)).statusCode).toBe(404);
    const signed = await fetchFile(res.data.url);
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['content-type']).toBe('image/jpeg');
    // One character of the signature changed (to another one: a signature may start with 'A').
    const tampered = res.data.url.replace(/sig=(.)/, (_m: string, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect((await fetchFile(tampered)).statusCode).toBe(404);
    const expired = t.platform.signer.url(res.data.key, -1000);
    expect((await fetchFile(expired)).statusCode).toBe(404);
  });

  it('is kept as the headshot of the signed-in person and read back by a fresh link', async () => {
    const token = await signedIn(a.eid);
    expect((await json(getHeadshotUrl, token)).json().data).toEqual({ url: '' });
    const { key } = (await upload(uploadPrivateFile, multipart('file', 'h.png', PNG), token)).json().data;
    expect((await json(updateUserInfo, token, { headshot: key })).json().code).toBe(200);
    const { url } = (await json(getHeadshotUrl, token)).json().data;
    expect(url).toMatch(new RegExp(`^/uploads/${key}\\?expires=\\d+&sig=`));
    expect((await fetchFile(url)).rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses more than 1024 KB, other types, and a key of another enterprise', async () => {
    const big = await upload(
      uploadPrivateFile,
      multipart('file', 'h.png', Buffer.concat([PNG, Buffer.alloc(1024 * 1024)])),
    );
    expect(big.json()).toMatchObject({ code: 413, message: '文件大小不能超过1024KB' });
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    expect((await upload(uploadPrivateFile, multipart('file', 'h.gif', gif))).json()).toMatchObject({
      code: 400,
      message: '请上传JPG、JPEG、PNG格式的文件',
    });
    const inB = (await upload(uploadPrivateFile, multipart('file', 'h.png', PNG), undefined, b.domain)).json().data.key;
    const token = await signedIn(a.eid);
    expect((await json(updateUserInfo, token, { headshot: inB })).json()).toMatchObject({
      code: 400,
      message: '一寸照无效，请重新上传',
    });
  });
});

describe('one-inch photo without a session: only a registration in progress on a site that registers', () => {
  const refusal = { code: 403, message: '请先获取短信验证码，再上传一寸照', data: null };

  it('is refused without the ticket a registration code gives, and with a ticket of another site', async () => {
    expect(
      (await upload(uploadPrivateFile, multipart('file', 'h.png', PNG), undefined, a.domain, null)).json(),
    ).toEqual(refusal);
    const forB = await registering(b.domain);
    expect(
      (await upload(uploadPrivateFile, multipart('file', 'h.png', PNG), undefined, a.domain, forB)).json(),
    ).toEqual(refusal);
    const forged = forB.replace(/=(.)/, (_m, c: string) => `=${c === 'A' ? 'B' : 'A'}`);
    expect(
      (await upload(uploadPrivateFile, multipart('file', 'h.png', PNG), undefined, b.domain, forged)).json(),
    ).toEqual(refusal);
    expect(
      (await upload(uploadPrivateFile, multipart('file', 'h.png', PNG), undefined, b.domain, forB)).json().code,
    ).toBe(200);
  });

  it('is refused once the ticket is older than half an hour, in English too', async () => {
    const old = t.platform.signer.seal(
      REGISTRATION_TICKET_PURPOSE,
      { eid: String(a.eid) },
      30 * 60_000,
      Date.now() - 31 * 60_000,
    );
    const res = await upload(
      uploadPrivateFile,
      multipart('file', 'h.png', PNG),
      undefined,
      a.domain,
      `regTicket=${old}`,
      'en',
    );
    expect(res.json()).toEqual({
      code: 403,
      message: 'Please get the SMS code first, then upload the one-inch photo',
      data: null,
    });
  });

  it('is refused where the site does not register (3011), which sends no registration code either', async () => {
    const closed = await createEnterprise(t.database.db, { settings: { registerOpenSet: false } });
    await configureRegistration(t.database.db, closed.eid, [{ field: 'headshot' }]);
    const code = await t.call(
      sendVerificationCode,
      { phone: '13912340000', verificationCodeType: 1, ...(await captchaFor(t)) },
      { as: { domain: closed.domain }, raw: true },
    );
    expect(code.body).toEqual({ code: 3011, message: '当前平台未开放注册', data: null });
    expect(code.response.cookies.find((c) => c.name === 'regTicket')).toBeUndefined();
    // Not even with a ticket made while it registered.
    const ticket = `regTicket=${t.platform.signer.seal(REGISTRATION_TICKET_PURPOSE, { eid: String(closed.eid) }, 60_000)}`;
    const res = await upload(uploadPrivateFile, multipart('file', 'h.png', PNG), undefined, closed.domain, ticket);
    expect(res.json()).toEqual({ code: 3011, message: '当前平台未开放注册', data: null });
    // A member of that site still keeps a one-inch photo on the profile page.
    const token = await signedIn(closed.eid);
    expect((await upload(uploadPrivateFile, multipart('file', 'h.png', PNG), token, closed.domain)).json().code).toBe(
      200,
    );
  });

  it("is refused where the site's registration form does not ask for the photo", async () => {
    const plain = await createEnterprise(t.database.db);
    const ticket = await registering(plain.domain);
    const res = await upload(uploadPrivateFile, multipart('file', 'h.png', PNG), undefined, plain.domain, ticket);
    expect(res.json()).toEqual({ code: 403, message: '当前平台注册无需上传一寸照', data: null });
  });
});

describe('unused uploads', () => {
  const DAY = 24 * 60 * 60_000;
  const later = (ms: number) => new Date(Date.now() + ms);
  const served = async (url: string) => (await fetchFile(url)).statusCode;

  it("another person's avatar of the same enterprise cannot be kept", async () => {
    const owner = await signedIn(a.eid);
    const url = (await upload(uploadPic, multipart('picFile', 'me.png', PNG), owner)).json().data.url;
    const other = await signedIn(a.eid);
    expect((await json(updateUserInfo, other, { headPortrait: url })).json()).toMatchObject({
      code: 400,
      message: '头像图片无效，请重新上传',
    });
    expect((await json(updateUserInfo, owner, { headPortrait: url })).json().code).toBe(200);
  });

  it('an upload nothing uses is deleted after a day; one in use stays; a replaced one goes a day later', async () => {
    const token = await signedIn(a.eid);
    const unused = (await upload(uploadPic, multipart('picFile', 'a.png', PNG), token)).json().data.url;
    const first = (await upload(uploadPic, multipart('picFile', 'b.png', PNG), token)).json().data.url;
    expect((await json(updateUserInfo, token, { headPortrait: first })).json().code).toBe(200);

    expect(await uploadServiceOf(t.platform).sweep(later(DAY - 60_000))).toBe(0);
    expect(await uploadServiceOf(t.platform).sweep(later(DAY + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await served(unused)).toBe(404);
    expect(await served(first)).toBe(200);
    // Once swept, it cannot be kept either.
    expect((await json(updateUserInfo, token, { headPortrait: unused })).json().code).toBe(400);

    const second = (await upload(uploadPic, multipart('picFile', 'c.png', PNG), token)).json().data.url;
    expect((await json(updateUserInfo, token, { headPortrait: second })).json().code).toBe(200);
    await uploadServiceOf(t.platform).sweep(later(DAY - 60_000));
    expect(await served(first)).toBe(200);
    await uploadServiceOf(t.platform).sweep(later(DAY + 60_000));
    expect(await served(first)).toBe(404);
    expect(await served(second)).toBe(200);
    expect((await json(viewCurrentUser, token)).json().data.headPortrait).toBe(second);
  });

  it('a registration photo given up is deleted; a failed save releases the picture it had claimed', async () => {
    const { key } = (await upload(uploadPrivateFile, multipart('file', 'h.png', PNG))).json().data;
    const token = await signedIn(a.eid);
    const avatar = (await upload(uploadPic, multipart('picFile', 'a.png', PNG), token)).json().data.url;
    // The avatar is fine, the one-inch photo is another enterprise's: nothing is saved.
    const inB = (await upload(uploadPrivateFile, multipart('file', 'h.png', PNG), undefined, b.domain)).json().data.key;
    expect((await json(updateUserInfo, token, { headPortrait: avatar, headshot: inB })).json().code).toBe(400);
    expect((await json(viewCurrentUser, token)).json().data.headPortrait).not.toBe(avatar);
    await uploadServiceOf(t.platform).sweep(later(DAY + 60_000));
    expect(await served(t.platform.signer.url(key))).toBe(404);
    expect(await served(avatar)).toBe(404);
  });

  it("a cancelled account's pictures are deleted at once", async () => {
    const token = await signedIn(a.eid);
    const avatar = (await upload(uploadPic, multipart('picFile', 'a.png', PNG), token)).json().data.url;
    expect((await json(updateUserInfo, token, { headPortrait: avatar })).json().code).toBe(200);
    const session = await t.platform.sessions.authenticate(token);
    const keys = await uploadServiceOf(t.platform).keysOf(session.accountId);
    expect(keys).toEqual([avatar.replace('/uploads/', '')]);
    await uploadServiceOf(t.platform).deleteNow(keys);
    expect(await served(avatar)).toBe(404);
    // Nobody can take the key over afterwards.
    const other = await signedIn(a.eid);
    expect((await json(updateUserInfo, other, { headPortrait: avatar })).json().code).toBe(400);
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
    expect((await json(updateUserInfo, token, { headPortrait: `/uploads/${key}` })).json().code).toBe(400);
    const file = new URL('../../../../../packages/db/migrations/0013_uploads_backfill.sql', import.meta.url);
    for (const statement of (await readFile(file, 'utf8')).split('--> statement-breakpoint')) {
      await t.database.db.execute(sql.raw(statement));
    }
    expect((await json(updateUserInfo, token, { headPortrait: `/uploads/${key}` })).json().code).toBe(200);
    await uploadServiceOf(t.platform).sweep(new Date(Date.now() + 2 * 24 * 60 * 60_000));
    expect(await t.platform.storage.get(key)).not.toBeNull();
    const next = (await upload(uploadPic, multipart('picFile', 'n.png', PNG), token)).json().data.url;
    expect((await json(updateUserInfo, token, { headPortrait: next })).json().code).toBe(200);
    await uploadServiceOf(t.platform).sweep(new Date(Date.now() + 2 * 24 * 60 * 60_000));
    expect(await t.platform.storage.get(key)).toBeNull();
  });

  it('an avatar cannot be a one-inch photo, nor the other way round', async () => {
    const token = await signedIn(a.eid);
    const avatar = (await upload(uploadPic, multipart('picFile', 'a.png', PNG), token)).json().data.url as string;
    const { key } = (await upload(uploadPrivateFile, multipart('file', 'h.png', PNG), token)).json().data;
    expect((await json(updateUserInfo, token, { headshot: avatar.replace('/uploads/', '') })).json().code).toBe(400);
    expect((await json(updateUserInfo, token, { headPortrait: `/uploads/${key}` })).json().code).toBe(400);
  });
});
