// The search tree of a trace, built once from its events (the panel of
// tree.js draws it).
//
// A node is a choice the search made and later took back: for N-Queens
// every placement, for Sudoku every guess (the digits a guess forces are
// listed in its node, not drawn as nodes of their own). Each node holds its
// frame's conflicts (`stubs`) and its children, the step that made it and
// the step that took it back (`end`), and the size and solution count of
// its subtree.

// `isNode(event)`: whether a placement is a node (every queen; a Sudoku
// guess); `sameChoice(place, remove)`: whether a removal takes back that
// placement. Returns the nodes in the order they were made (a pre-order of
// the tree), with, for every step k, the node the step is about (`focus`)
// and the node whose loop the step belongs to (`frame`).
export function build(events, isNode, sameChoice) {
  const root = {
    id: 0, step: 0, end: Infinity, parent: null, children: [], stubs: [], forced: [],
    level: 0, row: -1, col: -1, value: 0, size: 1, solutions: 0, backtrack: 0,
  };
  const nodes = [root];
  const focus = new Int32Array(events.length + 1);
  const frame = new Int32Array(events.length + 1);
  const stack = [root];
  events.forEach((event, index) => {
    const step = index + 1;
    const top = stack[stack.length - 1];
    switch (event.event) {
      case 'place':
        if (isNode(event)) {
          const node = {
            id: nodes.length, step, end: Infinity, parent: top, children: [], stubs: [], forced: [],
            level: top.level + 1, row: event.row, col: event.col, value: event.value || 0,
            size: 1, solutions: 0, backtrack: 0, event,
          };
          nodes.push(node);
          top.children.push(node);
          stack.push(node);
          focus[step] = node.id;
          frame[step] = top.id;
        } else {
          top.forced.push({ step, row: event.row, col: event.col, value: event.value, event });
          focus[step] = top.id;
          frame[step] = top.id;
        }
        break;
      case 'remove':
        if (stack.length > 1 && top.step > 0 && sameChoice(top.event, event)) {
          top.end = step;
          stack.pop();
          focus[step] = top.id;
          frame[step] = top.parent.id;
        } else {
          focus[step] = top.id;
          frame[step] = top.id;
        }
        break;
      case 'conflict':
        top.stubs.push({ step, row: event.row, col: event.col, value: event.value || 0, event });
        focus[step] = top.id;
        frame[step] = top.id;
        break;
      case 'backtrack':
        top.backtrack = step;
        focus[step] = top.id;
        frame[step] = top.id;
        break;
      case 'solution':
        top.solutionStep = step;
        top.solutions += 1;
        focus[step] = top.id;
        frame[step] = top.id;
        break;
      default:
        focus[step] = top.id;
        frame[step] = top.id;
    }
  });
  // Sizes and solution counts of the subtrees: children come after their
  // parent in `nodes`, so one backward pass adds each into its parent.
  for (let i = nodes.length - 1; i > 0; i -= 1) {
    nodes[i].parent.size += nodes[i].size;
    nodes[i].parent.solutions += nodes[i].solutions;
  }
  return { nodes, focus, frame };
}

// The number of nodes made by step `step`: nodes are numbered in the order
// they were made, which is the order of their steps.
export function madeBy(nodes, step) {
  let low = 0;
  let high = nodes.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (nodes[middle].step <= step) low = middle + 1; else high = middle;
  }
  return low;
}
