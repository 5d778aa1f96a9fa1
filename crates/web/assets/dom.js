// Small helpers for building the page's HTML and SVG, and for writing
// numbers and counts the same way everywhere. Shared by every module of the
// page, the tree included.

export const SVG_NS = 'http://www.w3.org/2000/svg';

export const $ = (id) => document.getElementById(id);

// An SVG element with its attributes, appended to `parent` when given.
export function svg(tag, attributes, parent) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    node.setAttribute(name, String(value));
  }
  if (parent) parent.appendChild(node);
  return node;
}

// An HTML element with its attributes and text.
export function html(tag, attributes, text) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    node.setAttribute(name, String(value));
  }
  if (text !== undefined) node.textContent = text;
  return node;
}

// Text for markup built as one string (the tree draws that way for speed).
export function escapeText(text) {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

// One formatter for every number shown (toLocaleString makes one a call).
const NUMBERS = new Intl.NumberFormat('en');
export const grouped = (number) => NUMBERS.format(number);

// "1 solution", "2 solutions", "1,234 steps".
export function count(number, word, plural) {
  return `${grouped(number)} ${number === 1 ? word : plural || `${word}s`}`;
}

// "0–2, 5" for the columns 0, 1, 2 and 5.
export function ranges(values) {
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

// A sentence starts with a capital, whoever wrote its first word (the
// server's messages start in lower case, as the CLI's do).
export const capitalised = (text) => (text ? text[0].toUpperCase() + text.slice(1) : text);
