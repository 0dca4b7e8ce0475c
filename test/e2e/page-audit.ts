/**
 * What the studio walk-through checks on every page (issue 29, "a studio that looks and behaves
 * like one product"), run inside the page:
 *
 * - a visible native control (button, input, select, textarea, audio or video with the
 *   browser's own controls) outside the design system (every control of renderer/src/ui sits in
 *   an element marked `data-ui`);
 * - a horizontal scrollbar on the page or its main region (wide content scrolls in its own
 *   frame, such as a table's);
 * - text overflowing its box: an element with text of its own that is wider than its box,
 *   unless it truncates on purpose (text-overflow: ellipsis) or scrolls (overflow auto/scroll).
 */
import type { Page } from 'playwright-core';

export interface PageAudit {
  nativeControls: string[];
  horizontalScroll: string | null;
  overflowingText: string[];
}

/** The little of the DOM the audit uses, typed by hand: this file is checked without the DOM library. */
interface AuditNode {
  nodeType: number;
  textContent: string | null;
}
interface AuditElement extends AuditNode {
  tagName: string;
  dataset: Record<string, string | undefined>;
  clientWidth: number;
  scrollWidth: number;
  childNodes: Iterable<AuditNode>;
  getBoundingClientRect(): { width: number; height: number };
  closest(selector: string): AuditElement | null;
  matches(selector: string): boolean;
}
interface AuditWindow {
  document: {
    documentElement: AuditElement;
    body: AuditElement & { querySelectorAll(selector: string): Iterable<AuditElement> };
    getElementById(id: string): AuditElement | null;
    querySelectorAll(selector: string): Iterable<AuditElement>;
  };
  getComputedStyle(el: AuditElement): {
    visibility: string;
    display: string;
    textOverflow: string;
    overflowX: string;
  };
}

/** Runs in the browser: kept free of anything outside the function (it is serialised). */
function audit(): PageAudit {
  const win = globalThis as unknown as AuditWindow;
  const document = win.document;
  const TEXT_NODE = 3;
  const visible = (el: AuditElement) => {
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) return false;
    const style = win.getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none';
  };
  const describe = (el: AuditElement) => {
    const id = el.dataset.testid;
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
    return `<${el.tagName.toLowerCase()}${id ? ` data-testid="${id}"` : ''}> “${text}”`;
  };
  const nativeControls = [
    ...document.querySelectorAll(
      'button, input, select, textarea, audio[controls], video[controls], audio:not([hidden]), video:not([hidden])',
    ),
  ]
    .filter((el) => visible(el) && !el.closest('[data-ui]'))
    .map(describe);

  const root = document.documentElement;
  const main = document.getElementById('main');
  let horizontalScroll: string | null = null;
  if (root.scrollWidth > root.clientWidth + 1) {
    horizontalScroll = `the page is ${root.scrollWidth} px wide in a ${root.clientWidth} px window`;
  } else if (main && main.scrollWidth > main.clientWidth + 1) {
    horizontalScroll = `the main region is ${main.scrollWidth} px wide in ${main.clientWidth} px`;
  }

  const overflowingText: string[] = [];
  for (const el of document.body.querySelectorAll('*')) {
    // SVG elements (no HTML box of their own) are skipped with their <svg>.
    if (el.clientWidth <= 1) continue;
    if (el.closest('.visually-hidden, svg') || !visible(el)) continue;
    if (el.matches('input, textarea, select, pre, code')) continue;
    const style = win.getComputedStyle(el);
    if (style.textOverflow === 'ellipsis' || /auto|scroll/.test(style.overflowX)) continue;
    const ownText = [...el.childNodes].some(
      (node) => node.nodeType === TEXT_NODE && (node.textContent ?? '').trim() !== '',
    );
    if (ownText && el.scrollWidth > el.clientWidth + 1) {
      overflowingText.push(`${describe(el)} needs ${el.scrollWidth} px, has ${el.clientWidth}`);
    }
  }
  return { nativeControls, horizontalScroll, overflowingText };
}

export function auditPage(page: Page): Promise<PageAudit> {
  return page.evaluate(audit);
}
