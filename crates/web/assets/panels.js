// The page's panels, written once for every puzzle: the board, the step
// counter, the caption, the counters, the stack, the code, the search tree,
// the solutions and the download link. `show(step)` brings them all to one
// step; what differs between puzzles comes from the puzzle's descriptor
// (see puzzles.js).

import { $, count, grouped, html } from './dom.js';
import { SolutionsPanel } from './solutions-panel.js';
import { Panel as TreePanel } from './tree.js';

const COUNTERS = ['placements', 'conflicts', 'backtracks', 'solutions', 'removals'];
const STEP_BUTTONS = ['first-step', 'prev-solution', 'prev', 'play', 'next', 'next-solution', 'last-step'];

export class Panels {
  // `goTo(step)`: what a click on a tree node or a solution does.
  // `goTo(step, from)`: what a click on a tree node (`from`: 'tree') or a
  // solution ('solutions') does.
  constructor(goTo) {
    this.tree = new TreePanel($('tree-scroll'), { goTo: (step) => goTo(step, 'tree') });
    this.solutions = new SolutionsPanel((step) => goTo(step, 'solutions'));
    this.replay = null;
    this.puzzle = null;
    // The tree's drawing the learner chose, if any: kept for the next
    // search too.
    this.chosenTreeMode = null;
    $('tree-mode').addEventListener('change', () => {
      this.chosenTreeMode = $('tree-mode').value;
      if (this.replay) this.tree.setMode(this.chosenTreeMode);
    });
  }

  // A new trace: what stays the same at every step of it.
  load(replay, puzzle) {
    this.replay = replay;
    this.puzzle = puzzle;
    const trace = replay.trace;
    $('legend-items').replaceChildren(...puzzle.legend.map(([swatch, text, digit]) => {
      const item = html('li');
      item.append(html('span', { class: `swatch ${swatch}` }, digit), ` ${text}`);
      return item;
    }));
    $('removals-label').textContent = puzzle.removalsLabel;
    $('code').replaceChildren(...puzzle.code.lines(trace).map(([kind, text], index) => {
      const item = html('li', { 'data-kind': kind, 'data-line': index + 1 });
      item.append(html('span', { class: 'line-number', 'aria-hidden': 'true' }, String(index + 1)), html('code', {}, text));
      return item;
    }));
    this.tree.options = Object.assign(puzzle.treeOptions(trace), {
      goTo: this.tree.options.goTo,
      // The current node in words, under the tree: for Sudoku, every digit
      // its guess forced.
      detail: (node) => { $('tree-detail').textContent = `This node: ${this.tree.options.title(node)}.`; },
    });
    const treeMode = this.chosenTreeMode || (puzzle.treeMode && puzzle.treeMode(trace)) || 'whole';
    $('tree-mode').value = treeMode;
    this.tree.load(replay.tree, treeMode);
    $('tree-hint').textContent = puzzle.treeHint;
    this.solutions.load(replay, puzzle);
    const total = replay.length;
    $('scrubber').max = String(total);
    // The counter keeps one width for the whole trace, so the scrubber
    // beside it does not move under the pointer.
    $('step-counter').style.minWidth = `${2 * String(total).length + 10}ch`;
    for (const control of $('player').querySelectorAll('button, input')) control.disabled = false;
    const mode = trace.mode === 'first' ? 'up to the first solution' : 'the whole tree';
    const counters = trace.summary.counters;
    $('overview').textContent =
      `${puzzle.title(trace)}, ${mode}: ` +
      `${count(total, 'step')}${trace.truncated ? ' (cut short)' : ''} — ` +
      `${count(counters.placements, 'placement')}, ${count(counters.conflicts, 'conflict')}, ` +
      `${count(counters.backtracks, 'backtrack')}, ${count(counters.solutions, 'solution')}; ` +
      `${count(replay.tree.nodes.length - 1, 'node')} in the tree.`;
  }

  // Nothing to show: after a refused request, the old board must not look
  // like the answer.
  clear(text) {
    this.replay = null;
    this.puzzle = null;
    $('board').replaceChildren();
    $('board').dataset.state = 'empty';
    $('board').classList.remove('solved', 'editing');
    const caption = $('event-text');
    caption.textContent = text;
    caption.dataset.event = 'error';
    $('step-counter').textContent = 'step 0 of 0';
    $('scrubber').max = '0';
    $('scrubber').value = '0';
    for (const id of STEP_BUTTONS) $(id).disabled = true;
    $('stack').replaceChildren();
    $('tree-detail').textContent = '';
    $('cols').textContent = '';
    $('code').replaceChildren();
    this.solutions.clear();
    $('download-board').hidden = true;
    $('overview').textContent = '';
    this.tree.clear();
    for (const name of COUNTERS) $(`count-${name}`).textContent = '0';
  }

  show(k) {
    const { replay, puzzle } = this;
    const trace = replay.trace;
    const total = replay.length;
    const state = replay.stateAt(k);
    const event = k > 0 ? trace.events[k - 1] : null;
    const next = trace.events[k];
    const board = $('board');
    const context = { tree: replay.tree, step: k, replay };

    // Big grids get the whole width of the card.
    board.classList.toggle('wide', !!puzzle.wide && puzzle.wide(trace));
    const tried = puzzle.tried ? puzzle.tried(state, event, trace, context) : [];
    // At step 0 the squares of a puzzle with your own start take clicks.
    puzzle.draw(board, state, event, trace, { tried, clickable: !!puzzle.ownStart && k === 0 });
    board.dataset.state = event ? event.event : 'start';
    board.classList.toggle('solved', !!event && event.event === 'solution');
    board.classList.remove('editing');

    $('step-counter').textContent = `step ${k} of ${total}`;
    $('scrubber').value = String(k);

    let text = `Step ${k}: ${puzzle.describe(event, state, trace, next, context)}`;
    if (k === total && total > 0) {
      const note = puzzle.endNote && puzzle.endNote(trace, total);
      if (trace.truncated) {
        text += ' (The trace stops here: it reached the cap.)';
      } else if (note) {
        text += note;
      } else {
        text += ` The search is over: ${count(trace.summary.counters.solutions, 'solution')} in ${count(total, 'step')}.`;
      }
    }
    const caption = $('event-text');
    caption.textContent = text;
    caption.dataset.event = event ? event.event : 'start';

    for (const name of COUNTERS) $(`count-${name}`).textContent = grouped(state.counters[name]);

    const path = puzzle.path(state, event, trace, context);
    $('cols').textContent = path.cols;
    $('stack').replaceChildren(...path.frames.map((frame) => {
      const item = html('li', { class: frame.kind });
      item.append(html('span', { class: 'frame-row' }, frame.label), html('span', {}, frame.text));
      return item;
    }));
    // The newest frame is the one at work: kept in sight when the stack
    // scrolls (in the next frame, not to force a layout now).
    if (!this.stackScroll) {
      this.stackScroll = requestAnimationFrame(() => {
        this.stackScroll = 0;
        const stack = $('stack');
        if (stack.scrollHeight > stack.clientHeight) stack.scrollTop = stack.scrollHeight;
      });
    }

    const line = puzzle.code.lineOf(event, next, trace, context);
    this.lightCode(line, this.codeRoles(k, line, context));
    this.tree.show(k);
    this.solutions.show(k, state);
    this.showDownload(state, event);

    $('prev').disabled = k === 0;
    $('first-step').disabled = k === 0;
    $('next').disabled = k === total;
    $('last-step').disabled = k === total;
    $('prev-solution').disabled = !replay.solutionSteps.some((s) => s < k);
    $('next-solution').disabled = !replay.solutionSteps.some((s) => s > k);
  }

  // Choose, explore and un-choose each in their turn. An event is one
  // line of the code (`kind`); the lines it implies are lit beside it:
  // the calling frame's `explore` line (solve(row + 1)) on the first step
  // of a call, and the `loop` line when the loop has moved on to its next
  // option.
  codeRoles(k, line, { tree }) {
    const roles = { calling: false, looping: false };
    if (k === 0) return roles;
    const previous = this.replay.events[k - 2];
    const frame = tree.nodes[tree.frame[k]];
    if (previous && previous.event === 'place' && tree.focus[k - 1] === frame.id && frame.step === k - 1) {
      roles.calling = true;
    }
    if (line === 'conflict' || (line === 'place' && tree.focus[k] !== tree.frame[k])) {
      roles.looping = frame.stubs.some((stub) => stub.step < k) || frame.children.some((child) => child.step < k);
    }
    return roles;
  }

  lightCode(kind, roles) {
    for (const item of $('code').children) {
      const lit = item.dataset.kind === kind;
      item.classList.toggle('lit', lit);
      item.classList.toggle('calling', roles.calling && item.dataset.kind === 'explore');
      item.classList.toggle('looping', roles.looping && item.dataset.kind === 'loop');
      if (lit) item.setAttribute('aria-current', 'step'); else item.removeAttribute('aria-current');
    }
  }

  showDownload(state, event) {
    const link = $('download-board');
    if (!this.puzzle.download) {
      link.hidden = true;
      return;
    }
    link.hidden = false;
    const drawing = this.puzzle.download(state, event, this.replay.trace);
    if (drawing) {
      link.href = drawing.href;
      link.setAttribute('download', drawing.filename);
      link.removeAttribute('aria-disabled');
      link.textContent = 'Download this board (SVG)';
    } else {
      link.removeAttribute('href');
      link.removeAttribute('download');
      link.setAttribute('aria-disabled', 'true');
      link.textContent = 'Download (SVG): at a solution';
    }
  }
}
