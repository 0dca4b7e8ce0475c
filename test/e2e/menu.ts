/**
 * Driving the studio's drop-down menu (renderer/src/components/SelectMenu.tsx) the way a mouse
 * user does: open it, click the option, and wait for the button to show the choice.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export async function pickFromMenu(page: Page, testId: string, value: string): Promise<void> {
  const button = page.getByTestId(testId);
  await button.click();
  await page
    .getByTestId(`${testId}-list`)
    .locator(`[role="option"][data-value="${value}"]`)
    .click();
  await expect.poll(() => button.getAttribute('data-value')).toBe(value);
}
