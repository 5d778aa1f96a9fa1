// N-Queens on the page: how its board, captions, stack frames, code,
// tree and thumbnails look. The descriptor's fields are those of the
// plug-in interface described in puzzles.js.

import { conflictGroup, conflictLabel } from './board-marks.js';
import { count, ranges, svg } from './dom.js';

// The same queen as the library's SVG boards (puzzles::queens::svg).
const QUEEN_PATH =
  'M20 74L13 36L32 55L31 27L44 52L50 21L56 52L69 27L68 55L87 36L80 74Z' +
  'M17 79H83V89H17Z' +
  'M8 33a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z' +
  'M26 24a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z' +
  'M45 17a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z' +
  'M64 24a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z' +
  'M82 33a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z';

function square(row, col) {
  return `row ${row}, column ${col}`;
}

// The columns of the queens standing, row 0 first.
const colsOf = (stack) => stack.slice().sort((a, b) => a.row - b.row).map((choice) => choice.col);

export const queens = {
  id: 'queens',
  // Every placement is a node of the tree.
  isNode: () => true,
  solutionFields: (state) => ({ cols: colsOf(state.stack) }),
  treeHint: 'a node per queen placed; click one to go to its step',
  // Your own start: queens placed on the board before the search.
  ownStart: true,
  endNote(trace, total) {
    if (trace.given && trace.summary.counters.solutions === 0) {
      return ` The search is over: no completion exists for the given queens (${count(total, 'step')}).`;
    }
    return null;
  },
  noSolutionsNote: (trace) => (trace.given && trace.summary.completed && trace.summary.counters.solutions === 0
    ? 'None: no completion exists for the given queens, as the whole search shows.' : null),
  // The library's own drawing of the board, when it holds a solution.
  download(state, event, trace) {
    if (state.stack.length !== trace.n || !event || event.event !== 'solution') return null;
    const cols = colsOf(state.stack);
    return { href: `/api/board.svg?cols=${cols.join(',')}`, filename: `queens-${trace.n}-${cols.join('-')}.svg` };
  },
  title: (trace) => `${trace.n} queens${trace.given ? `, ${trace.given.length} given` : ''}`,
  removalsLabel: 'queens taken back (un-choose)',
  legend: [
    ['attacked', 'attacked (hatched): the next queen cannot go there — the search still tries it, and the check says no'],
    ['tried', 'the square tried at this step'],
    ['tried-mark', 'tried earlier in this row (✕ a conflict, ○ a queen taken back)'],
    ['clash', 'a conflict, drawn to the queen it clashes with'],
    ['removed', 'a queen taken back'],
    ['dead', 'a row with no column left: back up'],
    ['given-queen', 'a queen of your own start (given), pinned'],
  ],
  code: {
    lines: (trace) => [
      ['start', 'solve(row):'],
      ['solution', '  if row == n: report cols; return'],
      ['loop', trace.given ? '  for col in allowed(row):  # givens' : '  for col in 0 … n−1:'],
      ['conflict', '    if attacked(row, col): continue'],
      ['place', '    cols[row] = col   # choose'],
      ['explore', '    solve(row + 1)    # explore'],
      ['remove', '    cols[row] = none  # un-choose'],
      ['backtrack', '  return  # no column left: back up'],
    ],
    lineOf: (event) => (event ? event.event : 'start'),
  },

  // `setup`: the queens of your own start being placed (no trace shown).
  draw(board, state, event, trace, extra) {
    const n = trace.n;
    const size = 56;
    const margin = 30;
    const extent = margin + n * size + 6;
    // Board units per screen pixel when the board is shown 600 px wide,
    // so that lines and text keep their size whatever N is.
    const px = extent / 600;
    board.replaceChildren();
    board.setAttribute('viewBox', `0 0 ${extent} ${extent}`);
    const given = (trace.given || []).map(([row, col]) => ({ row, col }));
    const queens = new Map(state.stack.map((choice) => [choice.row, choice.col]));
    const queenList = state.stack.map((choice) => [choice.row, choice.col]);
    for (const { row, col } of given) {
      if (!queens.has(row)) queenList.push([row, col]);
    }
    const x = (col) => margin + col * size;
    const y = (row) => margin + row * size;
    const centre = (v) => v + size / 2;

    const defs = svg('defs', {}, board);
    const hatch = svg('pattern', {
      id: 'attack-hatch', patternUnits: 'userSpaceOnUse', width: size / 4, height: size / 4,
    }, defs);
    svg('path', { class: 'hatch', d: `M0 ${size / 4}L${size / 4} 0`, 'stroke-width': 2 * px }, hatch);

    const squares = svg('g', { class: 'squares' }, board);
    for (let row = 0; row < n; row += 1) {
      for (let col = 0; col < n; col += 1) {
        const square = svg('rect', {
          class: (row + col) % 2 === 0 ? 'light' : 'dark', 'data-row': row, 'data-col': col,
          x: x(col), y: y(row), width: size, height: size,
        }, squares);
        // Squares that take a click take the keyboard too.
        if (extra && extra.clickable) {
          square.setAttribute('tabindex', '0');
          square.setAttribute('role', 'button');
          square.setAttribute('aria-label', `row ${row}, column ${col}: place or remove a queen`);
        }
      }
    }

    // Squares attacked by the queens standing (and the given ones), in
    // the rows still empty: where the next queen cannot go.
    const rowsTaken = new Set(queenList.map(([row]) => row));
    const attacked = svg('g', { class: 'attacks' }, board);
    for (let row = 0; row < n; row += 1) {
      if (rowsTaken.has(row)) continue;
      for (let col = 0; col < n; col += 1) {
        const hit = queenList.some(([queenRow, queenCol]) =>
          queenCol === col || Math.abs(queenRow - row) === Math.abs(queenCol - col));
        if (hit) {
          svg('rect', {
            class: 'attacked', 'data-row': row, 'data-col': col, x: x(col), y: y(row), width: size, height: size,
            fill: 'url(#attack-hatch)',
          }, attacked);
        }
      }
    }

    const marks = svg('g', { class: 'marks' }, board);
    const kind = event ? event.event : null;
    if (kind === 'backtrack') {
      svg('rect', {
        class: 'dead-row', x: x(0), y: y(event.row), width: n * size, height: size,
        'stroke-width': 3 * px,
      }, marks);
    }
    // What this row's loop has tried before this step.
    for (const tried of (extra && extra.tried) || []) {
      const cx = centre(x(tried.col));
      const cy = centre(y(tried.row));
      const r = size * 0.16;
      if (tried.kind === 'conflict') {
        svg('path', {
          class: 'tried-mark conflict', d: `M${cx - r} ${cy - r}L${cx + r} ${cy + r}M${cx + r} ${cy - r}L${cx - r} ${cy + r}`,
          'stroke-width': 3 * px,
        }, marks);
      } else {
        svg('circle', { class: 'tried-mark remove', cx, cy, r, 'stroke-width': 3 * px }, marks);
      }
    }
    if (kind === 'place' || kind === 'conflict' || kind === 'remove') {
      const inset = 2.5 * px;
      svg('rect', {
        class: `tried ${kind}`,
        x: x(event.col) + inset, y: y(event.row) + inset,
        width: size - 2 * inset, height: size - 2 * inset, rx: 3 * px,
        'stroke-width': 5 * px,
      }, marks);
    }

    const pieces = svg('g', { class: 'queens' }, board);
    const scale = size / 100;
    const givenAt = new Set(given.map(({ row, col }) => `${row},${col}`));
    for (const [row, col] of queenList) {
      const isGiven = givenAt.has(`${row},${col}`);
      const queen = svg('g', {
        class: isGiven ? 'queen given' : 'queen', 'data-row': row, 'data-col': col,
        transform: `translate(${x(col)} ${y(row)}) scale(${scale})`,
      }, pieces);
      svg('path', { d: QUEEN_PATH }, queen);
      if (isGiven) svg('circle', { class: 'pin', cx: 84, cy: 16, r: 10 }, queen);
    }
    if (kind === 'conflict' || kind === 'remove') {
      // The queen that was tried (and refused) or taken back, as a ghost.
      const ghost = svg('g', {
        class: `ghost ${kind}`,
        transform: `translate(${x(event.col)} ${y(event.row)}) scale(${scale})`,
      }, pieces);
      svg('path', { d: QUEEN_PATH }, ghost);
    }

    if (kind === 'conflict') {
      const [withRow, withCol] = event.with;
      const x1 = centre(x(event.col));
      const y1 = centre(y(event.row));
      const x2 = centre(x(withCol));
      const y2 = centre(y(withRow));
      const ring = size * 0.47;
      const clash = conflictGroup(board, event.kind, x2, y2, ring, px);
      // From the tried square's edge to the ring around the queen it
      // clashes with.
      const length = Math.hypot(x2 - x1, y2 - y1);
      const ux = (x2 - x1) / length;
      const uy = (y2 - y1) / length;
      const start = size * 0.3;
      svg('line', {
        class: 'conflict-line',
        x1: x1 + ux * start, y1: y1 + uy * start,
        x2: x2 - ux * ring, y2: y2 - uy * ring,
        'stroke-width': 4 * px,
      }, clash);
      conflictLabel(clash, event.kind, (x1 + x2) / 2, (y1 + y2) / 2, px);
    }
    if (extra && extra.clash) {
      // Your own start: two queens that attack each other.
      const [[r1, c1], [r2, c2]] = extra.clash;
      const clash = conflictGroup(board, extra.clashKind, centre(x(c2)), centre(y(r2)), size * 0.47, px);
      svg('line', {
        class: 'conflict-line', x1: centre(x(c1)), y1: centre(y(r1)), x2: centre(x(c2)), y2: centre(y(r2)),
        'stroke-width': 4 * px,
      }, clash);
    }

    const labels = svg('g', { class: 'labels', 'font-size': Math.min(15 * px, size * 0.36) }, board);
    const workingRow = event && kind !== 'solution' ? event.depth : -1;
    for (let index = 0; index < n; index += 1) {
      svg('text', { x: centre(x(index)), y: margin - 10, 'text-anchor': 'middle' }, labels)
        .textContent = String(index);
      const rowLabel = svg('text', {
        x: margin - 10, y: centre(y(index)) + 5, 'text-anchor': 'end',
        class: index === workingRow ? 'working' : '',
      }, labels);
      rowLabel.textContent = index === workingRow ? `▸${index}` : String(index);
    }
    svg('rect', {
      class: 'frame', x: margin, y: margin, width: n * size, height: n * size,
      'stroke-width': (kind === 'solution' ? 5 : 2) * px,
    }, board);
  },

  describe(event, state, trace, next, context) {
    if (!event) {
      if (trace.given) {
        const list = trace.given.map(([row, col]) => `(${row}, ${col})`).join(', ');
        return `An empty ${trace.n}×${trace.n} board with your own start: ${count(trace.given.length, 'given queen')} at ${list}. ` +
          'The search goes row by row; a given row allows only its queen, and squares a given queen attacks are never tried.';
      }
      return `An empty ${trace.n}×${trace.n} board. The search will try the columns of row 0 from left to right.`;
    }
    // What comes after this step in the same row, from the trace itself.
    const lastHere = !next || next.event === 'backtrack' || next.depth < event.depth;
    switch (event.event) {
      case 'place': {
        const isGiven = (trace.given || []).some(([row, col]) => row === event.row && col === event.col);
        return `Place a queen at ${square(event.row, event.col)}: ${isGiven ? 'it is a given queen' : 'no queen attacks it'}. ` +
          (event.row + 1 < trace.n ? `Go on to row ${event.row + 1}.` : 'That was the last row.');
      }
      case 'conflict': {
        const [withRow, withCol] = event.with;
        const how = event.kind === 'column' ? 'in the same column as' : `on a ${event.kind} with`;
        const then = lastHere
          ? `That was the last column of row ${event.row} to try.`
          : 'Try the next column.';
        // Why a hatched square is tried at all: said once, at the first
        // conflict of the search.
        const aside = context.step === context.replay.firstConflict
          ? ' (It was hatched: the search does not look ahead; it tries each column and this check refuses it.)' : '';
        return `Try ${square(event.row, event.col)}: it is ${how} the queen at ${square(withRow, withCol)} ` +
          `— a ${event.kind} conflict.${aside} ${then}`;
      }
      case 'remove':
        return `Take the queen at ${square(event.row, event.col)} back (un-choose). ` +
          (lastHere
            ? `Row ${event.row} has no column left to try.`
            : `Try the next column of row ${event.row}.`);
      case 'backtrack':
        return event.row === 0
          ? 'No column left in row 0: the whole tree has been searched.'
          : `No column left in row ${event.row}: back up to row ${event.row - 1}.`;
      case 'solution': {
        const cols = state.stack.slice().sort((a, b) => a.row - b.row).map((choice) => choice.col).join(', ');
        const what = trace.given ? 'Completion' : 'Solution';
        return `${what} ${event.index}! All ${trace.n} queens stand and none attacks another: cols = [${cols}].`;
      }
      default:
        return event.event;
    }
  },

  // The frames of solve(row) standing, each with its loop variable.
  path(state, event, trace, context) {
    const n = trace.n;
    // What follows a frame's last column in the trace: the loop's end (the
    // frame backtracks), or the end of the trace, which in first-solution
    // mode (or at the cap) leaves columns untried.
    const afterLast = (node) => {
      if (node.backtrack) return 'no column after it';
      const tried = new Set([...node.children, ...node.stubs].map((item) => item.col));
      const left = [];
      for (let col = 0; col < n; col += 1) if (!tried.has(col)) left.push(col);
      if (!left.length) return 'no column after it';
      const why = trace.truncated ? 'the trace stops at its cap' : 'the search stops at its first solution';
      return `${ranges(left)} never tried: ${why}`;
    };
    const cols = [];
    for (let row = 0; row < n; row += 1) {
      const choice = state.stack.find((c) => c.row === row);
      cols.push(choice ? String(choice.col) : '·');
    }
    const frames = [];
    const { tree, step } = context;
    // The node of each row on the path, and the frame in progress.
    const focus = tree.nodes[tree.focus[step]];
    const path = [];
    for (let node = tree.nodes[tree.frame[step]]; node; node = node.parent) path.unshift(node);
    path.forEach((node) => {
      const row = node.level;
      if (row >= n) return;
      const items = [...node.children.map((c) => ({ col: c.col, step: c.step, kind: 'place' })),
        ...node.stubs.map((s) => ({ col: s.col, step: s.step, kind: 'conflict' }))]
        .sort((a, b) => a.step - b.step);
      const done = items.filter((item) => item.step <= step);
      const ahead = items.find((item) => item.step > step);
      const current = done[done.length - 1];
      let text;
      let kind = 'placed';
      if (!current) {
        text = 'col not chosen yet';
        kind = 'waiting';
      } else {
        const tried = ranges(done.map((item) => item.col));
        const standing = state.stack.find((c) => c.row === row);
        text = `col = ${current.col} · tried ${tried}, ` +
          (ahead ? `next ${ahead.col}` : afterLast(node));
        if (!standing) kind = current.kind === 'conflict' ? 'conflict' : 'remove';
      }
      const givenCol = (trace.given || []).find(([givenRow]) => givenRow === row);
      if (givenCol && current) {
        text = `col = ${givenCol[1]} · given: the only column this row allows`;
      }
      if (event && event.event === 'backtrack' && event.row === row) {
        text = `tried ${ranges(done.map((item) => item.col)) || 'nothing'} · no column left ⤴`;
        kind = 'backtrack';
      }
      frames.push({ label: `solve(${row})`, text, kind });
    });
    if (focus && event && event.event === 'solution') {
      frames.push({ label: `solve(${n})`, text: 'row == n: a solution', kind: 'solution' });
    }
    return { cols: `cols = [${cols.join(', ')}]`, frames };
  },

  // Where the tried marks of this row's loop go.
  tried(state, event, trace, context) {
    if (!event || event.event === 'solution') return [];
    const { tree, step } = context;
    const node = tree.nodes[tree.frame[step]];
    const marks = [];
    for (const stub of node.stubs) {
      if (stub.step < step) marks.push({ row: stub.row, col: stub.col, kind: 'conflict' });
    }
    for (const child of node.children) {
      if (child.end <= step && child.end !== step) marks.push({ row: child.row, col: child.col, kind: 'remove' });
    }
    return marks;
  },

  // The tutorials' picture for small boards: the tree grows as the search
  // goes, its nodes numbered in visit order.
  treeMode: (trace) => (trace.n <= 6 ? 'growing' : 'whole'),
  // Nodes wide enough for six-digit step numbers (N ≥ 10, whole tree).
  treeOptions: (trace) => {
    const wider = Math.max(0, String(trace.events.length).length - 5) * 7.3;
    return {
      slot: 42 + wider, levelHeight: 36, nodeWidth: 38 + wider, nodeHeight: 26,
      label: (node, numbering) => (node.id === 0
        ? ['start', trace.given ? 'given' : 'row 0']
        : [String(numbering === 'visit' ? node.id : node.step), `${node.row},${node.col}`]),
      // Compact, on a deep path: the square, as the column list reads.
      short: (node) => (node.id === 0 ? 'start' : `${node.row},${node.col}`),
      title: (node) => {
        if (node.id === 0) return 'the start: the empty board';
        const below = node.row + 1 < trace.n
          ? `${count(node.stubs.length, 'conflict')} in row ${node.row + 1}`
          : `the last row: all ${trace.n} queens stand`;
        return `step ${node.step}: a queen at row ${node.row}, column ${node.col} (node ${node.id} in visit order); ` +
          `${below}; ${count(node.size - 1, 'node')} below`;
      },
      stubSpread: (stub) => (trace.n > 1 ? (stub.col / (trace.n - 1)) * 2 - 1 : 0),
    };
  },

  // Three elements a thumbnail, however big the board: there may be
  // hundreds of them.
  thumbnail(solution, trace) {
    const n = trace.n;
    const box = svg('svg', { viewBox: `0 0 ${n} ${n}`, class: 'thumb', 'aria-hidden': 'true' });
    svg('rect', { x: 0, y: 0, width: n, height: n, class: 'light' }, box);
    let dark = '';
    for (let row = 0; row < n; row += 1) {
      for (let col = (row + 1) % 2; col < n; col += 2) dark += `M${col} ${row}h1v1h-1z`;
    }
    svg('path', { d: dark, class: 'dark' }, box);
    const dots = solution.cols.map((col, row) => `M${col + 0.5} ${row + 0.16}a0.34 0.34 0 1 0 0.001 0z`).join('');
    svg('path', { d: dots, class: 'dot' }, box);
    return box;
  },

};
