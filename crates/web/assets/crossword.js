// Crosswords on the page: how the grid, its slots' candidate counts,
// captions, stack frames, code, tree and thumbnails look. The descriptor's
// fields are those of the plug-in interface described in puzzles.js.
//
// A crossword's choice is a word for a slot, so its events name a slot
// (`slot` its number, `direction`, `row` and `col` of its first square) and
// a `word`; a conflict names the slot it left without words (`with`). Each
// event carries the candidate counts it changed (`candidates`, pairs of
// slot index and count), and the trace the counts before the first event,
// so that the counts at any step are a replay away.

import { conflictLabel } from './board-marks.js';
import { count, grouped, svg } from './dom.js';

// Candidate counts are replayed from a snapshot at most this many events
// away.
const COUNTS_EVERY = 256;

const key = (number, direction) => `${number}-${direction}`;
const slotName = (slot) => `${slot.number} ${slot.direction}`;
const eventSlot = (event) => `${event.slot} ${event.direction}`;

// The grid's shape, worked out once per trace: squares, pre-set letters,
// each slot's squares, the slot of each (number, direction).
function geometry(trace) {
  if (trace.geometry) return trace.geometry;
  const { rows, cols } = trace;
  const preset = [];
  const blocks = [];
  trace.lines.forEach((line, row) => {
    for (let col = 0; col < cols; col += 1) {
      const ch = line[col] || '#';
      blocks.push(ch === '#');
      preset.push(/[A-Z]/.test(ch) ? ch : '');
    }
  });
  const slots = trace.slots.map((slot, index) => {
    const cells = [];
    for (let i = 0; i < slot.len; i += 1) {
      const row = slot.row + (slot.direction === 'down' ? i : 0);
      const col = slot.col + (slot.direction === 'across' ? i : 0);
      cells.push(row * cols + col);
    }
    return Object.assign({ index, cells }, slot);
  });
  const byKey = new Map(slots.map((slot) => [key(slot.number, slot.direction), slot]));
  const numbers = new Map(slots.map((slot) => [slot.row * cols + slot.col, slot.number]));
  trace.geometry = { rows, cols, preset, blocks, slots, byKey, numbers };
  return trace.geometry;
}

const slotOf = (geo, ref) => geo.byKey.get(key(ref.slot, ref.direction));

// Each slot's candidate count after step k.
function countsAt(trace, k) {
  if (!trace.countSnapshots) {
    const now = trace.candidates.slice();
    trace.countSnapshots = [now.slice()];
    trace.events.forEach((event, index) => {
      for (const [slot, value] of event.candidates || []) now[slot] = value;
      if ((index + 1) % COUNTS_EVERY === 0) trace.countSnapshots.push(now.slice());
    });
  }
  const base = Math.floor(k / COUNTS_EVERY);
  const counts = trace.countSnapshots[base].slice();
  for (let step = base * COUNTS_EVERY + 1; step <= k; step += 1) {
    for (const [slot, value] of trace.events[step - 1].candidates || []) counts[slot] = value;
  }
  return counts;
}

// The letter in every square after this step, and how it got there.
function lettersOf(state, geo) {
  const squares = geo.preset.map((letter) => (letter ? { letter, kind: 'preset', depth: 0 } : null));
  for (const place of state.stack) {
    const slot = slotOf(geo, place);
    if (!slot) continue;
    slot.cells.forEach((cell, i) => {
      if (squares[cell] && squares[cell].kind === 'preset') return;
      squares[cell] = { letter: place.word[i], kind: place.forced ? 'forced' : 'chosen', depth: place.depth };
    });
  }
  return squares;
}

// The words standing, slot by slot.
function wordsOf(state) {
  return new Map(state.stack.map((place) => [key(place.slot, place.direction), place]));
}

function openSlots(geo, state) {
  const filled = wordsOf(state);
  return geo.slots.filter((slot) => !filled.has(key(slot.number, slot.direction)));
}

export const crossword = {
  id: 'crossword',
  // A removal takes back the placement of the same word in the same slot.
  sameChoice: (place, remove) => place.slot === remove.slot && place.direction === remove.direction
    && place.word === remove.word,
  // Only chosen words are nodes; what a choice forces is listed in its node.
  isNode: (event) => !event.forced,
  treeHint: 'a node per word chosen, with the words it forced; click one to go to its step',
  title: (trace) => `Crossword ${trace.rows}×${trace.cols}, ${count(trace.slots.length, 'slot')}`,
  wide: (trace) => trace.cols >= 8,
  removalsLabel: 'words taken back (un-choose)',
  legend: [
    ['cw-preset', 'a letter set in the grid before the search', 'C'],
    ['cw-chosen', 'a word the search chose', 'A'],
    ['cw-forced', 'a word the crossings forced (the only one left for its slot)', 'T'],
    ['tried', 'the slot of this step'],
    ['clash', 'the crossing that failed: the slot the word tried leaves without a word'],
    ['removed', 'a word taken back'],
    ['dead', 'a slot with no word left: back up'],
    ['cw-count', 'beside the grid: each slot\'s candidate words now (1: decided, 0: dead)', '12'],
  ],
  endNote(trace, total) {
    if (trace.summary.counters.solutions > 0 || trace.truncated) return null;
    return ` The search is over after ${count(total, 'step')}: no fill of this grid exists with this list ` +
      '(every way was tried).';
  },
  noSolutionsNote: (trace) => (trace.summary.completed
    ? 'None: this grid has no fill from this list.'
    : 'None yet: fills appear here as the search finds them.'),

  draw(board, state, event, trace) {
    const geo = geometry(trace);
    const { rows, cols } = geo;
    const size = 48;
    const margin = 8;
    const kind = event ? event.event : null;
    const step = event ? event.step : 0;
    const counts = countsAt(trace, step);
    // The table of counts beside the grid: a column of across slots, one
    // of down slots.
    const across = geo.slots.filter((slot) => slot.direction === 'across');
    const down = geo.slots.filter((slot) => slot.direction === 'down');
    const line = 22;
    const tableX = margin + cols * size + 24;
    // Room for the longest entry: number, word (or dots), count →0.
    const longest = Math.max(...geo.slots.map((slot) => slot.len), 6);
    const columnWidth = (longest + 11) * 9.5;
    const tableHeight = 28 + Math.max(across.length, down.length) * line;
    const width = tableX + 2 * columnWidth;
    const height = Math.max(margin * 2 + rows * size, tableHeight + margin);
    const px = width / 600;
    board.replaceChildren();
    board.setAttribute('viewBox', `0 0 ${width} ${height}`);
    const x = (col) => margin + col * size;
    const y = (row) => margin + row * size;
    const squares = lettersOf(state, geo);
    const focus = event && event.slot !== undefined ? slotOf(geo, event) : null;
    const failed = kind === 'conflict' ? slotOf(geo, event.with) : null;

    const grid = svg('g', { class: 'cw-grid' }, board);
    for (let cell = 0; cell < rows * cols; cell += 1) {
      const row = Math.floor(cell / cols);
      const col = cell % cols;
      svg('rect', {
        class: geo.blocks[cell] ? 'cw-block' : 'cw-square',
        'data-row': row, 'data-col': col,
        x: x(col), y: y(row), width: size, height: size, 'stroke-width': 1.5 * px,
      }, grid);
    }
    const marks = svg('g', { class: 'cw-marks' }, board);
    const outline = (slot, cls) => {
      const first = slot.cells[0];
      const last = slot.cells[slot.cells.length - 1];
      const r0 = Math.floor(first / cols);
      const c0 = first % cols;
      const r1 = Math.floor(last / cols);
      const c1 = last % cols;
      const inset = 3;
      return svg('rect', {
        class: cls, 'data-slot': key(slot.number, slot.direction),
        x: x(c0) + inset, y: y(r0) + inset,
        width: (c1 - c0 + 1) * size - 2 * inset, height: (r1 - r0 + 1) * size - 2 * inset,
        rx: 6, 'stroke-width': 4 * px,
      }, marks);
    };
    if (focus) {
      const cls = kind === 'backtrack' ? 'cw-dead' : `tried ${kind}`;
      outline(focus, `cw-slot ${cls}`);
    }
    if (failed) outline(failed, 'cw-slot cw-failed');

    const numbers = svg('g', { class: 'cw-numbers', 'font-size': size * 0.26 }, board);
    for (const [cell, number] of geo.numbers) {
      svg('text', { x: x(cell % cols) + 3, y: y(Math.floor(cell / cols)) + size * 0.26 }, numbers)
        .textContent = String(number);
    }
    const letters = svg('g', { class: 'cw-letters', 'font-size': size * 0.56 }, board);
    const letter = (cell, text, cls) => svg('text', {
      class: cls, 'data-row': Math.floor(cell / cols), 'data-col': cell % cols,
      x: x(cell % cols) + size / 2, y: y(Math.floor(cell / cols)) + size * 0.6,
      'text-anchor': 'middle', 'dominant-baseline': 'central',
    }, letters).textContent = text;
    // The word tried (and refused) or taken back, as a ghost in its slot.
    const ghost = (kind === 'conflict' || kind === 'remove') && focus ? event.word : '';
    squares.forEach((entry, cell) => {
      const inGhost = ghost && focus.cells.includes(cell);
      if (entry && !(inGhost && entry.kind !== 'preset')) {
        letter(cell, entry.letter, `cw-letter cw-${entry.kind}${entry.depth > 0 ? ' tentative' : ''}`);
      }
    });
    if (ghost) focus.cells.forEach((cell, i) => letter(cell, ghost[i], `cw-letter cw-ghost ${kind}`));
    if (failed) {
      const cell = failed.cells[Math.floor(failed.cells.length / 2)];
      const cx = x(cell % cols) + size / 2;
      const cy = y(Math.floor(cell / cols)) + (failed.direction === 'across' ? size * 0.95 : size / 2);
      const pill = svg('g', { class: 'conflict' }, board);
      conflictLabel(pill, `${slotName(failed)}: no word`, cx, cy, px);
    }
    svg('rect', {
      class: 'frame grid-frame', x: x(0), y: y(0), width: cols * size, height: rows * size,
      'stroke-width': (kind === 'solution' ? 6 : 3) * px,
    }, board);

    // The candidate counts.
    const table = svg('g', { class: 'cw-counts', 'font-size': 15 }, board);
    const filled = wordsOf(state);
    [across, down].forEach((slots, column) => {
      const left = tableX + column * columnWidth;
      svg('text', { x: left, y: 18, class: 'cw-count-head' }, table).textContent = column ? 'Down' : 'Across';
      slots.forEach((slot, i) => {
        const value = counts[slot.index];
        const word = filled.get(key(slot.number, slot.direction));
        const classes = ['cw-count'];
        if (value === 0) classes.push('zero');
        else if (value === 1) classes.push('one');
        if (focus && focus.index === slot.index) classes.push('focus');
        if (failed && failed.index === slot.index) classes.push('failed');
        const text = svg('text', {
          x: left, y: 28 + (i + 1) * line - 6, class: classes.join(' '),
          'data-slot': key(slot.number, slot.direction), 'data-count': value,
        }, table);
        // The slot the word tried would empty: its count now, and none.
        const shown = failed && failed.index === slot.index ? `${grouped(value)}→0` : grouped(value);
        text.textContent = `${slot.number}. ${word ? word.word : '·'.repeat(Math.min(slot.len, 6))} ${shown}`;
      });
    });
  },

  describe(event, state, trace, next) {
    const geo = geometry(trace);
    if (!event) {
      const presetCount = geo.preset.filter(Boolean).length;
      const counts = trace.candidates;
      const fewest = geo.slots.reduce((best, slot) => (!best || counts[slot.index] < counts[best.index] ? slot : best), null);
      const start = `The grid: ${count(geo.slots.length, 'slot')}` +
        `${presetCount ? `, ${count(presetCount, 'letter')} set in advance` : ''}; the ${trace.words} list, ` +
        `${grouped(trace.word_count)} words. Beside the grid, how many words still fit each slot`;
      return fewest
        ? `${start}; the search fills the slot with the fewest first (${slotName(fewest)}: ` +
          `${grouped(counts[fewest.index])}).`
        : `${start}.`;
    }
    const before = countsAt(trace, event.step - 1);
    const after = countsAt(trace, event.step);
    switch (event.event) {
      case 'place': {
        const slot = slotOf(geo, event);
        if (event.forced) {
          return event.depth === 0 && !state.stack.some((place) => !place.forced)
            ? `${event.word} is the only word of the list that fits ${eventSlot(event)} with the letters set in advance: ` +
              'it goes in before any choice.'
            : `${event.word} in ${eventSlot(event)}: the only word left for it once the crossings were propagated (forced).`;
        }
        const decided = geo.slots.filter((s) => s.index !== slot.index && before[s.index] > 1 && after[s.index] === 1).length;
        const narrowed = geo.slots.filter((s) => after[s.index] < before[s.index] && s.index !== slot.index).length;
        return `Choose ${event.word} for ${eventSlot(event)}, the open slot with the fewest candidates ` +
          `(${grouped(before[slot.index])}): its best word not yet tried. Propagated across the crossings, it narrows ` +
          `${count(narrowed, 'other slot')}${decided ? `, ${decided} of them down to one word (forced next)` : ''}.`;
      }
      case 'conflict': {
        const then = next && next.event === 'backtrack' ? ' That was its last word.' : ' Try the next word.';
        return `Try ${event.word} in ${eventSlot(event)}: propagated across the crossings, it leaves ` +
          `${event.with.slot} ${event.with.direction} without a word — the crossing fails.${then}`;
      }
      case 'remove':
        if (!event.forced) {
          const then = next && (next.event === 'place' || next.event === 'conflict') && next.depth === event.depth
            ? ' and try its next word' : '';
          return `Take ${event.word} back out of ${eventSlot(event)} (un-choose)${then}: the counts go back to ` +
            'what they were before it.';
        }
        return event.depth > 0
          ? `Take ${event.word} back out of ${eventSlot(event)}: it was forced by the choice being undone.`
          : `Take ${event.word} back out of ${eventSlot(event)}: the search is over and unwinds.`;
      case 'backtrack':
        return event.depth === 0
          ? `No word left for ${eventSlot(event)}: every candidate has been tried, and the whole tree searched.`
          : `No word left for ${eventSlot(event)}: every candidate failed, so the choice that led here was wrong. ` +
            'Back up to it.';
      case 'solution':
        return `Fill ${event.index}! Every slot holds a word of the list, crossing words agree, and no word is used twice.` +
          (trace.mode === 'all' ? ' The search goes on, looking for another.' : '');
      default:
        return event.event;
    }
  },

  path(state, event, trace, context) {
    const geo = geometry(trace);
    const { tree, step } = context;
    const frames = [];
    const firstChoice = state.stack.findIndex((place) => !place.forced);
    const forcedAtStart = firstChoice < 0 ? state.stack.length : firstChoice;
    frames.push({
      label: 'start',
      text: `${count(geo.preset.filter(Boolean).length, 'letter')} set, ${forcedAtStart} forced`,
      kind: 'givens',
    });
    const standing = [];
    for (let node = tree.nodes[tree.frame[step]]; node && node.id !== 0; node = node.parent) standing.unshift(node);
    let choices = 0;
    state.stack.forEach((place, index) => {
      if (place.forced) return;
      choices += 1;
      let follow = 0;
      for (let j = index + 1; j < state.stack.length && state.stack[j].forced; j += 1) follow += 1;
      const node = standing.find((candidate) => candidate.event === place);
      let option = '';
      if (node) {
        const tried = node.parent.children.indexOf(node) + node.parent.stubs.filter((stub) => stub.step < node.step).length;
        option = ` · word ${tried + 1} tried`;
      }
      frames.push({
        label: `choice ${choices}`,
        text: `${eventSlot(place)} = ${place.word}${option} · ${follow} forced`,
        kind: 'placed',
      });
    });
    if (event && (event.event === 'conflict' || event.event === 'remove' || event.event === 'backtrack')) {
      let text = '';
      if (event.event === 'conflict') text = `${eventSlot(event)} = ${event.word} ✗ ${event.with.slot} ${event.with.direction}`;
      if (event.event === 'remove') text = `${eventSlot(event)} = ${event.word} taken back`;
      if (event.event === 'backtrack') text = `${eventSlot(event)}: no word left ⤴`;
      frames.push({ label: `level ${event.depth}`, text, kind: event.event });
    }
    const filled = new Set(state.stack.map((place) => key(place.slot, place.direction))).size;
    return {
      cols: `${filled}/${geo.slots.length} slots filled · ${count(choices, 'choice')} · ` +
        `${openSlots(geo, state).length} open`,
      frames,
    };
  },

  tried: () => [],

  code: {
    lines: () => [
      ['start', 'fill():'],
      ['solution', '  if no slot is open: report it; return'],
      ['pick', '  slot = open slot, fewest words'],
      ['loop', '  for word in its words, best first:'],
      ['place', '    put it in; propagate  # choose'],
      ['conflict', '    if a slot has no word: continue'],
      ['forced', '    put in the forced words'],
      ['explore', '    fill()                # explore'],
      ['remove', '    take them out         # un-choose'],
      ['backtrack', '  return        # no word left'],
    ],
    lineOf(event) {
      if (!event) return 'start';
      if (event.event === 'place') return event.forced ? 'forced' : 'place';
      return event.event;
    },
  },

  treeOptions: () => ({
    slot: 84, levelHeight: 62, nodeWidth: 78, nodeHeight: 40,
    label: (node, numbering) => {
      const forced = `+${node.forced.length} forced`;
      if (node.id === 0) return ['start', forced];
      const number = numbering === 'visit' ? `choice ${node.id}` : `step ${node.step}`;
      return [number, `${node.event.slot}${node.event.direction[0].toUpperCase()} ${node.event.word}`, forced];
    },
    short: (node) => (node.id === 0 ? 'start' : `${node.event.slot}${node.event.direction[0].toUpperCase()} ${node.event.word}`),
    title: (node) => {
      const words = node.forced.slice(0, 30).map((f) => `${f.event.word} in ${eventSlot(f.event)}`).join(', ');
      const more = node.forced.length > 30 ? `, and ${node.forced.length - 30} more` : '';
      const head = node.id === 0 ? 'the start: the letters set in advance'
        : `step ${node.step}: ${node.event.word} chosen for ${eventSlot(node.event)}`;
      return `${head}; forced: ${words || 'none'}${more}`;
    },
    stubSpread: (stub, node) => {
      const index = node.stubs.indexOf(stub);
      return node.stubs.length > 1 ? (index / (node.stubs.length - 1)) * 2 - 1 : 0;
    },
  }),

  thumbnail(solution, trace) {
    const geo = geometry(trace);
    const { rows, cols } = geo;
    const box = svg('svg', { viewBox: `0 0 ${cols} ${rows}`, class: 'thumb cw-thumb', 'aria-hidden': 'true' });
    svg('rect', { x: 0, y: 0, width: cols, height: rows, class: 'paper' }, box);
    let blocks = '';
    geo.blocks.forEach((block, cell) => {
      if (block) blocks += `M${cell % cols} ${Math.floor(cell / cols)}h1v1h-1z`;
    });
    if (blocks) svg('path', { d: blocks, class: 'cw-thumb-block' }, box);
    if (cols <= 7) {
      lettersOf({ stack: solution.stack }, geo).forEach((entry, cell) => {
        if (!entry) return;
        svg('text', {
          x: (cell % cols) + 0.5, y: Math.floor(cell / cols) + 0.8, 'font-size': 0.78, 'text-anchor': 'middle',
        }, box).textContent = entry.letter;
      });
    }
    return box;
  },
};
