// Replaying a trace: the state of the search after any step k, found by
// applying events 1..k to the nearest snapshot before k.
//
// The events are the library's own (place / conflict / remove / backtrack /
// solution, each with step and depth), whatever the puzzle; how a removal
// finds the placement it takes back is the puzzle's `sameChoice`.

import { build } from './tree-build.js';

// Replaying from a snapshot keeps any step at most this many events away.
const CHECKPOINT_EVERY = 512;

// Two choices are the same when they name the same square (and value).
export function sameSquare(a, b) {
  return a.row === b.row && a.col === b.col && (a.value || 0) === (b.value || 0);
}

function emptyState() {
  return {
    stack: [], // the placement events standing, oldest first
    counters: { placements: 0, conflicts: 0, removals: 0, backtracks: 0, solutions: 0 },
  };
}

function cloneState(state) {
  return { stack: state.stack.slice(), counters: Object.assign({}, state.counters) };
}

function apply(state, event, same) {
  switch (event.event) {
    case 'place':
      state.stack.push(event);
      state.counters.placements += 1;
      break;
    case 'remove': {
      const top = state.stack[state.stack.length - 1];
      if (top && same(top, event)) {
        state.stack.pop();
      } else {
        const index = state.stack.findIndex((choice) => same(choice, event));
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

// A trace made ready to show: its snapshots, solutions and search tree.
export class Replay {
  // `puzzle`: the descriptor of the trace's puzzle (see puzzles.js).
  constructor(trace, puzzle) {
    this.trace = trace;
    this.events = trace.events;
    this.same = puzzle.sameChoice || sameSquare;
    if (puzzle.prepareEvents) puzzle.prepareEvents(trace.events, this.same);
    const state = emptyState();
    this.checkpoints = [cloneState(state)];
    this.solutionSteps = []; // the steps that are solution events
    this.solutions = []; // {index, step, stack, …}, in the order found
    this.firstConflict = 0; // the step of the first conflict, if any
    trace.events.forEach((event, index) => {
      apply(state, event, this.same);
      const step = index + 1;
      if (event.event === 'conflict' && !this.firstConflict) this.firstConflict = step;
      if (event.event === 'solution') {
        this.solutionSteps.push(step);
        const solution = { index: event.index, step, stack: state.stack.slice() };
        if (puzzle.solutionFields) Object.assign(solution, puzzle.solutionFields(state, trace));
        this.solutions.push(solution);
      }
      if (step % CHECKPOINT_EVERY === 0) this.checkpoints.push(cloneState(state));
    });
    this.tree = build(trace.events, puzzle.isNode || (() => true), this.same);
  }

  get length() {
    return this.events.length;
  }

  // The state after events 1..k.
  stateAt(k) {
    const base = Math.floor(k / CHECKPOINT_EVERY);
    const state = cloneState(this.checkpoints[base]);
    for (let step = base * CHECKPOINT_EVERY + 1; step <= k; step += 1) {
      apply(state, this.events[step - 1], this.same);
    }
    return state;
  }
}
