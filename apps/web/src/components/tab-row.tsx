import '@mantine/core/styles/ScrollArea.css';
import { ScrollArea, Tabs } from '@mantine/core';
import { type CSSProperties, type ReactNode, useEffect, useRef } from 'react';

// The list is as wide as its tabs (at least the page), so its bottom line runs under every tab
// while the row scrolls.
const row: CSSProperties = { flexWrap: 'nowrap', width: 'max-content', minWidth: '100%' };

/** Scrolls the row sideways, and only sideways, until `tab` is wholly in sight. */
function reveal(viewport: HTMLElement, tab: Element) {
  const view = viewport.getBoundingClientRect();
  const box = tab.getBoundingClientRect();
  if (box.left < view.left) viewport.scrollLeft -= view.left - box.left;
  else if (box.right > view.right) viewport.scrollLeft += box.right - view.right;
}

/**
 * A page's tab list: one row that scrolls sideways when the tabs are wider than the screen, with a
 * thin scrollbar under it that tells a phone user there are more tabs. The selected tab is brought
 * into sight when the page opens on it (?tab=templates), and a tab when it takes focus by click
 * or arrow key.
 */
export function TabRow({ children }: { children: ReactNode }) {
  const viewport = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const selected = viewport.current?.querySelector('[role="tab"][aria-selected="true"]');
    if (viewport.current && selected) reveal(viewport.current, selected);
  }, []);
  return (
    <ScrollArea
      type="auto"
      scrollbars="x"
      scrollbarSize={6}
      offsetScrollbars="present"
      viewportRef={viewport}
      onFocus={(event) => {
        if (viewport.current) reveal(viewport.current, event.target);
      }}
    >
      <Tabs.List style={row}>{children}</Tabs.List>
    </ScrollArea>
  );
}
