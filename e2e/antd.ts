import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/**
 * Chooses `option` in the antd Select labelled `label` inside `scope`, the way a person does it:
 * opens the list, waits until it has finished opening, clicks the option, and waits until the
 * select shows it. A list opens with a 0.2 s animation, above its select when there is no room
 * below, over the fields above it: an option clicked while the list still moves can miss it and
 * land on the field underneath (the cause of the registration test's lost 学历 and the edit-info
 * test's timeout on a busy machine).
 */
export async function chooseOption(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await openedList(page).locator(`.ant-select-item-option[title="${option}"]`).click();
  const item = scope.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) });
  const select = item.locator('.ant-select').first();
  await expect.poll(() => select.innerText()).toBe(option);
}

/**
 * The antd dialog named `which` (or that locator), once its opening animation has ended (rc-motion's appear/enter
 * classes gone). A button clicked while the dialog still zooms in can be missed: its position is
 * read mid-animation (the same race as `chooseOption`'s).
 */
export async function openedDialog(page: Page, which: string | Locator): Promise<Locator> {
  const dialog = typeof which === 'string' ? page.getByRole('dialog', { name: which }) : which;
  await dialog.waitFor();
  await expect
    .poll(() => dialog.evaluate((el) => (el.closest('.ant-modal') ?? el).className))
    .not.toMatch(/-(appear|enter)\b/);
  return dialog;
}

/**
 * The open list of a Select, TreeSelect or Cascader once its opening animation has ended
 * (rc-motion's appear/enter classes gone): an option clicked while the list still slides in can be
 * missed on a loaded machine, as crm-people's department choice was when two files ran at once.
 */
export function openedList(page: Page): Locator {
  return page.locator(
    '.ant-select-dropdown:visible:not([class*="-appear"]):not([class*="-enter"]):not([class*="-leave"])',
  );
}

/**
 * Runs `action` and tells whether antd animated anything meanwhile (an element in rc-motion's
 * start or active step of appearing or entering; without motion only the prepare step runs). Browser tests ask for reduced motion (browser.ts), where nothing should;
 * `page.emulateMedia({ reducedMotion: 'no-preference' })` is everyone else.
 */
export async function animatesDuring(page: Page, action: () => Promise<void>): Promise<boolean> {
  await page.evaluate(() => {
    const moving = (el: Element) => /-(appear|enter)-(start|active)\b/.test(el.getAttribute('class') ?? '');
    const w = window as unknown as { motionSeen?: boolean; motionWatch?: MutationObserver };
    w.motionWatch?.disconnect();
    w.motionSeen = false;
    w.motionWatch = new MutationObserver((records) => {
      for (const r of records) {
        const added = [...r.addedNodes].filter((n): n is Element => n instanceof Element);
        const touched = r.target instanceof Element ? [r.target, ...added] : added;
        if (touched.some((el) => moving(el) || [...el.querySelectorAll('[class]')].some(moving))) w.motionSeen = true;
      }
    });
    w.motionWatch.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['class'],
    });
  });
  await action();
  return page.evaluate(() => {
    const w = window as unknown as { motionSeen?: boolean; motionWatch?: MutationObserver };
    w.motionWatch?.disconnect();
    return w.motionSeen === true;
  });
}
