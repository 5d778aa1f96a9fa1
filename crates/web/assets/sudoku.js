// Sudoku on the page: how its grid, captions, stack frames, code, tree
// and thumbnails look. The descriptor's fields are those of the plug-in
// interface described in puzzles.js.

import { conflictGroup, conflictLabel } from './board-marks.js';
import { count, svg } from './dom.js';

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


// A placement the search chose is a guess; the trace marks the others, and
// their removals, `forced` (see the docs of `puzzles::sudoku::trace`).
function markGuesses(events) {
  for (const event of events) {
    if (event.event === 'place' || event.event === 'remove') event.guess = !event.forced;
  }
}

export const sudoku = {
  id: 'sudoku',
  prepareEvents: markGuesses,
  // Only guesses are nodes; what a guess forces is listed in its node.
  isNode: (event) => event.guess,
  treeHint: 'a node per guess, with the digits it forced; click one to go to its step',
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

    // On 16×16 and 25×25 grids the digits fill more of their cells: the
    // cells are small, on a phone a few pixels.
    const digits = svg('g', { class: 'digits', 'font-size': size * (n >= 16 ? 0.8 : 0.62) }, board);
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
    slot: 86, levelHeight: 62, nodeWidth: 80, nodeHeight: 44,
    label: (node, numbering) => {
      const forced = `+${node.forced.length} forced`;
      if (node.id === 0) return ['start', forced];
      const number = numbering === 'visit' ? `guess ${node.id}` : `step ${node.step}`;
      return [number, `${symbol(node.value)} at ${rc(node.row, node.col)}`, forced];
    },
    short: (node) => (node.id === 0 ? 'start' : `${symbol(node.value)} at ${rc(node.row, node.col)}`),
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
