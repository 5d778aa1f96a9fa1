// The puzzles the page can show, by the `puzzle` field of their traces.
//
// The page's panels (board, caption, player, search tree, code, stack,
// solutions, counters, legend) are written once, in panels.js and the
// modules it uses; a puzzle plugs in with a descriptor, a plain object
// exported by a module of its own (queens.js, sudoku.js, crossword.js), added to
// PUZZLES below with one import and one entry. The server's catalogue
// (/api/puzzles) builds the form for it, and /api/trace?puzzle=ID must
// answer a trace: `{ puzzle: ID, mode, events, summary, truncated, … }`,
// the events in the library's vocabulary, each with `event` (place /
// conflict / remove / backtrack / solution), `step` and `depth`, plus the
// puzzle's own fields.
//
// The descriptor (those marked ? may be left out):
//
//   id                      the `puzzle` field of its traces
//   title(trace)            "8 queens", for the line under the page
//   treeHint                the tree's hint: what a node is
//   removalsLabel           "queens taken back (un-choose)"
//   legend                  [[swatch class, text, swatch text?], …]
//   wide?(trace)            true: the board gets the whole card
//   prepareEvents?(events, sameChoice)
//                           called once per trace, before anything else
//                           (Sudoku marks which placements are guesses)
//   sameChoice?(place, remove)
//                           whether `remove` takes back `place`; default:
//                           the same row, col and value (replay.js)
//   isNode?(placeEvent)     whether a placement is a node of the tree
//                           (default: every one); the rest are listed in
//                           their node's `forced`
//   solutionFields?(state, trace)
//                           extra fields for each solution of the list
//   draw(board, state, event, trace, extra)
//                           draws the board (an <svg>) after `event`;
//                           `state.stack` holds the placement events
//                           standing, `state.counters` the tallies;
//                           `extra.tried` is what tried() returned
//   tried?(state, event, trace, context)
//                           marks of what this frame tried before
//   describe(event, state, trace, next, context)
//                           the caption of the step (event null: step 0)
//   path(state, event, trace, context)
//                           the stack panel: { cols: one line,
//                           frames: [{ label, text, kind }] }
//   code: { lines(trace) → [[kind, text], …],
//           lineOf(event, next, trace, context) → the kind lit }
//                           the lines of kinds 'explore' (the recursive
//                           call) and 'loop' (the loop over the options)
//                           are lit in outline as a call goes down and as
//                           the loop moves on (panels.js, codeRoles)
//   treeOptions(trace)      { slot, levelHeight, nodeWidth, nodeHeight,
//                           label(node, numbering) → [lines] (numbering:
//                           'visit' when the tree grows, node.id being the
//                           visit order; 'step' when drawn whole),
//                           short?(node, numbering) → the one line of a
//                           node drawn compactly (a deep path's top; the
//                           first line of label() by default),
//                           title(node) → text,
//                           stubSpread(stub, node) → -1..1 }
//   treeMode?(trace)        'growing' or 'whole' (the default): how the
//                           tree is drawn until the learner chooses
//   thumbnail(solution, trace)
//                           a small <svg> of one solution
//   endNote?(trace, total)  replaces the caption's "The search is over…"
//   noSolutionsNote?(trace) the solutions panel's text when there are none
//   download?(state, event, trace)
//                           { href, filename } of a drawing of this board,
//                           or null while there is none to offer
//   ownStart?               true: the "Place your own queens" tools
//
// `context` is { tree, step, replay }: the tree of tree-build.js (nodes with
// step, end, parent, children, stubs, forced, event), the step shown and
// the Replay of replay.js.

import { crossword } from './crossword.js';
import { queens } from './queens.js';
import { sudoku } from './sudoku.js';

export const PUZZLES = {
  [queens.id]: queens,
  [sudoku.id]: sudoku,
  [crossword.id]: crossword,
};
