// Over 300 lines: the one DOM toolkit of every view, small helpers built on h() and each other.
// DOM helpers of the console. Text always goes in as text nodes: nothing from the server is ever
// parsed as HTML.

/**
 * h('button', {class: 'primary', onclick: fn, 'aria-label': 'Close'}, 'text', child, [more])
 * Props named on* are listeners; `class`, `for`, `value`, `checked`, `disabled` and `hidden` are
 * set as properties; everything else as an attribute. null, undefined and false children vanish.
 */
export function h(tag, props, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) {
      continue;
    }
    if (name.startsWith('on') && typeof value === 'function') {
      element.addEventListener(name.slice(2), value);
    } else if (name === 'class') {
      element.className = value;
    } else if (name === 'for') {
      element.htmlFor = value;
    } else if (['value', 'checked', 'disabled', 'hidden', 'selected', 'multiple'].includes(name)) {
      element[name] = value;
    } else {
      element.setAttribute(name, value === true ? '' : String(value));
    }
  }
  append(element, children);
  return element;
}

function append(element, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) {
      continue;
    }
    if (Array.isArray(child)) {
      append(element, child);
    } else if (child instanceof Node) {
      element.appendChild(child);
    } else {
      element.appendChild(document.createTextNode(String(child)));
    }
  }
}

/** Replaces an element's children. */
export function replace(element, ...children) {
  element.replaceChildren();
  append(element, children);
  return element;
}

let counter = 0;

/** A unique id for label/control pairs. */
export function uid(prefix = 'c') {
  counter += 1;
  return `${prefix}-${counter}`;
}

/** A labelled control: h('label') pointing at the control, which gets an id if it has none. */
export function field(label, control, hint) {
  if (!control.id) {
    control.id = uid('field');
  }
  const hintId = hint ? uid('hint') : null;
  if (hintId) {
    control.setAttribute('aria-describedby', hintId);
  }
  return h(
    'div',
    { class: 'field' },
    h('label', { for: control.id }, label),
    control,
    hint ? h('small', { id: hintId, class: 'hint' }, hint) : null,
  );
}

/**
 * A text input filled from the route's query parameter of the same name, so a link can open a
 * view with its form filled in (#/...?name=value).
 */
export function routeInput(query, name, props = {}) {
  return h('input', { name, autocomplete: 'off', value: query.get(name) || '', ...props });
}

/** A message region: role=alert for errors, role=status for news. */
export function message(text, kind = 'info') {
  return h('p', { class: `message ${kind}`, role: kind === 'error' ? 'alert' : 'status' }, text);
}

/** An error, in the admin's terms, for an ApiError or anything thrown. */
export function errorMessage(error) {
  const text = typeof error.explain === 'function' ? error.explain() : error.message || String(error);
  return message(text, 'error');
}

/**
 * Runs an action for a button or form: disables the control while it runs and shows its error,
 * if any, in `where` (replacing what was there). Returns the action's result or undefined.
 */
export async function act(control, where, action) {
  if (control) {
    control.disabled = true;
  }
  if (where) {
    where.replaceChildren();
  }
  try {
    return await action();
  } catch (error) {
    if (where) {
      replace(where, errorMessage(error));
    } else {
      throw error;
    }
    return undefined;
  } finally {
    if (control) {
      control.disabled = false;
    }
  }
}

/**
 * A form: a heading if given, fields, one submit button; `onsubmit` receives the form's values by
 * control name and its errors appear under it.
 */
export function form({ label, heading, fields, submit, onsubmit, extra }) {
  const errors = h('div', { class: 'form-errors' });
  const button = h('button', { type: 'submit', class: 'primary' }, submit);
  const element = h(
    'form',
    { 'aria-label': label, class: 'form' },
    heading,
    fields,
    h('div', { class: 'actions' }, button, extra),
    errors,
  );
  element.addEventListener('submit', (event) => {
    event.preventDefault();
    const values = {};
    for (const control of element.elements) {
      if (control.name) {
        values[control.name] = control.type === 'checkbox' ? control.checked : control.value;
      }
    }
    act(button, errors, () => onsubmit(values, element));
  });
  return element;
}

/**
 * A table: columns are {label, value(row) → text or Node}; rows may be clicked (or Enter/Space
 * on a focused row) when onopen is given.
 */
export function table({ caption, columns, rows, onopen, empty = 'Nothing here.' }) {
  if (!rows.length) {
    return message(empty);
  }
  const body = rows.map((row) => {
    const tr = h(
      'tr',
      onopen ? { tabindex: '0', class: 'clickable' } : {},
      columns.map((column) => h('td', {}, column.value(row))),
    );
    if (onopen) {
      tr.addEventListener('click', () => onopen(row));
      tr.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onopen(row);
        }
      });
    }
    return tr;
  });
  return h(
    'table',
    { class: 'grid' },
    caption ? h('caption', {}, caption) : null,
    h('thead', {}, h('tr', {}, columns.map((c) => h('th', { scope: 'col' }, c.label)))),
    h('tbody', {}, body),
  );
}

/** A section named by its heading (aria-labelledby), whose `id` the page may point at. */
export function titledSection(id, title, ...children) {
  return h('section', { 'aria-labelledby': id }, h('h2', { id }, title), children);
}

/**
 * A table's "Actions" column: one button a row, named for a screen reader by `label(row)`;
 * `onclick(button, row)` runs when it is pressed.
 */
export function buttonColumn(text, label, onclick, { danger = false } = {}) {
  return {
    label: 'Actions',
    value: (row) =>
      h(
        'button',
        {
          type: 'button',
          class: danger ? 'danger' : null,
          'aria-label': label(row),
          onclick: (event) => onclick(event.currentTarget, row),
        },
        text,
      ),
  };
}

/**
 * Asks before something that cannot be undone. With `typed`, the admin must type that text (an
 * application's name) to confirm. Resolves true or false.
 */
export function confirm({ title, text, action = 'Delete', typed }) {
  return new Promise((resolve) => {
    const input = typed ? h('input', { type: 'text', autocomplete: 'off' }) : null;
    const ok = h('button', { type: 'submit', class: 'danger' }, action);
    const dialog = h(
      'dialog',
      { class: 'confirm', 'aria-label': title },
      h(
        'form',
        { method: 'dialog' },
        h('h2', {}, title),
        h('p', {}, text),
        input ? field(`Type ${typed} to confirm`, input) : null,
        h(
          'div',
          { class: 'actions' },
          ok,
          h('button', { type: 'button', onclick: () => dialog.close('cancel') }, 'Cancel'),
        ),
      ),
    );
    if (input) {
      ok.disabled = true;
      input.addEventListener('input', () => {
        ok.disabled = input.value !== typed;
      });
    }
    ok.addEventListener('click', () => {
      dialog.returnValue = 'ok';
    });
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve(dialog.returnValue === 'ok');
    });
    document.body.appendChild(dialog);
    dialog.showModal();
    (input || ok).focus();
  });
}

/**
 * Cursor paging, never a count: `load(cursor)` returns the API's answer ({entities, cursor});
 * `show(answer)` draws a page. Previous pages are remembered as the cursors that led to them.
 */
export function pager(load, show, { label = 'Pages' } = {}) {
  const cursors = [null];
  let page = 0;
  const where = h('span', { class: 'page-number', 'aria-live': 'polite' });
  const previous = h('button', { type: 'button' }, 'Previous page');
  const next = h('button', { type: 'button' }, 'Next page');
  const errors = h('div');
  const element = h('nav', { class: 'pager', 'aria-label': label }, previous, where, next, errors);
  async function go(index) {
    const answer = await act(null, errors, () => load(cursors[index]));
    if (!answer) {
      return;
    }
    page = index;
    cursors[index + 1] = answer.cursor || null;
    cursors.length = index + 2;
    previous.disabled = page === 0;
    next.disabled = !answer.cursor;
    replace(where, `Page ${page + 1}`);
    show(answer);
  }
  previous.addEventListener('click', () => go(page - 1));
  next.addEventListener('click', () => go(page + 1));
  return { element, reload: () => go(page), first: () => go(0) };
}

/** A time as the admin's locale shows it. */
export function time(millis) {
  return millis ? new Date(millis).toLocaleString() : '';
}

/** Tabs: [{id, label, render(panel)}]; the selected one is drawn in the panel. */
export function tabs(items, selected, onselect) {
  const list = h('div', { class: 'tabs', role: 'tablist' });
  for (const item of items) {
    const tab = h(
      'button',
      {
        type: 'button',
        role: 'tab',
        id: `tab-${item.id}`,
        'aria-selected': item.id === selected ? 'true' : 'false',
        onclick: () => onselect(item.id),
      },
      item.label,
    );
    list.appendChild(tab);
  }
  return list;
}

/** A view's own style sheet (a file of the console, which the CSP allows), linked once. */
export function stylesheet(name) {
  const href = `/console/${name}`;
  if (!document.head.querySelector(`link[href="${href}"]`)) {
    document.head.appendChild(h('link', { rel: 'stylesheet', href }));
  }
}
