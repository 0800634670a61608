// Walks every screen a role reaches from the phone's navigation and finds what a small phone trips on: a page that
// scrolls sideways, content cut off by its box, and touch targets under 44 px.
import type { Page } from 'playwright-core';

/** The smallest touch target, in CSS pixels, both ways (WCAG 2.5.5, and the platforms' own guidelines). */
export const MIN_TARGET_PX = 44;

export interface Finding {
  screen: string;
  kind: 'overflow' | 'clipped' | 'spill' | 'target';
  /** Where it is: a short CSS path, with the element's accessible text. */
  where: string;
  detail: string;
}

/**
 * What the page shows now that a small phone trips on (run in the page; self-contained, as playwright sends it as
 * text). The rules:
 * - overflow: the document is wider than the viewport (the page scrolls sideways); the elements reported are the
 *   outermost ones reaching past the right edge outside any scrolling box of their own.
 * - clipped: a box that hides its horizontal overflow (overflow-x hidden or clip, not a text ellipsis) holds more
 *   than it shows, or a table is wider than its box (it scrolls there, but a phone shows a column cut off).
 * - spill: a control's text runs out of the bottom of its box (a fixed-height button whose French label wrapped
 *   onto a second line). Only downwards: a badge sticking out of a corner on purpose is not a spill.
 * - target: a visible, enabled interactive element (link, button, form field, ARIA button, tab, link, checkbox,
 *   radio, switch, menu item) whose hit area is under 44 px wide or high. The hit area is the element's own box, or
 *   for a checkbox or radio inside its label, the label's box (a tap on the label toggles it). Exempt, as WCAG
 *   2.5.8 exempts them: a link or button laid out inline inside a line of text (a link in a sentence), and
 *   elements hidden from everyone (aria-hidden, inert, a 1-px visually-hidden box).
 */
function inspect(minTarget: number): Omit<Finding, 'screen'>[] {
  const findings: Omit<Finding, 'screen'>[] = [];
  const root = document.documentElement;
  const viewportWidth = root.clientWidth;
  const describe = (el: Element): string => {
    const parts: string[] = [];
    let node: Element | null = el;
    while (node && node !== document.body && parts.length < 5) {
      const tag = node.tagName.toLowerCase();
      if (node.id && !/^(:|radix-|_r)/.test(node.id)) {
        parts.unshift(`${tag}#${node.id}`);
        break;
      }
      const testId = node.getAttribute('data-testid');
      if (testId) {
        parts.unshift(`${tag}[data-testid="${testId}"]`);
        break;
      }
      const parent: Element | null = node.parentElement;
      const siblings = parent ? Array.from(parent.children).filter((c) => c.tagName === node?.tagName) : [];
      parts.unshift(siblings.length > 1 ? `${tag}:nth-of-type(${siblings.indexOf(node) + 1})` : tag);
      node = parent;
    }
    const label = (el.getAttribute('aria-label') ?? el.textContent ?? '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 50);
    return `${parts.join(' > ')}${label ? ` "${label}"` : ''}`;
  };
  const hiddenFromAll = (el: Element, rect: DOMRect): boolean =>
    rect.width <= 1 ||
    rect.height <= 1 ||
    el.closest('[aria-hidden="true"], [inert]') !== null ||
    getComputedStyle(el).visibility !== 'visible';

  if (root.scrollWidth > viewportWidth) {
    const scrolls = (el: Element) => /auto|scroll/.test(getComputedStyle(el).overflowX);
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const rect = el.getBoundingClientRect();
      const parent = el.parentElement;
      const parentRight = parent ? parent.getBoundingClientRect().right : 0;
      if (rect.right <= viewportWidth + 0.5 || hiddenFromAll(el, rect) || parentRight > viewportWidth + 0.5) {
        continue;
      }
      let inScroller = false;
      for (let up = parent; up && up !== document.body; up = up.parentElement) {
        if (scrolls(up)) {
          inScroller = true;
          break;
        }
      }
      if (!inScroller) {
        findings.push({
          kind: 'overflow',
          where: describe(el),
          detail: `page ${root.scrollWidth} px wide in ${viewportWidth}; this reaches ${Math.round(rect.right)} px`,
        });
      }
    }
    if (!findings.some((f) => f.kind === 'overflow')) {
      findings.push({
        kind: 'overflow',
        where: 'html',
        detail: `page ${root.scrollWidth} px wide in ${viewportWidth}`,
      });
    }
  }

  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    const style = getComputedStyle(el);
    if (!/hidden|clip/.test(style.overflowX) || style.textOverflow === 'ellipsis') {
      continue;
    }
    const rect = el.getBoundingClientRect();
    if (!hiddenFromAll(el, rect) && el.scrollWidth > el.clientWidth + 1) {
      findings.push({
        kind: 'clipped',
        where: describe(el),
        detail: `shows ${el.clientWidth} px of ${el.scrollWidth}`,
      });
    }
  }

  // A table is read across: one that needs scrolling sideways inside its box hides a column on a phone.
  for (const table of Array.from(document.body.querySelectorAll('table'))) {
    const box = table.parentElement;
    const rect = table.getBoundingClientRect();
    // (A table kept for screen readers sits in a 1-px box of its own: skipped as hidden.)
    if (box && !hiddenFromAll(box, box.getBoundingClientRect()) && box.scrollWidth > box.clientWidth + 1) {
      findings.push({
        kind: 'clipped',
        where: describe(table),
        detail: `table ${Math.round(rect.width)} px wide in a ${box.clientWidth} px box`,
      });
    }
  }

  const interactive = [
    'a[href]',
    'button',
    'input:not([type="hidden"])',
    'select',
    'textarea',
    'summary',
    '[role="button"]',
    '[role="link"]',
    '[role="tab"]',
    '[role="checkbox"]',
    '[role="radio"]',
    '[role="switch"]',
    '[role="menuitem"]',
  ].join(', ');
  for (const el of Array.from(document.body.querySelectorAll(interactive))) {
    let rect = el.getBoundingClientRect();
    if (hiddenFromAll(el, rect) || (el as HTMLButtonElement).disabled) {
      continue;
    }
    const style = getComputedStyle(el);
    const text = (el.textContent ?? '').trim();
    const lineText = (el.parentElement?.textContent ?? '').trim();
    if (style.display === 'inline' && text.length > 0 && lineText.length > text.length) {
      continue;
    }
    const type = el.getAttribute('type');
    if (el.tagName === 'INPUT' && (type === 'checkbox' || type === 'radio')) {
      const label = el.closest('label');
      if (label) {
        rect = label.getBoundingClientRect();
      }
    }
    if (
      style.overflowX === 'visible' &&
      !/^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName) &&
      el.scrollHeight > el.clientHeight + 1
    ) {
      findings.push({
        kind: 'spill',
        where: describe(el),
        detail: `${el.scrollHeight} px of text in ${el.clientHeight}`,
      });
    }
    if (rect.width < minTarget - 0.5 || rect.height < minTarget - 0.5) {
      findings.push({
        kind: 'target',
        where: describe(el),
        detail: `${Math.round(rect.width)}×${Math.round(rect.height)} px`,
      });
    }
  }
  return findings;
}

/** What the page shows now, for `screen`. */
export async function inspectScreen(page: Page, screen: string): Promise<Finding[]> {
  // esbuild's keepNames (tsx) wraps named inner functions in a `__name` helper the page does not have.
  await page.evaluate('globalThis.__name ??= (fn) => fn');
  const found = await page.evaluate(inspect, MIN_TARGET_PX);
  return found.map((finding) => ({ screen, ...finding }));
}

/**
 * Waits until the screen has drawn its data: something in the page's main region, and no spinner or busy region
 * left there (not every screen has a heading: a role's "not yours" card has none).
 */
export async function settled(page: Page): Promise<void> {
  // Two frames: the router's render after a navigation, and React's commit of the suspense fallback if any.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.locator('main > *').first().waitFor({ state: 'visible', timeout: 15_000 });
  await page
    .locator('main .animate-spin, main [aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 });
}

/** Goes to a path the way a link does (the router follows history), without loading the app again. */
export async function goClientSide(page: Page, path: string): Promise<void> {
  await page.evaluate((href) => {
    window.history.pushState(null, '', href);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** One line per finding, grouped so a failure reads as a to-do list. */
export function report(findings: Finding[]): string {
  return findings.map((f) => `${f.screen} · ${f.kind} · ${f.where} · ${f.detail}`).join('\n');
}

/** The paths of the links in the phone's menu (the navigation as the role sees it), and what the menu itself shows. */
export async function menuOf(page: Page): Promise<{ paths: string[]; findings: Finding[] }> {
  await page.locator('header button[aria-haspopup="dialog"]').click();
  const drawer = page.getByRole('dialog');
  await drawer.locator('nav a[href]').first().waitFor({ state: 'visible' });
  const hrefs = await drawer
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  const findings = await inspectScreen(page, 'menu');
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'detached' });
  return { paths: [...new Set(hrefs)], findings };
}

/** Every screen of the menu, and every tab on each, at the page's current size and language. */
export async function walkScreens(page: Page, paths: string[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const path of paths) {
    await goClientSide(page, path);
    await settled(page);
    findings.push(...(await inspectScreen(page, path)));
    const tabs = page.locator('main [role="tab"]');
    const names = await tabs.allTextContents();
    for (let i = 0; i < names.length; i += 1) {
      if ((await tabs.nth(i).getAttribute('aria-selected')) === 'true') {
        continue;
      }
      await tabs.nth(i).click();
      await settled(page);
      findings.push(...(await inspectScreen(page, `${path} [${names[i]?.trim()}]`)));
    }
  }
  return findings;
}
