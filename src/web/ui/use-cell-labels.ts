import { useLayoutEffect, type RefObject } from 'react';

/** A header's words as a sighted reader sees them: visually hidden ones ("Actions") left out. */
const visibleText = (cell: Element): string => {
  const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  let text = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest('.sr-only')) text += node.textContent ?? '';
  }
  return text.trim();
};

/** Writes each column header's text on the cells below it (data-label), unless the cell spans columns. */
const stampLabels = (table: HTMLTableElement) => {
  const headerRow = table.tHead?.rows[table.tHead.rows.length - 1];
  const labels: string[] = [];
  for (const th of headerRow?.cells ?? []) {
    const label = visibleText(th);
    for (let i = 0; i < th.colSpan; i += 1) labels.push(label);
  }
  for (const section of [...table.tBodies, ...(table.tFoot ? [table.tFoot] : [])]) {
    for (const row of section.rows) {
      let column = 0;
      for (const cell of row.cells) {
        const label = cell.colSpan === 1 ? labels[column] : undefined;
        if (!label) cell.removeAttribute('data-label');
        else if (cell.getAttribute('data-label') !== label) cell.setAttribute('data-label', label);
        column += cell.colSpan;
      }
    }
  }
};

/**
 * Keeps every body cell labelled with its column's header, so that the card layout of a narrow
 * table (styles.css, decision 021) can show "Label  value" pairs without each table repeating its
 * headers: rows added, re-sorted or re-rendered are labelled again.
 */
export const useCellLabels = (ref: RefObject<HTMLTableElement | null>) => {
  useLayoutEffect(() => {
    const table = ref.current;
    if (!table) return;
    stampLabels(table);
    const observer = new MutationObserver(() => stampLabels(table));
    observer.observe(table, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [ref]);
};
