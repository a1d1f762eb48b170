import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { connectDatabase, schema, type Db } from '@portal/db';
import { browserAvailable, fetchHtml, url } from '../browser.ts';
import { browserSession } from '../session.ts';
import { signInAs } from '../sign-in-as.ts';
import { portal } from '../portal.ts';

// The site's own content in the back office (issue 21 item 4, decision 042): the administrator
// renames a home zone in /crm/zones and the home page shows it at once, to them and to a visitor
// (whose page was cached); changes the theme colour, sees it in the preview before saving, and the
// site answers it after; the pages' English texts. The demo rows are put back afterwards.
const EID = 1001;
const ADMIN = { phone: '13800000002', password: 'Demo@2026' };

describe.runIf(browserAvailable())('the site in the back office (/crm/zones, /crm/settings)', () => {
  const session = browserSession();
  const page = () => session.b.page;
  let database: ReturnType<typeof connectDatabase>;
  let db: Db;
  let zone: { id: number; zoneName: string };
  let theme: Record<string, unknown>;

  beforeAll(async () => {
    database = connectDatabase(portal().databaseUrl, { max: 1 });
    db = database.db;
    const [first] = await db
      .select({ id: schema.zones.id, zoneName: schema.zones.zoneName })
      .from(schema.zones)
      .where(and(eq(schema.zones.eid, EID), eq(schema.zones.zoneType, 2), eq(schema.zones.enabled, true)))
      .orderBy(asc(schema.zones.sort))
      .limit(1);
    zone = first!;
    const [settings] = await db
      .select({ theme: schema.websiteSettings.theme })
      .from(schema.websiteSettings)
      .where(eq(schema.websiteSettings.eid, EID));
    theme = settings!.theme;
  });

  afterAll(async () => {
    // The demo's zone name and theme again (the database tells every process to forget).
    if (zone) {
      await db
        .update(schema.zones)
        .set({ zoneName: zone.zoneName })
        .where(and(eq(schema.zones.eid, EID), eq(schema.zones.id, zone.id)));
    }
    if (theme) await db.update(schema.websiteSettings).set({ theme }).where(eq(schema.websiteSettings.eid, EID));
    await database?.close();
  });

  it("renames a home zone; the home page shows it at once, the visitor's cached page too", async () => {
    // A visitor's home page, rendered once and kept (PAGE_CACHE_TTL_MS).
    expect((await fetchHtml('/home')).body).toContain(zone.zoneName);
    await signInAs(session.b, ADMIN, { path: '/crm/zones' });
    const zones = page().getByTestId('crm-zones');
    const row = zones.locator('tr.ant-table-row').filter({ hasText: zone.zoneName }).first();
    await page().waitForLoadState('networkidle');
    await row.getByRole('button', { name: /^编\s?辑$/ }).click();
    const dialog = page().getByRole('dialog');
    const renamed = `${zone.zoneName}·新`;
    await dialog.getByLabel('专区名称').fill(renamed);
    await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
    await expect
      .poll(() => zones.locator('tr.ant-table-row').allTextContents())
      .toContainEqual(expect.stringContaining(renamed));

    await page().goto(url('/home'));
    await page().getByRole('heading', { name: renamed }).waitFor();
    expect((await fetchHtml('/home')).body).toContain(renamed);
  });

  it('previews a new theme colour before saving; the site answers it once saved', async () => {
    await signInAs(session.b, ADMIN, { path: '/crm/settings' });
    await page().waitForLoadState('networkidle');
    const preview = page().getByTestId('crm-preview-button');
    const before = await preview.evaluate((el) => getComputedStyle(el).backgroundColor);
    // The colour's text beside the browser's picker (antd names it by the form item's path).
    await page().locator('input#theme_themeColor').fill('#c41d7f');
    await expect.poll(() => preview.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(196, 29, 127)');
    expect(before).not.toBe('rgb(196, 29, 127)');
    // Not saved yet: the site still answers its colour.
    const site = async () => {
      const res = await fetch(url('/gateway/system/api/website/view'), { headers: { domain: 'localhost' } });
      return ((await res.json()) as { data: { websiteThemeColor: { themeColor: string } } }).data.websiteThemeColor
        .themeColor;
    };
    expect(await site()).not.toBe('#c41d7f');
    // antd spaces a two-character Chinese button's text (保 存).
    await page()
      .getByTestId('crm-settings')
      .getByRole('button', { name: /^保\s?存$/ })
      .click();
    await expect.poll(site).toBe('#c41d7f');
    // Off the button: a hovered button's lighter shade is not what the page shows.
    await page().mouse.move(0, 0);
  });

  it('shows its pages in English', async () => {
    await signInAs(session.b, ADMIN, { lang: 'en', path: '/crm/zones' });
    await page().getByRole('heading', { name: 'Home zones and banners' }).waitFor();
    const menu = page().getByRole('navigation', { name: 'Back office' });
    expect(await menu.getByRole('link', { name: 'Navigation' }).getAttribute('href')).toBe('/en/crm/navigation');
    expect(await page().getByRole('tab').allTextContents()).toEqual(['Home zones', 'Banners', 'Friendly links']);
    await page().goto(url('/en/crm/settings'));
    await page().getByRole('heading', { name: 'Site settings' }).waitFor();
    await page().getByText('Visitor mode', { exact: true }).waitFor();
    expect(await page().getByTestId('crm-theme-preview').textContent()).toContain('Primary button');
  });
});
