import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { CAPTCHA_CHARS } from './captcha.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
});
afterAll(async () => t?.close());

const code = async (p: Promise<void>) => {
  try {
    await p;
    return 200;
  } catch (err) {
    return (err as { code: number }).code;
  }
};

describe('image captcha', () => {
  it('draws four characters of the unambiguous set, whole inside its 120×40 box', async () => {
    for (let i = 0; i < 20; i++) {
      const { text, img } = await t.platform.captchas.create();
      expect(text).toMatch(new RegExp(`^[${CAPTCHA_CHARS}]{4}$`));
      const svg = Buffer.from(img.split(',')[1]!, 'base64').toString('utf8');
      expect(svg).toContain('viewBox="0,0,120,40"');
      // Every point of the glyphs' paths lies inside the box (the default 56 px font did not).
      const glyphs = [...svg.matchAll(/<path fill="[^"]+" d="([^"]+)"/g)].map((m) => m[1]!);
      expect(glyphs).toHaveLength(4);
      const ys = glyphs.flatMap((d) =>
        [...d.matchAll(/-?\d+(?:\.\d+)?\s+(-?\d+(?:\.\d+)?)/g)].map((m) => Number(m[1])),
      );
      expect(Math.max(...ys)).toBeLessThanOrEqual(40);
      expect(Math.min(...ys)).toBeGreaterThanOrEqual(0);
    }
  });

  it('is single use, right or wrong, case-insensitive', async () => {
    const c = await t.platform.captchas.create();
    expect(await code(t.platform.captchas.check(c.token, c.text.toLowerCase()))).toBe(200);
    expect(await code(t.platform.captchas.check(c.token, c.text))).toBe(3004);
    const d = await t.platform.captchas.create();
    expect(await code(t.platform.captchas.check(d.token, 'XXXX'))).toBe(3003);
    expect(await code(t.platform.captchas.check(d.token, d.text))).toBe(3004);
  });

  it("a captcha that sent a registration code serves that form's submit for that phone only, once", async () => {
    const cap = t.platform.captchas;
    const reg = { purpose: 1, phone: '13900000001' };
    const c = await cap.create();
    expect(await code(cap.checkForCode(c.token, c.text, reg))).toBe(200);
    // Not for a second code, nor any other call (a sign-in, another code), nor another phone.
    expect(await code(cap.checkForCode(c.token, c.text, reg))).toBe(3004);
    expect(await code(cap.check(c.token, c.text))).toBe(3004);
    expect(await code(cap.checkForSubmit(c.token, c.text, { purpose: 1, phone: '13900000002' }))).toBe(3004);
    expect(await code(cap.checkForSubmit(c.token, c.text, { purpose: 3, phone: reg.phone }))).toBe(3004);
    expect(await code(cap.checkForSubmit(c.token, c.text, reg))).toBe(200);
    expect(await code(cap.checkForSubmit(c.token, c.text, reg))).toBe(3004);
    // A fresh captcha serves a submit too (the one that sent the code was replaced).
    const d = await cap.create();
    expect(await code(cap.checkForSubmit(d.token, d.text, reg))).toBe(200);
  });

  it('a wrong answer when sending a code uses it up', async () => {
    const c = await t.platform.captchas.create();
    const reg = { purpose: 1, phone: '13900000001' };
    expect(await code(t.platform.captchas.checkForCode(c.token, 'XXXX', reg))).toBe(3003);
    expect(await code(t.platform.captchas.checkForSubmit(c.token, c.text, reg))).toBe(3004);
    expect(await code(t.platform.captchas.check(c.token, c.text))).toBe(3004);
  });

  it('parallel guesses at one captcha: exactly one is judged', async () => {
    const c = await t.platform.captchas.create();
    const guesses = ['XXXX', 'YYYY', c.text, 'ZZZZ'].map((g) => code(t.platform.captchas.check(c.token, g)));
    const results = await Promise.all(guesses);
    expect(results.filter((r) => r !== 3004)).toHaveLength(1);
  });

  it('expires after five minutes', async () => {
    const c = await t.platform.captchas.create();
    const later = new Date(Date.now() + 5 * 60_000 + 1000);
    expect(await code(t.platform.captchas.check(c.token, c.text, later))).toBe(3004);
  });
});
