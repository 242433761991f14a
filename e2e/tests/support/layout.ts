import { expect, type Locator, type Page } from '@playwright/test';

/** The width of a phone (an iPhone 12 to 15) the panel must work at. */
export const PHONE = { width: 390, height: 844 };

/** The document is no wider than the screen: nothing makes the whole page scroll sideways. */
export async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement!;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(clientWidth);
}

/**
 * Every Mantine class on the page has a rule in a loaded stylesheet. Mantine's CSS is imported per
 * component by the route modules; a missing import leaves a component unstyled (a checkbox above
 * its label, a chart legend without colours) only on the pages that forgot it.
 */
export async function expectEveryComponentStyled(page: Page) {
  const unstyled = await page.evaluate(() => {
    const css = [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
      .join('\n');
    const used = new Set<string>();
    for (const element of document.querySelectorAll('[class]')) {
      for (const name of element.classList) if (/^m_[0-9a-f]+$/.test(name)) used.add(name);
    }
    return [...used]
      .filter((name) => !new RegExp(`\\.${name}(?![0-9a-f])`).test(css))
      .map((name) => `${name} (${[...document.querySelector(`.${name}`)!.classList].join(' ')})`);
  });
  expect(unstyled, 'components without their stylesheet').toEqual([]);
}

/** All tabs of `tabList` sit on one row, and the row is as high as a tab. */
export async function expectOneTabRow(tabList: Locator) {
  const row = await tabList.evaluate((list) => {
    const tabs = [...list.querySelectorAll('[role="tab"]')].map((tab) => tab.getBoundingClientRect());
    return {
      count: tabs.length,
      tops: new Set(tabs.map((tab) => Math.round(tab.top))).size,
      listHeight: list.getBoundingClientRect().height,
      tabHeight: Math.max(...tabs.map((tab) => tab.height)),
    };
  });
  expect(row.count, 'tabs in the list').toBeGreaterThan(0);
  expect(row.tops, 'rows of tabs').toBe(1);
  expect(row.listHeight).toBeLessThan(row.tabHeight * 1.5);
}

/** `inner` lies wholly within the visible box of `outer` (not cut off by it, not beside it). */
export async function expectWithin(inner: Locator, outer: Locator) {
  const box = await inner.boundingBox();
  const frame = await outer.boundingBox();
  expect(box, 'the inner element is rendered').not.toBeNull();
  expect(frame, 'the outer element is rendered').not.toBeNull();
  expect(box!.x, 'left edge').toBeGreaterThanOrEqual(frame!.x - 0.5);
  expect(box!.x + box!.width, 'right edge').toBeLessThanOrEqual(frame!.x + frame!.width + 0.5);
  expect(box!.y, 'top edge').toBeGreaterThanOrEqual(frame!.y - 0.5);
  expect(box!.y + box!.height, 'bottom edge').toBeLessThanOrEqual(frame!.y + frame!.height + 0.5);
}

/** `element` is no wider than the screen and starts and ends on it (a dialog, a button). */
export async function expectWithinScreenWidth(page: Page, element: Locator) {
  const box = await element.boundingBox();
  expect(box, 'the element is rendered').not.toBeNull();
  expect(box!.x, 'left edge').toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, 'right edge').toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** No part of `element` (a badge, a button) cuts its own text off with an ellipsis or a clip. */
export async function expectTextWhole(element: Locator) {
  const cut = await element.evaluate((root) =>
    [root, ...root.querySelectorAll('*')]
      .filter((node) => node.clientWidth > 0 && node.scrollWidth > node.clientWidth)
      .map((node) => node.textContent),
  );
  expect(cut, 'elements whose text is cut off').toEqual([]);
}

/** A checkbox, radio or switch sits on the row of its label, to its left. */
export async function expectBesideItsLabel(control: Locator) {
  const { input, label } = await control.evaluate((element) => {
    const box = (node: Element) => {
      const rect = node.getBoundingClientRect();
      return { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
    };
    const input = element as HTMLInputElement;
    const text = input.labels?.[0];
    if (!text) throw new Error('the control has no label');
    return { input: box(input), label: box(text) };
  });
  const middle = (input.top + input.bottom) / 2;
  expect(middle, 'the control is on the row of its label').toBeGreaterThan(label.top);
  expect(middle, 'the control is on the row of its label').toBeLessThan(label.bottom);
  expect(input.right, 'the control is left of its label').toBeLessThanOrEqual(label.left);
}

/**
 * The lines `element`'s text is laid out on (trimmed), read from the boxes of its characters.
 */
async function textLines(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const lines: string[] = [];
    let line = '';
    let lineTop = Number.NEGATIVE_INFINITY;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let index = 0; index < text.length; index += 1) {
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const box = range.getClientRects()[0];
        if (!box || box.width === 0) continue;
        if (box.top > lineTop + box.height / 2) {
          if (line) lines.push(line);
          line = '';
          lineTop = box.top;
        }
        line += text.charAt(index);
      }
    }
    if (line) lines.push(line);
    return lines.map((text) => text.trim());
  });
}

/** `element` shows `name` whole, on lines that break only after a dot or at a space. */
export async function expectBrokenOnlyBetweenLabels(element: Locator, name: string) {
  const lines = await textLines(element);
  const shown = lines.join(' | ');
  let rest = name.trim().replace(/\s+/g, ' ');
  lines.forEach((line, index) => {
    expect(rest.startsWith(line), `the name in order, not ${shown}`).toBe(true);
    rest = rest.slice(line.length);
    if (index < lines.length - 1) {
      expect(line.endsWith('.') || rest.startsWith(' '), `a break inside a label: ${shown}`).toBe(true);
    }
    rest = rest.trimStart();
  });
  expect(rest, `the whole name, not ${shown}`).toBe('');
}
