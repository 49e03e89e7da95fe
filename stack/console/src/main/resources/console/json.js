// JSON on the console's pages: shown as text, and edited in a textarea that says at which line
// and column the text stops being JSON. Text goes in as text, never as HTML (see ui.js).
import { field, h, replace } from './ui.js';

/** JSON shown as text. */
export function jsonView(value, label = 'JSON') {
  return h('pre', { class: 'json', tabindex: '0', 'aria-label': label }, JSON.stringify(value, null, 2));
}

/**
 * A JSON editor: a textarea that checks its text as it changes and says where it is wrong (line
 * and column). value() returns the parsed object or throws an Error with that explanation.
 */
export function jsonEditor(initial, { label = 'JSON', rows = 14, object = true } = {}) {
  const area = h('textarea', {
    class: 'json-editor',
    rows,
    spellcheck: 'false',
    value: typeof initial === 'string' ? initial : JSON.stringify(initial, null, 2),
  });
  const status = h('small', { class: 'hint', 'aria-live': 'polite' });
  const check = () => {
    try {
      parse();
      area.removeAttribute('aria-invalid');
      replace(status, 'Valid JSON.');
      return true;
    } catch (error) {
      area.setAttribute('aria-invalid', 'true');
      replace(status, error.message);
      return false;
    }
  };
  function parse() {
    let parsed;
    try {
      parsed = JSON.parse(area.value);
    } catch (error) {
      throw new Error(explainJsonError(area.value, error));
    }
    if (object && (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))) {
      throw new Error('Write one JSON object: { "name": "value", ... }');
    }
    return parsed;
  }
  area.addEventListener('input', check);
  const element = field(label, area);
  element.appendChild(status);
  check();
  return { element, area, value: parse, valid: check };
}

/** "Line 3, column 7: ..." from a JSON.parse error. */
export function explainJsonError(text, error) {
  const found = /position (\d+)/.exec(error.message);
  const reason = error.message.replace(/^JSON\.parse: /, '').replace(/ in JSON at position \d+.*$/, '');
  if (!found) {
    return `Not valid JSON: ${reason}`;
  }
  const position = Number(found[1]);
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  return `Not valid JSON at line ${line}, column ${column}: ${reason}`;
}
