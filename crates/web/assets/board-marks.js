// Marks every board draws the same way, whatever the puzzle: a conflict,
// as a ring around the piece it clashes with and the rule's name on a pill.
// `px` is the number of board units in one screen pixel, so that lines and
// text keep their size on every board.

import { svg } from './dom.js';

// A conflict's group on `board`: a ring of radius `ring` around the
// piece at (x2, y2) it clashes with; the caller draws the line into it.
export function conflictGroup(board, kind, x2, y2, ring, px) {
  const clash = svg('g', { class: 'conflict', 'data-kind': kind }, board);
  svg('circle', { class: 'conflict-ring', cx: x2, cy: y2, r: ring, 'stroke-width': 3.5 * px }, clash);
  return clash;
}

// The rule's name on a pill centred at (lx, ly).
export function conflictLabel(clash, label, lx, ly, px) {
  const font = 13 * px;
  const width = label.length * font * 0.62 + font * 1.2;
  const height = font * 1.7;
  const tag = svg('g', { class: 'conflict-label', transform: `translate(${lx} ${ly})` }, clash);
  svg('rect', { x: -width / 2, y: -height / 2, width, height, rx: height / 2 }, tag);
  svg('text', { x: 0, y: font * 0.36, 'text-anchor': 'middle', 'font-size': font }, tag)
    .textContent = label;
}
