// The page of `puzzles serve`: fetch a trace of the real search, then show
// the board at any step k by replaying events 1..k.
//
// The trace is the library's own event list (place / conflict / remove /
// backtrack / solution, each with step and depth). Puzzle-specific drawing
// lives in `renderers`, keyed by the `puzzle` field of the trace (queens,
// sudoku), so a new puzzle adds a renderer and an entry in the server's
// catalogue.
'use strict';

(() => {
  const SVG_NS = 'http://www.w3.org/2000/svg';
  // The same queen as the library's SVG boards (puzzles::queens::svg).
  const QUEEN_PATH =
    'M20 74L13 36L32 55L31 27L44 52L50 21L56 52L69 27L68 55L87 36L80 74Z' +
    'M17 79H83V89H17Z' +
    'M8 33a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z' +
    'M26 24a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z' +
    'M45 17a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z' +
    'M64 24a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z' +
    'M82 33a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z';
  // Replaying from a snapshot keeps any step at most this many events away.
  const CHECKPOINT_EVERY = 512;

  const $ = (id) => document.getElementById(id);
  // One formatter for every number shown (toLocaleString makes one a call).
  const NUMBERS = new Intl.NumberFormat('en');
  const grouped = (number) => NUMBERS.format(number);

  const view = {
    catalogue: null,
    trace: null, // the reply of /api/trace
    checkpoints: [], // state after steps 0, CHECKPOINT_EVERY, 2·CHECKPOINT_EVERY, …
    solutionSteps: [], // the steps that are solution events
    step: 0,
    playing: false,
    rate: 4, // steps per second
    budget: 0, // fractional steps owed to the player
    lastTime: 0,
    hashTimer: 0,
    params: null, // the query of the trace shown
    tree: null, // PuzzlesTree.build of the trace
    treePanel: null,
    solutions: [], // {index, step, cols | values}, in the order found
    editing: false, // placing queens for your own start
    solutionsKey: '',
    thumbs: new Map(), // solution index → its thumbnail button
  };

  // ---- Replaying events ---------------------------------------------------

  function emptyState() {
    return {
      stack: [], // the choices standing: {row, col, value, depth, guess}
      counters: { placements: 0, conflicts: 0, removals: 0, backtracks: 0, solutions: 0 },
    };
  }

  function cloneState(state) {
    return { stack: state.stack.slice(), counters: Object.assign({}, state.counters) };
  }

  function apply(state, event) {
    switch (event.event) {
      case 'place':
        state.stack.push({
          row: event.row, col: event.col, value: event.value, depth: event.depth, guess: event.guess,
        });
        state.counters.placements += 1;
        break;
      case 'remove': {
        const top = state.stack[state.stack.length - 1];
        if (top && top.row === event.row && top.col === event.col) {
          state.stack.pop();
        } else {
          const index = state.stack.findIndex((c) => c.row === event.row && c.col === event.col);
          if (index >= 0) state.stack.splice(index, 1);
        }
        state.counters.removals += 1;
        break;
      }
      case 'conflict':
        state.counters.conflicts += 1;
        break;
      case 'backtrack':
        state.counters.backtracks += 1;
        break;
      case 'solution':
        state.counters.solutions += 1;
        break;
      default:
        break;
    }
  }

  // A placement is a guess when the event after it stands one level deeper:
  // what a guess forces, and the next branching, happen below it, while a
  // forced digit is followed by events at its own depth (see the docs of
  // `puzzles::sudoku::trace`). For queens every placement is a choice.
  // A removal is marked like the placement it takes back.
  function markGuesses(events) {
    const placed = [];
    events.forEach((event, index) => {
      if (event.event === 'place') {
        const next = events[index + 1];
        event.guess = !!next && next.depth === event.depth + 1;
        placed.push(event);
      } else if (event.event === 'remove') {
        // Newest first, so almost always the top.
        let at = placed.length - 1;
        while (at >= 0 && !(placed[at].row === event.row && placed[at].col === event.col)) at -= 1;
        event.guess = at >= 0 && placed[at].guess;
        if (at >= 0) placed.splice(at, 1);
      }
    });
  }

  function prepare(trace) {
    const state = emptyState();
    markGuesses(trace.events);
    view.checkpoints = [cloneState(state)];
    view.solutionSteps = [];
    view.solutions = [];
    view.thumbs = new Map();
    view.solutionsKey = '';
    trace.events.forEach((event, index) => {
      apply(state, event);
      const step = index + 1;
      if (event.event === 'solution') {
        view.solutionSteps.push(step);
        const solution = { index: event.index, step, stack: state.stack.slice() };
        if (trace.puzzle === 'queens') {
          solution.cols = state.stack.slice().sort((a, b) => a.row - b.row).map((choice) => choice.col);
        }
        view.solutions.push(solution);
      }
      if (step % CHECKPOINT_EVERY === 0) view.checkpoints.push(cloneState(state));
    });
    const isNode = trace.puzzle === 'queens' ? () => true : (event) => event.guess;
    view.tree = window.PuzzlesTree.build(trace.events, isNode);
  }

  // The state after events 1..k.
  function stateAt(k) {
    const base = Math.floor(k / CHECKPOINT_EVERY);
    const state = cloneState(view.checkpoints[base]);
    for (let step = base * CHECKPOINT_EVERY + 1; step <= k; step += 1) {
      apply(state, view.trace.events[step - 1]);
    }
    return state;
  }

  // ---- Drawing helpers ----------------------------------------------------

  function svg(tag, attributes, parent) {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      node.setAttribute(name, String(value));
    }
    if (parent) parent.appendChild(node);
    return node;
  }

  // A conflict's group on `board`: a ring of radius `ring` around the
  // piece at (x2, y2) it clashes with; the caller draws the line into it.
  function conflictGroup(board, kind, x2, y2, ring, px) {
    const clash = svg('g', { class: 'conflict', 'data-kind': kind }, board);
    svg('circle', { class: 'conflict-ring', cx: x2, cy: y2, r: ring, 'stroke-width': 3.5 * px }, clash);
    return clash;
  }

  // The rule's name on a pill centred at (lx, ly).
  function conflictLabel(clash, label, lx, ly, px) {
    const font = 13 * px;
    const width = label.length * font * 0.62 + font * 1.2;
    const height = font * 1.7;
    const tag = svg('g', { class: 'conflict-label', transform: `translate(${lx} ${ly})` }, clash);
    svg('rect', { x: -width / 2, y: -height / 2, width, height, rx: height / 2 }, tag);
    svg('text', { x: 0, y: font * 0.36, 'text-anchor': 'middle', 'font-size': font }, tag)
      .textContent = label;
  }

  function html(tag, attributes, text) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      node.setAttribute(name, String(value));
    }
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // "1 solution", "2 solutions", "1,234 steps".
  function count(number, word, plural) {
    return `${grouped(number)} ${number === 1 ? word : plural || `${word}s`}`;
  }

  function square(row, col) {
    return `row ${row}, column ${col}`;
  }

  // "0–2, 5" for the columns 0, 1, 2 and 5.
  function ranges(values) {
    const sorted = [...new Set(values)].sort((a, b) => a - b);
    const parts = [];
    for (let i = 0; i < sorted.length; i += 1) {
      let j = i;
      while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j += 1;
      parts.push(j > i ? `${sorted[i]}–${sorted[j]}` : String(sorted[i]));
      i = j;
    }
    return parts.join(', ');
  }

  // ---- Renderers, one per puzzle ------------------------------------------

  const renderers = {
    queens: {
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
            svg('rect', {
              class: (row + col) % 2 === 0 ? 'light' : 'dark', 'data-row': row, 'data-col': col,
              x: x(col), y: y(row), width: size, height: size,
            }, squares);
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
            return `Try ${square(event.row, event.col)}: it is ${how} the queen at ${square(withRow, withCol)} ` +
              `— a ${event.kind} conflict. (It was hatched: the search does not look ahead; ` +
              `it tries each column and this check refuses it.) ${then}`;
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
            const what = trace.given ? 'A completion' : 'Solution';
            return `${what} ${event.index}! All ${trace.n} queens stand and none attacks another: cols = [${cols}].`;
          }
          default:
            return event.event;
        }
      },

      // The frames of solve(row) standing, each with its loop variable.
      path(state, event, trace, context) {
        const n = trace.n;
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
              (ahead ? `next ${ahead.col}` : 'no column after it');
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

      treeOptions: (trace) => ({
        slot: 44, levelHeight: 60, nodeWidth: 38, nodeHeight: 30,
        label: (node) => (node.id === 0 ? ['start', trace.given ? 'given' : 'row 0'] : [String(node.step), `${node.row},${node.col}`]),
        title: (node) => (node.id === 0
          ? 'the start: the empty board'
          : `step ${node.step}: a queen at row ${node.row}, column ${node.col}; ` +
            `${count(node.stubs.length, 'conflict')} in row ${node.row + 1}; ${count(node.size - 1, 'node')} below`),
        stubSpread: (stub) => (trace.n > 1 ? (stub.col / (trace.n - 1)) * 2 - 1 : 0),
      }),

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
    },

    sudoku: (() => {
      // Digits as the library writes them (the standard alphabet): 1-9,
      // then A, B, … on 16×16 and 25×25 grids; '.' for an empty cell.
      const SYMBOLS = '.123456789ABCDEFGHIJKLMNOP';
      const symbol = (value) => SYMBOLS[value] || '?';
      // Sudoku counts rows and columns from 1, as the library's messages
      // do ("5 at r1c1 and at r1c9"); the trace's events count from 0.
      const where = (row, col) => `row ${row + 1}, column ${col + 1}`;
      const rc = (row, col) => `r${row + 1}c${col + 1}`;
      const bits = (mask) => {
        const digits = [];
        for (let d = 1; mask >> (d - 1); d += 1) if (mask >> (d - 1) & 1) digits.push(d);
        return digits;
      };
      const list = (digits) => digits.map(symbol).join(', ');

      // The grid's shape, worked out once per trace: the givens, and the
      // cells of each unit numbered as the library numbers them — rows
      // 0..side, columns side..2·side, boxes 2·side..3·side in reading order.
      function geometry(trace) {
        if (trace.geometry) return trace.geometry;
        const side = trace.side;
        const b = trace.box_size;
        const givens = Array.from(trace.grid, (ch) => Math.max(0, SYMBOLS.indexOf(ch.toUpperCase())));
        const units = [];
        for (let row = 0; row < side; row += 1) units.push(Array.from({ length: side }, (_, col) => row * side + col));
        for (let col = 0; col < side; col += 1) units.push(Array.from({ length: side }, (_, row) => row * side + col));
        for (let box = 0; box < side; box += 1) {
          const top = Math.floor(box / b) * b;
          const left = (box % b) * b;
          const cells = [];
          for (let i = 0; i < b; i += 1) for (let j = 0; j < b; j += 1) cells.push((top + i) * side + left + j);
          units.push(cells);
        }
        const cellUnits = Array.from({ length: side * side }, (_, cell) => {
          const row = Math.floor(cell / side);
          const col = cell % side;
          return [row, side + col, 2 * side + Math.floor(row / b) * b + Math.floor(col / b)];
        });
        trace.geometry = {
          side, b, givens, units, cellUnits, full: 2 ** side - 1,
          givenCount: givens.filter((d) => d > 0).length,
        };
        return trace.geometry;
      }

      function unitName(unit, geo) {
        const { side, b } = geo;
        if (unit < side) return `row ${unit + 1}`;
        if (unit < 2 * side) return `column ${unit - side + 1}`;
        const box = unit - 2 * side;
        const top = Math.floor(box / b) * b;
        const left = (box % b) * b;
        return `the box of rows ${top + 1}–${top + b}, columns ${left + 1}–${left + b}`;
      }

      // The digit in every cell after this step, and how it got there.
      function cellsOf(state, geo) {
        const cells = geo.givens.map((value) => (value ? { value, kind: 'given', depth: 0 } : null));
        for (const choice of state.stack) {
          cells[choice.row * geo.side + choice.col] = {
            value: choice.value, kind: choice.guess ? 'guess' : 'forced', depth: choice.depth,
          };
        }
        return cells;
      }

      // The digits still possible in `cell`: those no peer holds. The
      // library's solver removes a candidate only when a peer takes the
      // digit, so this is exactly its candidate set.
      function candidates(values, cell, geo) {
        let used = 0;
        for (const unit of geo.cellUnits[cell]) {
          for (const other of geo.units[unit]) {
            if (other !== cell && values[other]) used |= 1 << (values[other] - 1);
          }
        }
        return geo.full & ~used;
      }

      // Why a forced digit is forced: the only digit left for its cell (a
      // naked single), or the only place left for it in a unit (a hidden
      // single). `values` is the grid before it is placed.
      function reason(values, cell, digit, geo) {
        if (candidates(values, cell, geo) === 1 << (digit - 1)) {
          return `it is the only digit left for this cell (a naked single)`;
        }
        for (const unit of geo.cellUnits[cell]) {
          const elsewhere = geo.units[unit].some((other) => other !== cell && !values[other]
            && candidates(values, other, geo) >> (digit - 1) & 1);
          if (!elsewhere) return `it is the only place left for ${symbol(digit)} in ${unitName(unit, geo)} (a hidden single)`;
        }
        return 'the digits placed so far force it';
      }

      // Where the solver branches in this grid, by its own rule: the first
      // empty cell with two digits left; else the fewest digits, unless
      // some digit has fewer places left in a unit (ties go to cells, then
      // to the first in order).
      function branchOf(values, geo) {
        const { side } = geo;
        const cand = values.map((value, cell) => (value ? 1 << (value - 1) : candidates(values, cell, geo)));
        let best = -1;
        let fewest = Infinity;
        for (let cell = 0; cell < side * side; cell += 1) {
          if (values[cell]) continue;
          const count = bits(cand[cell]).length;
          if (count <= 2) return { cell, digits: bits(cand[cell]) };
          if (count < fewest) { fewest = count; best = cell; }
        }
        let unitBranch = null;
        outer: for (let unit = 0; unit < 3 * side; unit += 1) {
          for (let d = 1; d <= side; d += 1) {
            const places = geo.units[unit].filter((cell) => cand[cell] >> (d - 1) & 1).length;
            if (places >= 2 && places < fewest) {
              fewest = places;
              unitBranch = { unit, digit: d, places };
              if (places === 2) break outer;
            }
          }
        }
        return unitBranch || (best >= 0 ? { cell: best, digits: bits(cand[best]) } : null);
      }

      // The grid's digits as numbers, with one cell left out (the one the
      // event is about, to see the grid as it was just before).
      function valuesWithout(cells, cell) {
        return cells.map((entry, index) => (entry && index !== cell ? entry.value : 0));
      }

      function latestGuess(state) {
        for (let i = state.stack.length - 1; i >= 0; i -= 1) if (state.stack[i].guess) return state.stack[i];
        return null;
      }

      const KIND_WORDS = { row: 'row', column: 'column', box: 'box' };

      return {
        title: (trace) => `Sudoku ${trace.side}×${trace.side}, ${geometry(trace).givenCount} givens`,
        wide: (trace) => trace.side >= 16,
        removalsLabel: 'digits taken back (un-choose)',
        legend: [
          ['given', 'a given: part of the puzzle', '5'],
          ['forced', 'forced by a single (only digit for its cell, or only place in a unit)', '7'],
          ['guess', 'a guess: the search chose it (ringed)', '6'],
          ['tentative', 'stands on a guess: goes if the guess is taken back'],
          ['tried', 'the cell of this step'],
          ['clash', 'a conflict, drawn to the digit it clashes with; their shared row, column or box tinted'],
          ['removed', 'a digit taken back'],
          ['dead', 'no option left here: back up'],
          ['given', 'rows and columns count from 1, as the library\'s messages do (r1c1 is the top left)', '1'],
        ],

        draw(board, state, event, trace) {
          const geo = geometry(trace);
          const n = geo.side;
          const size = 56;
          // Room for two-digit row numbers at any scale.
          const margin = Math.max(30, (30 * (n * size + 36)) / 600);
          const extent = margin + n * size + 6;
          // Board units per screen pixel at 600 px wide, so that lines and
          // labels keep their size on every grid.
          const px = extent / 600;
          board.replaceChildren();
          board.setAttribute('viewBox', `0 0 ${extent} ${extent}`);
          const x = (col) => margin + col * size;
          const y = (row) => margin + row * size;
          const centre = (v) => v + size / 2;
          const cells = cellsOf(state, geo);
          const kind = event ? event.event : null;
          const cellRect = (cell, cls, parent, inset = 0) => svg('rect', {
            class: cls,
            x: x(cell % n) + inset, y: y(Math.floor(cell / n)) + inset,
            width: size - 2 * inset, height: size - 2 * inset,
          }, parent);

          svg('rect', { class: 'paper', x: margin, y: margin, width: n * size, height: n * size }, board);
          const washes = svg('g', { class: 'washes' }, board);
          cells.forEach((entry, cell) => {
            if (!entry) return;
            if (entry.kind === 'given') cellRect(cell, 'given-cell', washes);
            else cellRect(cell, entry.depth > 0 ? 'placed-cell tentative' : 'placed-cell', washes);
          });

          const marks = svg('g', { class: 'marks' }, board);
          if (kind === 'conflict' && KIND_WORDS[event.kind]) {
            // The unit the two cells share: the rule that was broken.
            const shared = geo.cellUnits[event.row * n + event.col][['row', 'column', 'box'].indexOf(event.kind)];
            for (const cell of geo.units[shared]) cellRect(cell, 'clash-unit', marks);
          }
          if (kind === 'backtrack') {
            const dead = event.row < n * n ? [event.row] : geo.units[Math.floor((event.row - n * n) / n)];
            for (const cell of dead) cellRect(cell, 'dead', marks);
          }

          // Cell lines, then box lines over them.
          let thin = '';
          let thick = '';
          for (let i = 0; i <= n; i += 1) {
            const line = `M${x(i)} ${y(0)}V${y(n)}M${x(0)} ${y(i)}H${x(n)}`;
            if (i % geo.b === 0) thick += line; else thin += line;
          }
          svg('path', { class: 'cell-lines', d: thin, 'stroke-width': 1 * px }, board);
          svg('path', { class: 'box-lines', d: thick, 'stroke-width': 2.5 * px }, board);

          if (kind === 'place' || kind === 'conflict' || kind === 'remove') {
            const inset = 3 * px;
            svg('rect', {
              class: `tried ${kind}`,
              x: x(event.col) + inset, y: y(event.row) + inset,
              width: size - 2 * inset, height: size - 2 * inset, rx: 4 * px,
              'stroke-width': 4 * px,
            }, board);
          }

          const digits = svg('g', { class: 'digits', 'font-size': size * 0.62 }, board);
          cells.forEach((entry, cell) => {
            if (!entry) return;
            const row = Math.floor(cell / n);
            const col = cell % n;
            if (entry.kind === 'guess') {
              svg('circle', {
                class: 'guess-ring', cx: centre(x(col)), cy: centre(y(row)), r: size * 0.4,
                'stroke-width': 2.5 * px,
              }, digits);
            }
            svg('text', {
              class: `digit ${entry.kind}`, 'data-row': row, 'data-col': col, 'data-depth': entry.depth,
              x: centre(x(col)), y: centre(y(row)), 'text-anchor': 'middle', 'dominant-baseline': 'central',
            }, digits).textContent = symbol(entry.value);
          });
          if (kind === 'conflict' || kind === 'remove') {
            // The digit tried (and refused) or taken back, as a ghost: in
            // the corner when its cell holds another digit.
            const filled = !!cells[event.row * n + event.col];
            svg('text', {
              class: `ghost ${kind}`,
              x: filled ? x(event.col) + size * 0.8 : centre(x(event.col)),
              y: filled ? y(event.row) + size * 0.22 : centre(y(event.row)),
              'text-anchor': 'middle', 'dominant-baseline': 'central',
              'font-size': filled ? size * 0.32 : size * 0.62,
            }, digits).textContent = symbol(event.value);
          }

          if (kind === 'conflict' && KIND_WORDS[event.kind]) {
            const [withRow, withCol] = event.with;
            const x1 = centre(x(event.col));
            const y1 = centre(y(event.row));
            const x2 = centre(x(withCol));
            const y2 = centre(y(withRow));
            const ring = size * 0.42;
            const clash = conflictGroup(board, event.kind, x2, y2, ring, px);
            // A curve from the tried cell to the ring, bowed half a cell
            // towards the middle of the board, so that it runs between the
            // digits it passes rather than over them; the rule's name sits
            // on its crest, on a grid line.
            const length = Math.hypot(x2 - x1, y2 - y1);
            const ux = (x2 - x1) / length;
            const uy = (y2 - y1) / length;
            let nx = -uy;
            let ny = ux;
            const middle = margin + (n * size) / 2;
            if (nx * ((x1 + x2) / 2 - middle) + ny * ((y1 + y2) / 2 - middle) > 0) {
              nx = -nx;
              ny = -ny;
            }
            // Neighbours have nothing between them: a straight line.
            const bow = length > size * 1.5 ? size : 0;
            const cx = (x1 + x2) / 2 + nx * bow;
            const cy = (y1 + y2) / 2 + ny * bow;
            const towards = (fromX, fromY, distance) => {
              const d = Math.hypot(cx - fromX, cy - fromY);
              return [fromX + ((cx - fromX) / d) * distance, fromY + ((cy - fromY) / d) * distance];
            };
            const [sx, sy] = towards(x1, y1, size * 0.36);
            const [ex, ey] = towards(x2, y2, ring);
            svg('path', {
              class: 'conflict-line',
              d: `M${sx} ${sy}Q${cx} ${cy} ${ex} ${ey}`,
              'stroke-width': 4 * px,
            }, clash);
            const lx = (x1 + x2) / 2 + (nx * size) / 2;
            const ly = (y1 + y2) / 2 + (ny * size) / 2;
            conflictLabel(clash, event.kind, lx, ly, px);
          } else if (kind === 'conflict') {
            // The cell itself is taken: a cross over it.
            const cx = centre(x(event.col));
            const cy = centre(y(event.row));
            const r = size * 0.3;
            svg('path', {
              class: 'conflict-cross', d: `M${cx - r} ${cy - r}L${cx + r} ${cy + r}M${cx + r} ${cy - r}L${cx - r} ${cy + r}`,
              'stroke-width': 3 * px,
            }, board);
          }

          const labels = svg('g', { class: 'labels', 'font-size': Math.min(13 * px, size * 0.36) }, board);
          const focus = event && (kind === 'place' || kind === 'conflict' || kind === 'remove') ? event : null;
          for (let index = 0; index < n; index += 1) {
            svg('text', {
              x: centre(x(index)), y: margin - 9, 'text-anchor': 'middle',
              class: focus && focus.col === index ? 'working' : '',
            }, labels).textContent = String(index + 1);
            svg('text', {
              x: margin - 8, y: centre(y(index)), 'text-anchor': 'end', 'dominant-baseline': 'central',
              class: focus && focus.row === index ? 'working' : '',
            }, labels).textContent = String(index + 1);
          }
          svg('rect', {
            class: 'frame grid-frame', x: margin, y: margin, width: n * size, height: n * size,
            'stroke-width': (kind === 'solution' ? 6 : 3) * px,
          }, board);
        },

        describe(event, state, trace, next, context) {
          const geo = geometry(trace);
          const n = geo.side;
          if (!event) {
            const empty = n * n - geo.givenCount;
            return `The puzzle: ${geo.givenCount} givens, ${empty} empty cells. The search first places every digit ` +
              'the givens force (singles), and guesses only when none is left.';
          }
          const cells = cellsOf(state, geo);
          const at = event.row !== undefined ? event.row * n + event.col : -1;
          const digit = symbol(event.value);
          switch (event.event) {
            case 'place': {
              const values = valuesWithout(cells, at);
              if (event.guess) {
                // The options of this branching, as the trace tries them:
                // conflicts refused before this guess, guesses after it.
                const { tree, step } = context;
                const frameNode = tree.nodes[tree.frame[step]];
                const refused = frameNode.stubs.filter((stub) => stub.step < step);
                const later = frameNode.children.filter((child) => child.step > step);
                const earlier = frameNode.children.filter((child) => child.step < step);
                const branch = branchOf(values, geo);
                let why = 'no single is left, so the search must choose';
                if (branch && branch.unit !== undefined) {
                  why = `no single is left; ${symbol(branch.digit)} has only ${branch.places} places left in ` +
                    `${unitName(branch.unit, geo)}, so the search tries them in turn`;
                } else if (branch && branch.cell === at) {
                  why = 'no single is left; this cell has the fewest digits left, so the search tries its digits in turn';
                }
                const parts = [];
                if (earlier.length) parts.push(`${count(earlier.length, 'earlier guess', 'earlier guesses')} here failed`);
                if (refused.length) {
                  parts.push(`${list(refused.map((stub) => stub.value))} ${refused.length === 1 ? 'was' : 'were'} refused here by conflicts`);
                }
                parts.push(later.length
                  ? `if this fails, the search tries ${list(later.map((child) => child.value))} ` +
                    `${later.every((child) => child.row === event.row && child.col === event.col) ? 'here' : `at ${later.map((child) => rc(child.row, child.col)).join(', ')}`} next`
                  : 'it is the last option here');
                return `Guess ${digit} at ${where(event.row, event.col)}: ${why}. ${parts.join('; ')}. ` +
                  'What it forces stands on it.';
              }
              const guess = latestGuess(state);
              const standing = event.depth > 0 && guess
                ? ` It stands on the guess ${symbol(guess.value)} at ${where(guess.row, guess.col)}.` : '';
              return `Place ${digit} at ${where(event.row, event.col)}: ${reason(values, at, event.value, geo)}.${standing}`;
            }
            case 'conflict': {
              const [withRow, withCol] = event.with;
              const holder = cells[withRow * n + withCol];
              const why = KIND_WORDS[event.kind]
                ? `the ${digit} at ${where(withRow, withCol)} is in the same ${event.kind}`
                : `the cell already holds ${holder ? symbol(holder.value) : 'a digit'}`;
              const deadEnd = next ? next.event === 'remove' : trace.summary.completed;
              if (deadEnd) {
                return `Dead end: ${digit} is forced at ${where(event.row, event.col)}, but ${why}. ` +
                  (event.depth > 0 ? 'The last guess was wrong: take back what it placed, then the guess.'
                    : 'The givens cannot be completed.');
              }
              const then = next && next.event === 'backtrack' ? 'That was the last option here.' : 'Try the next one.';
              return `Try ${digit} at ${where(event.row, event.col)}: ${why} — a ${KIND_WORDS[event.kind] || 'filled-cell'} ` +
                `conflict. ${then}`;
            }
            case 'remove': {
              if (event.guess) {
                const then = next && (next.event === 'place' || next.event === 'conflict') && next.depth === event.depth
                  ? ' and try the next option' : '';
                return `Take back the guess ${digit} at ${where(event.row, event.col)} (un-choose)${then}.`;
              }
              return event.depth > 0
                ? `Take back ${digit} at ${where(event.row, event.col)}: it was forced by the guess being undone.`
                : `Take back ${digit} at ${where(event.row, event.col)}: the search is over and unwinds.`;
            }
            case 'backtrack': {
              const what = event.row < n * n
                ? `No digit left for ${where(Math.floor(event.row / n), event.row % n)}`
                : `No place left for ${symbol((event.row - n * n) % n + 1)} in ` +
                  `${unitName(Math.floor((event.row - n * n) / n), geo)}`;
              return event.depth === 0
                ? `${what}: every option has been tried, and the whole tree has been searched.`
                : `${what}: every option failed, so the guess that led here was wrong. Back up to it.`;
            }
            case 'solution':
              return `Solution ${event.index}! Every row, column and box holds ${symbol(1)}–${symbol(n)} once.` +
                (trace.mode === 'all' ? ' The search goes on, looking for another.' : '');
            default:
              return event.event;
          }
        },

        path(state, event, trace, context) {
          const geo = geometry(trace);
          const n = geo.side;
          const { tree, step } = context;
          const frames = [];
          let guesses = 0;
          // What the givens force comes before the first guess.
          const firstGuess = state.stack.findIndex((choice) => choice.guess);
          const forced = firstGuess < 0 ? state.stack.length : firstGuess;
          frames.push({ label: 'start', text: `${geo.givenCount} givens, ${forced} forced`, kind: 'givens' });
          // The guess nodes standing, root first, to number each option.
          const standing = [];
          for (let node = tree.nodes[tree.frame[step]]; node && node.id !== 0; node = node.parent) standing.unshift(node);
          state.stack.forEach((choice, index) => {
            if (!choice.guess) return;
            guesses += 1;
            let follow = 0;
            for (let j = index + 1; j < state.stack.length && !state.stack[j].guess; j += 1) follow += 1;
            const node = standing.find((candidate) => candidate.row === choice.row && candidate.col === choice.col
              && candidate.value === choice.value);
            let option = '';
            if (node) {
              const siblings = node.parent.children;
              option = ` · option ${siblings.indexOf(node) + 1} of ${siblings.length}`;
            }
            frames.push({
              label: `guess ${guesses}`,
              text: `${symbol(choice.value)} at ${rc(choice.row, choice.col)}${option} · ${follow} forced`,
              kind: 'placed',
            });
          });
          if (event && (event.event === 'conflict' || event.event === 'remove' || event.event === 'backtrack')) {
            let text = '';
            if (event.event === 'conflict') {
              text = `${symbol(event.value)} at ${rc(event.row, event.col)} ✗ ${KIND_WORDS[event.kind] || 'cell taken'}`;
            }
            if (event.event === 'remove') {
              text = `${symbol(event.value)} at ${rc(event.row, event.col)} taken back`;
            }
            if (event.event === 'backtrack') text = 'no option left ⤴';
            frames.push({ label: `level ${event.depth}`, text, kind: event.event });
          }
          const filled = geo.givenCount + state.stack.length;
          return {
            cols: `${filled}/${n * n} filled · ${guesses} ${guesses === 1 ? 'guess' : 'guesses'}`,
            frames,
          };
        },

        tried: () => [],

        code: {
          lines: () => [
            ['start', 'solve():'],
            ['forced', '  place every single (a forced digit)'],
            ['dead-end', '  if a forced digit clashes: undo; return'],
            ['solution', '  if the grid is full: report it; return'],
            ['pick', '  pick the cell (or unit) with fewest options'],
            ['loop', '  for digit in its options, in order:'],
            ['conflict', '    if it clashes: continue'],
            ['place', '    place it (a guess)      # choose'],
            ['explore', '    solve()                 # explore'],
            ['remove', '    undo it and what it forced  # un-choose'],
            ['backtrack', '  return                  # no option left'],
          ],
          lineOf(event, next, trace) {
            if (!event) return 'start';
            switch (event.event) {
              case 'place': return event.guess ? 'place' : 'forced';
              case 'conflict': {
                const deadEnd = next ? next.event === 'remove' : trace.summary.completed;
                return deadEnd ? 'dead-end' : 'conflict';
              }
              default: return event.event;
            }
          },
        },

        treeOptions: (trace) => ({
          slot: 76, levelHeight: 62, nodeWidth: 70, nodeHeight: 40,
          label: (node) => {
            const forced = `+${node.forced.length} forced`;
            if (node.id === 0) return ['start', forced];
            return [`step ${node.step}`, `${symbol(node.value)} at ${rc(node.row, node.col)}`, forced];
          },
          title: (node) => {
            const shown = node.forced.slice(0, 40).map((f) => `${symbol(f.value)} at ${rc(f.row, f.col)}`).join(', ');
            const more = node.forced.length > 40 ? `, and ${node.forced.length - 40} more` : '';
            const head = node.id === 0 ? 'the start: the givens' : `step ${node.step}: guess ${symbol(node.value)} at ${rc(node.row, node.col)}`;
            return `${head}; forced: ${shown || 'none'}${more}`;
          },
          stubSpread: (stub, node) => {
            const index = node.stubs.indexOf(stub);
            return node.stubs.length > 1 ? (index / (node.stubs.length - 1)) * 2 - 1 : 0;
          },
        }),

        thumbnail(solution, trace) {
          const geo = geometry(trace);
          const n = geo.side;
          const box = svg('svg', { viewBox: `0 0 ${n} ${n}`, class: 'thumb sudoku-thumb', 'aria-hidden': 'true' });
          svg('rect', { x: 0, y: 0, width: n, height: n, class: 'paper' }, box);
          const values = geo.givens.slice();
          for (const choice of solution.stack) values[choice.row * n + choice.col] = choice.value;
          if (n <= 9) {
            values.forEach((value, cell) => {
              svg('text', {
                x: (cell % n) + 0.5, y: Math.floor(cell / n) + 0.78, 'font-size': 0.8, 'text-anchor': 'middle',
                class: geo.givens[cell] ? 'given' : 'found',
              }, box).textContent = symbol(value);
            });
          }
          let lines = '';
          for (let i = 0; i <= n; i += geo.b) lines += `M${i} 0V${n}M0 ${i}H${n}`;
          svg('path', { d: lines, class: 'box-lines', 'stroke-width': n / 60 }, box);
          return box;
        },
      };
    })(),
  };

  // ---- Showing a step -----------------------------------------------------

  function context() {
    return { tree: view.tree, step: view.step };
  }

  function render() {
    const trace = view.trace;
    if (!trace) return;
    if (view.editing) {
      renderSetup();
      return;
    }
    const total = trace.events.length;
    const k = view.step;
    const state = stateAt(k);
    const event = k > 0 ? trace.events[k - 1] : null;
    const next = trace.events[k];
    const renderer = renderers[trace.puzzle];
    const board = $('board');
    const ctx = context();

    // Big grids get the whole width of the card.
    board.classList.toggle('wide', !!renderer.wide && renderer.wide(trace));
    renderer.draw(board, state, event, trace, { tried: renderer.tried(state, event, trace, ctx) });
    board.dataset.state = event ? event.event : 'start';
    board.classList.toggle('solved', !!event && event.event === 'solution');
    board.classList.remove('editing');

    $('step-counter').textContent = `step ${k} of ${total}`;
    $('scrubber').value = String(k);

    let text = `Step ${k}: ${renderer.describe(event, state, trace, next, ctx)}`;
    if (k === total && total > 0) {
      if (trace.truncated) {
        text += ' (The trace stops here: it reached the cap.)';
      } else if (trace.given && trace.summary.counters.solutions === 0) {
        text += ` The search is over: no completion exists for the given queens (${count(total, 'step')}).`;
      } else {
        text += ` The search is over: ${count(trace.summary.counters.solutions, 'solution')} in ${count(total, 'step')}.`;
      }
    }
    const caption = $('event-text');
    caption.textContent = text;
    caption.dataset.event = event ? event.event : 'start';

    for (const name of ['placements', 'conflicts', 'backtracks', 'solutions', 'removals']) {
      $(`count-${name}`).textContent = grouped(state.counters[name]);
    }

    const path = renderer.path(state, event, trace, ctx);
    $('cols').textContent = path.cols;
    $('stack').replaceChildren(...path.frames.map((frame) => {
      const item = html('li', { class: frame.kind });
      item.append(html('span', { class: 'frame-row' }, frame.label ?? `row ${frame.row}`), html('span', {}, frame.text));
      return item;
    }));

    renderCode(renderer.code.lineOf(event, next, trace));
    view.treePanel.show(k);
    renderSolutions(state);
    renderDownload(state, event);

    $('prev').disabled = k === 0;
    $('first-step').disabled = k === 0;
    $('next').disabled = k === total;
    $('last-step').disabled = k === total;
    $('prev-solution').disabled = !view.solutionSteps.some((s) => s < k);
    $('next-solution').disabled = !view.solutionSteps.some((s) => s > k);
  }

  // ---- The code panel -----------------------------------------------------

  function buildCode(trace) {
    const renderer = renderers[trace.puzzle];
    $('code').replaceChildren(...renderer.code.lines(trace).map(([kind, text], index) => {
      const item = html('li', { 'data-kind': kind, 'data-line': index + 1 });
      item.append(html('span', { class: 'line-number', 'aria-hidden': 'true' }, String(index + 1)), html('code', {}, text));
      return item;
    }));
  }

  function renderCode(kind) {
    for (const item of $('code').children) {
      const lit = item.dataset.kind === kind;
      item.classList.toggle('lit', lit);
      if (lit) item.setAttribute('aria-current', 'step'); else item.removeAttribute('aria-current');
    }
  }

  // ---- The solutions panel ------------------------------------------------

  function renderSolutions(state) {
    const trace = view.trace;
    const renderer = renderers[trace.puzzle];
    const found = state.counters.solutions;
    const currentStep = view.trace.events[view.step - 1]?.event === 'solution' ? view.step : 0;
    const key = `${found}/${currentStep}`;
    if (key === view.solutionsKey) return;
    view.solutionsKey = key;
    const holder = $('solutions');
    const summary = $('solutions-summary');
    const shown = view.solutions.slice(0, found);
    // A thumbnail is made once per solution and kept.
    const thumb = (solution) => {
      let button = view.thumbs.get(solution.index);
      if (!button) {
        button = html('button', {
          type: 'button', class: 'solution-thumb', 'data-step': solution.step,
          'aria-label': `solution ${solution.index}, step ${solution.step}`,
          title: `solution ${solution.index} (step ${solution.step})${solution.cols ? `: [${solution.cols.join(', ')}]` : ''}`,
        });
        button.append(renderer.thumbnail(solution, trace), html('span', {}, `#${solution.index}`));
        button.addEventListener('click', () => { setPlaying(false); goTo(solution.step); });
        view.thumbs.set(solution.index, button);
      }
      if (solution.step === currentStep) button.setAttribute('aria-current', 'true');
      else button.removeAttribute('aria-current');
      return button;
    };
    if (!found) {
      const none = trace.given && trace.summary.completed && trace.summary.counters.solutions === 0;
      summary.textContent = none
        ? 'None: no completion exists for the given queens, as the whole search shows.'
        : 'None yet: they appear here as the search finds them.';
      holder.replaceChildren();
      return;
    }
    if (!trace.classes) {
      summary.textContent = `${count(found, 'solution')} found so far.`;
      holder.replaceChildren(html('div', { class: 'thumbs' }));
      holder.firstChild.append(...shown.map(thumb));
      return;
    }
    // N-Queens: grouped by class under rotation and reflection, as
    // `puzzles queens N --unique` groups them.
    const byIndex = new Map(shown.map((solution) => [solution.index, solution]));
    const groups = trace.classes
      .map((cls) => ({ cls, members: cls.solutions.filter((index) => byIndex.has(index)).map((index) => byIndex.get(index)) }))
      .filter((group) => group.members.length);
    const sizes = [...new Set(groups.map((group) => group.cls.size))];
    const ofSize = sizes.length === 1 ? ` of ${sizes[0]}` : '';
    summary.textContent = `${count(found, 'solution')} in ${count(groups.length, 'class', 'classes')}${ofSize} ` +
      'under rotation and reflection (as --unique counts them).';
    holder.replaceChildren(...groups.map((group, index) => {
      const section = html('div', { class: 'solution-class', 'data-size': group.cls.size });
      section.append(html('p', { class: 'class-title' },
        `Class ${index + 1}: [${group.cls.representative.join(', ')}] · class of ${group.cls.size} · ` +
        `${group.members.length} found`));
      const thumbs = html('div', { class: 'thumbs' });
      thumbs.append(...group.members.map(thumb));
      section.append(thumbs);
      return section;
    }));
  }

  // The library's own drawing of the board, when it holds a solution.
  function renderDownload(state, event) {
    const link = $('download-board');
    const trace = view.trace;
    if (trace.puzzle !== 'queens') {
      link.hidden = true;
      return;
    }
    link.hidden = false;
    const full = state.stack.length === trace.n && event && event.event === 'solution';
    if (full) {
      const cols = state.stack.slice().sort((a, b) => a.row - b.row).map((choice) => choice.col);
      link.href = `/api/board.svg?cols=${cols.join(',')}`;
      link.setAttribute('download', `queens-${trace.n}-${cols.join('-')}.svg`);
      link.removeAttribute('aria-disabled');
      link.textContent = 'Download this board (SVG)';
    } else {
      link.removeAttribute('href');
      link.removeAttribute('download');
      link.setAttribute('aria-disabled', 'true');
      link.textContent = 'Download (SVG): at a solution';
    }
  }

  function goTo(step) {
    if (!view.trace) return;
    view.step = Math.max(0, Math.min(view.trace.events.length, step));
    render();
    if (!view.playing) scheduleHash();
  }

  // ---- Your own start -----------------------------------------------------

  function givenControl() {
    return document.querySelector('#puzzle-params [name="given"]');
  }

  // The squares typed or clicked: [[row, col], …], whatever is readable.
  function draftGiven() {
    const control = givenControl();
    if (!control) return [];
    const squares = [];
    for (const piece of control.value.split(',')) {
      const match = /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(piece);
      if (match) squares.push([Number(match[1]), Number(match[2])]);
    }
    return squares;
  }

  function setDraftGiven(squares) {
    const control = givenControl();
    squares.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    control.value = squares.map(([row, col]) => `${row}:${col}`).join(',');
  }

  // The first two squares that attack each other, in the CLI's words.
  function firstAttack(squares) {
    for (let j = 0; j < squares.length; j += 1) {
      for (let i = 0; i < j; i += 1) {
        const [a, b] = [squares[i], squares[j]];
        let kind = null;
        if (a[0] === b[0]) kind = 'row';
        else if (a[1] === b[1]) kind = 'column';
        else if (Math.abs(a[0] - b[0]) === Math.abs(a[1] - b[1])) kind = 'diagonal';
        if (kind) return { pair: [a, b], kind };
      }
    }
    return null;
  }

  function setEditing(editing) {
    view.editing = editing;
    setPlaying(false);
    const button = $('own-start');
    button.setAttribute('aria-pressed', String(editing));
    button.textContent = editing ? 'Done placing: search from these queens' : 'Place your own queens';
    $('player').classList.toggle('inert', editing);
    document.querySelector('.panels').classList.toggle('inert', editing);
    for (const control of $('player').querySelectorAll('button, input')) control.disabled = editing;
    render();
  }

  function renderSetup() {
    const n = Number($('param-n').value);
    const squares = draftGiven().filter(([row, col]) => row < n && col < n);
    const attack = firstAttack(squares);
    const board = $('board');
    const trace = { n, given: squares };
    renderers.queens.draw(board, { stack: [] }, null, trace,
      attack ? { clash: attack.pair, clashKind: attack.kind } : {});
    board.dataset.state = 'setup';
    board.classList.remove('solved', 'wide');
    board.classList.add('editing');
    const caption = $('event-text');
    caption.dataset.event = attack ? 'conflict' : 'start';
    const placed = squares.length
      ? `${count(squares.length, 'queen')} placed: ${squares.map(([r, c]) => `(${r}, ${c})`).join(', ')}.`
      : 'No queen placed yet.';
    if (attack) {
      const [[r1, c1], [r2, c2]] = attack.pair;
      caption.textContent = `Your own start: ${placed} The pieces at (row ${r1}, col ${c1}) and (row ${r2}, col ${c2}) ` +
        `attack each other (${attack.kind}): no search can start from here. Click one of them to take it away.`;
    } else {
      caption.textContent = `Your own start on the ${n}×${n} board: ${placed} Click a square to place or remove a queen; ` +
        'the hatched squares are attacked. Then search from these queens: the page steps through the search for completions.';
    }
  }

  function toggleSquare(row, col) {
    const squares = draftGiven();
    const at = squares.findIndex(([r, c]) => r === row && c === col);
    if (at >= 0) squares.splice(at, 1); else squares.push([row, col]);
    setDraftGiven(squares);
    render();
  }

  // ---- Playing ------------------------------------------------------------

  function setPlaying(playing) {
    view.playing = playing;
    const button = $('play');
    button.classList.toggle('playing', playing);
    button.querySelector('.label').textContent = playing ? 'pause' : 'play';
    button.setAttribute('aria-label', playing ? 'Pause' : 'Play');
    if (playing) {
      if (view.trace && view.step >= view.trace.events.length) goTo(0);
      view.budget = 0;
      view.lastTime = performance.now();
      requestAnimationFrame(tick);
    } else {
      scheduleHash();
    }
  }

  function tick(now) {
    if (!view.playing || !view.trace) return;
    const elapsed = Math.min(1, (now - view.lastTime) / 1000);
    view.lastTime = now;
    view.budget += elapsed * view.rate;
    const advance = Math.floor(view.budget);
    if (advance > 0) {
      view.budget -= advance;
      const target = view.step + advance;
      if ($('stop-at-solutions').checked) {
        const solution = view.solutionSteps.find((s) => s > view.step && s <= target);
        if (solution !== undefined) {
          goTo(solution);
          setPlaying(false);
          return;
        }
      }
      goTo(target);
    }
    if (view.step >= view.trace.events.length) {
      setPlaying(false);
      return;
    }
    requestAnimationFrame(tick);
  }

  function setSpeed() {
    const value = Number($('speed').value);
    // 1 to 1000 steps a second on a logarithmic slider.
    view.rate = Math.max(1, Math.round(10 ** (value * 3 / 100)));
    $('speed-label').textContent = `${grouped(view.rate)} steps/s`;
  }

  // ---- Loading a trace ----------------------------------------------------

  function showMessage(text, kind) {
    const message = $('message');
    message.textContent = text;
    message.className = `message ${kind}`;
    message.hidden = !text;
  }

  function currentParams() {
    const params = new URLSearchParams();
    params.set('puzzle', $('puzzle').value);
    for (const control of $('puzzle-params').querySelectorAll('[name]')) {
      // No given queens: the plain search, and a plain address.
      if (control.name === 'given' && !control.value.trim()) continue;
      params.set(control.name, control.value);
    }
    const mode = document.querySelector('input[name="mode"]:checked');
    params.set('mode', mode ? mode.value : 'first');
    return params;
  }

  // Nothing to show: after a refused request, the old board must not look
  // like the answer.
  function clearView(text) {
    view.trace = null;
    view.tree = null;
    view.solutions = [];
    view.solutionSteps = [];
    view.solutionsKey = '';
    view.step = 0;
    $('board').replaceChildren();
    $('board').dataset.state = 'empty';
    $('board').classList.remove('solved', 'editing');
    const caption = $('event-text');
    caption.textContent = text;
    caption.dataset.event = 'error';
    $('step-counter').textContent = 'step 0 of 0';
    $('scrubber').max = '0';
    $('scrubber').value = '0';
    for (const id of ['first-step', 'prev-solution', 'prev', 'play', 'next', 'next-solution', 'last-step']) $(id).disabled = true;
    $('stack').replaceChildren();
    $('tree-detail').textContent = '';
    $('cols').textContent = '';
    $('code').replaceChildren();
    $('solutions').replaceChildren();
    $('solutions-summary').textContent = 'No search to show.';
    $('download-board').hidden = true;
    $('overview').textContent = '';
    if (view.treePanel) view.treePanel.clear();
    for (const name of ['placements', 'conflicts', 'backtracks', 'solutions', 'removals']) $(`count-${name}`).textContent = '0';
  }

  async function load(params, step) {
    setPlaying(false);
    view.editing = false;
    $('own-start').setAttribute('aria-pressed', 'false');
    $('own-start').textContent = 'Place your own queens';
    $('player').classList.remove('inert');
    document.querySelector('.panels').classList.remove('inert');
    showMessage('', 'info');
    $('load').disabled = true;
    clearView('Running the search…');
    try {
      const response = await fetch(`/api/trace?${params}`);
      const body = await response.json().catch(() => ({}));
      if (!response.ok) {
        const reason = body.error || `The server answered ${response.status}.`;
        showMessage(reason, 'error');
        clearView(`No search was run: ${reason}`);
        if (params.get('given') && params.get('puzzle') === 'queens') {
          // Show the queens that were refused, ready to be changed.
          view.trace = { puzzle: 'queens', n: Number(params.get('n')) || 8, events: [], summary: { counters: {} } };
          view.editing = true;
          setEditing(true);
          $('event-text').textContent = `No search was run: ${reason}. Click a queen to take it away, ` +
            'or clear the queens, then search again.';
        }
        return;
      }
      view.trace = body;
      document.body.dataset.puzzle = body.puzzle;
      view.params = new URLSearchParams(params);
      // The address keeps the grid as the server read it: on one line.
      if (body.grid !== undefined) view.params.set('grid', body.grid);
      prepare(body);
      const renderer = renderers[body.puzzle];
      $('legend-items').replaceChildren(...renderer.legend.map(([swatch, text, digit]) => {
        const item = html('li');
        item.append(html('span', { class: `swatch ${swatch}` }, digit), ` ${text}`);
        return item;
      }));
      $('removals-label').textContent = renderer.removalsLabel;
      markExample();
      buildCode(body);
      view.treePanel.options = Object.assign(renderer.treeOptions(body), {
        goTo: treeGoTo,
        // The current node in words, under the tree: for Sudoku, every digit
        // its guess forced.
        detail: (node) => { $('tree-detail').textContent = `This node: ${view.treePanel.options.title(node)}.`; },
      });
      view.treePanel.load(view.tree);
      $('tree-hint').textContent = body.puzzle === 'queens'
        ? 'a node per queen placed; click one to go to its step'
        : 'a node per guess, with the digits it forced; click one to go to its step';
      const queens = body.puzzle === 'queens';
      $('own-start').hidden = !queens;
      $('clear-given').hidden = !queens;
      const total = body.events.length;
      $('scrubber').max = String(total);
      // The counter keeps one width for the whole trace, so the scrubber
      // beside it does not move under the pointer.
      $('step-counter').style.minWidth = `${2 * String(total).length + 10}ch`;
      for (const control of $('player').querySelectorAll('button, input')) control.disabled = false;
      if (body.truncated) {
        showMessage(body.message, 'warning');
      } else if (body.given && body.summary.counters.solutions === 0) {
        showMessage(`No completion exists for the given queens: the search below tries every way and finds none ` +
          `(as puzzles queens ${body.n} --given ${params.get('given')} says).`, 'warning');
      }
      const mode = body.mode === 'first' ? 'up to the first solution' : 'the whole tree';
      const counters = body.summary.counters;
      $('overview').textContent =
        `${renderer.title(body)}, ${mode}: ` +
        `${count(total, 'step')}${body.truncated ? ' (cut short)' : ''} — ` +
        `${count(counters.placements, 'placement')}, ${count(counters.conflicts, 'conflict')}, ` +
        `${count(counters.backtracks, 'backtrack')}, ${count(counters.solutions, 'solution')}; ` +
        `${count(view.tree.nodes.length - 1, 'node')} in the tree.`;
      goTo(step || 0);
    } catch (error) {
      showMessage(`Could not get the trace from the server: ${error.message}`, 'error');
      clearView(`No search was run: could not get the trace from the server (${error.message}).`);
    } finally {
      $('load').disabled = false;
    }
  }

  function treeGoTo(step) {
    setPlaying(false);
    goTo(step);
  }

  // ---- The form, built from the server's catalogue ------------------------

  function buildParams(puzzle, values) {
    const holder = $('puzzle-params');
    holder.replaceChildren();
    for (const param of puzzle.parameters) {
      if (param.kind === 'integer') {
        const label = html('label', { class: 'field' }, param.label);
        const control = html('select', { name: param.name, id: `param-${param.name}` });
        for (let value = param.min; value <= param.max; value += 1) {
          control.append(html('option', { value }, String(value)));
        }
        control.value = values.get(param.name) ?? String(param.default ?? '');
        control.addEventListener('change', () => {
          if (view.editing) render();
        });
        label.append(control);
        holder.append(label);
        continue;
      }
      if (param.kind === 'squares') {
        // Given queens: typed as ROW:COL,… or clicked on the board.
        const label = html('label', { class: 'field given-field', title: param.hint }, param.label);
        const control = html('input', {
          name: param.name, id: `param-${param.name}`, type: 'text', placeholder: 'none (e.g. 0:1,3:2)',
          spellcheck: 'false', autocomplete: 'off', size: 14,
        });
        control.value = values.get(param.name) ?? String(param.default ?? '');
        control.addEventListener('input', () => {
          if (view.editing) render();
        });
        label.append(control);
        holder.append(label);
        continue;
      }
      // Free text (a Sudoku grid): the box, what to type, and examples to
      // load with one click.
      const field = html('div', { class: 'field wide' });
      const control = html('textarea', {
        name: param.name, id: `param-${param.name}`, class: 'grid-text', rows: 1,
        spellcheck: 'false', autocomplete: 'off', autocapitalize: 'off', 'aria-describedby': `hint-${param.name}`,
      });
      control.value = values.get(param.name) ?? String(param.default ?? '');
      control.addEventListener('input', markExample);
      field.append(html('label', { for: control.id }, param.label), control);
      if (param.hint) field.append(html('p', { class: 'hint-text', id: `hint-${param.name}` }, param.hint));
      if (param.examples) {
        const row = html('div', { class: 'examples', role: 'group', 'aria-label': 'Example puzzles' });
        row.append(html('span', { class: 'examples-label' }, 'Examples:'));
        for (const example of param.examples) {
          const button = html('button', {
            type: 'button', class: 'example', title: example.about, 'data-grid': example.grid,
          }, example.label);
          button.addEventListener('click', () => {
            control.value = example.grid;
            setMode(example.mode);
            load(currentParams(), 0);
          });
          row.append(button);
        }
        field.append(row);
      }
      holder.append(field);
    }
    const modes = puzzle.modes || ['first', 'all'];
    const labels = puzzle.mode_labels || {};
    for (const radio of document.querySelectorAll('input[name="mode"]')) {
      radio.disabled = !modes.includes(radio.value);
      const text = radio.parentElement.querySelector('.mode-label');
      text.dataset.plain ??= text.textContent;
      text.textContent = labels[radio.value] || text.dataset.plain;
    }
    setMode(values.get('mode') || puzzle.default_mode || modes[0]);
    markExample();
  }

  function setMode(mode) {
    for (const radio of document.querySelectorAll('input[name="mode"]')) radio.checked = radio.value === mode;
  }

  // Presses the example button whose puzzle is in the text box.
  function markExample() {
    const box = document.querySelector('#puzzle-params textarea');
    const typed = box ? box.value.replace(/\s+/g, '').replace(/0/g, '.').toUpperCase() : null;
    for (const button of document.querySelectorAll('#puzzle-params .example')) {
      button.setAttribute('aria-pressed', String(typed === button.dataset.grid));
    }
  }

  function hashParams() {
    return new URLSearchParams(window.location.hash.replace(/^#/, ''));
  }

  function scheduleHash() {
    clearTimeout(view.hashTimer);
    view.hashTimer = setTimeout(() => {
      if (!view.trace || !view.params || view.editing) return;
      const params = new URLSearchParams(view.params);
      params.set('step', String(view.step));
      history.replaceState(null, '', `#${params}`);
    }, 250);
  }

  async function start() {
    try {
      const response = await fetch('/api/puzzles');
      view.catalogue = await response.json();
    } catch (error) {
      showMessage(`Could not reach the server: ${error.message}`, 'error');
      return;
    }
    const wanted = hashParams();
    const select = $('puzzle');
    for (const puzzle of view.catalogue.puzzles) {
      select.append(html('option', { value: puzzle.id }, puzzle.name));
    }
    const chosen = view.catalogue.puzzles.find((p) => p.id === wanted.get('puzzle')) || view.catalogue.puzzles[0];
    select.value = chosen.id;
    buildParams(chosen, wanted);
    // Another puzzle: its default search at once, not the old board.
    select.addEventListener('change', () => {
      const puzzle = view.catalogue.puzzles.find((p) => p.id === select.value);
      buildParams(puzzle, new URLSearchParams());
      load(currentParams(), 0);
    });
    load(currentParams(), Number(wanted.get('step')) || 0);
    // An address typed or pasted in (or history) shows what it names.
    window.addEventListener('hashchange', () => {
      clearTimeout(view.hashTimer);
      const hash = hashParams();
      const puzzle = view.catalogue.puzzles.find((p) => p.id === hash.get('puzzle'));
      if (!puzzle) return;
      const step = Number(hash.get('step')) || 0;
      hash.delete('step');
      const shown = view.params ? new URLSearchParams(view.params) : null;
      if (shown) shown.delete('step');
      if (shown && shown.toString() === hash.toString()) {
        setPlaying(false);
        goTo(step);
        return;
      }
      select.value = puzzle.id;
      buildParams(puzzle, hash);
      load(currentParams(), step);
    });
  }

  // ---- Wiring -------------------------------------------------------------

  function wire() {
    view.treePanel = new window.PuzzlesTree.Panel($('tree-scroll'), { goTo: treeGoTo });
    $('setup').addEventListener('submit', (event) => {
      event.preventDefault();
      load(currentParams(), 0);
    });
    $('prev').addEventListener('click', () => { setPlaying(false); goTo(view.step - 1); });
    $('next').addEventListener('click', () => { setPlaying(false); goTo(view.step + 1); });
    $('first-step').addEventListener('click', () => { setPlaying(false); goTo(0); });
    $('last-step').addEventListener('click', () => { setPlaying(false); goTo(Infinity); });
    $('prev-solution').addEventListener('click', () => {
      setPlaying(false);
      const earlier = view.solutionSteps.filter((s) => s < view.step);
      if (earlier.length) goTo(earlier[earlier.length - 1]);
    });
    $('next-solution').addEventListener('click', () => {
      setPlaying(false);
      const later = view.solutionSteps.find((s) => s > view.step);
      if (later !== undefined) goTo(later);
    });
    $('play').addEventListener('click', () => setPlaying(!view.playing));
    $('scrubber').addEventListener('input', () => {
      setPlaying(false);
      goTo(Number($('scrubber').value));
    });
    $('speed').addEventListener('input', setSpeed);
    $('own-start').addEventListener('click', () => {
      if (!view.editing) {
        setEditing(true);
        return;
      }
      load(currentParams(), 0);
    });
    $('clear-given').addEventListener('click', () => {
      if (!givenControl()) return;
      givenControl().value = '';
      if (view.editing) render(); else load(currentParams(), 0);
    });
    // Clicking a square: in your own start, place or take away a queen; at
    // step 0 of a queens search, begin your own start with that queen.
    $('board').addEventListener('click', (event) => {
      const square = event.target.closest('[data-row][data-col]');
      if (!square || !view.trace || view.trace.puzzle !== 'queens') return;
      if (!view.editing) {
        if (view.step !== 0) return;
        setEditing(true);
      }
      toggleSquare(Number(square.dataset.row), Number(square.dataset.col));
    });
    document.addEventListener('keydown', (event) => {
      const target = event.target;
      // Form controls keep their own keys; a focused button keeps enter
      // (it presses it), but space plays and pauses everywhere but in them.
      if (target.closest && target.closest('input, select, textarea')) return;
      if (event.key === 'Enter') return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const actions = {
        ArrowRight: 'next', ArrowLeft: 'prev', Home: 'first-step', End: 'last-step',
        n: 'next-solution', N: 'next-solution', p: 'prev-solution', P: 'prev-solution',
      };
      if (event.key === ' ') {
        event.preventDefault();
        if (!view.editing && view.trace) setPlaying(!view.playing);
      } else if (actions[event.key] && !view.editing) {
        event.preventDefault();
        $(actions[event.key]).click();
      }
    });
    // A focused button would be pressed by space on key up: space is play.
    document.addEventListener('keyup', (event) => {
      if (event.key === ' ' && event.target.closest && event.target.closest('button, a')) event.preventDefault();
    });
    setSpeed();
  }

  wire();
  start();
})();
