// The console's shell: sign-in, the organization and application switchers, the sections'
// navigation and the hash router. Each section is a module in views/ exporting render(ctx).
import { createApi, orgPath } from './api.js';
import { SECTIONS } from './sections.js';
import * as sessions from './session.js';
import { act, field, form, h, message, replace } from './ui.js';

const root = document.getElementById('console');
let session = sessions.load();
let expiryTimer = null;
let leaving = [];
let notice = null;

const api = createApi(
  () => session && session.token,
  () => expire('Your session has ended. Sign in again to go on where you were.'),
);

/** The current route: #/orgs/{org}/apps/{app}/{section}/{params...}?{query} */
function route() {
  const hash = decodeURI(window.location.hash.slice(1) || '/');
  const [path, search] = hash.split('?');
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  return { parts, query: new URLSearchParams(search || '') };
}

export function navigate(hash) {
  if (window.location.hash === hash) {
    render();
  } else {
    window.location.hash = hash;
  }
}

/** The hash of an application's section. */
export function link(org, app, section, ...params) {
  const segments = ['orgs', org];
  if (app) {
    segments.push('apps', app);
    if (section) {
      segments.push(section, ...params);
    }
  }
  return '#/' + segments.map(encodeURIComponent).join('/');
}

function expire(text) {
  sessions.clear();
  session = null;
  notice = text;
  render();
}

function scheduleExpiry() {
  clearTimeout(expiryTimer);
  if (session) {
    expiryTimer = setTimeout(
      () => expire('Your session has expired. Sign in again to go on where you were.'),
      Math.max(0, session.expiresAt - Date.now()),
    );
  }
}

async function signOut() {
  // Revoke this token on the server, so a copy of it is worth nothing either.
  const username = session && session.username;
  if (username && !session.superuser) {
    try {
      await api.request('PUT', `/management/users/${encodeURIComponent(username)}/revoketoken`, {
        query: { token: session.token },
      });
    } catch (ignored) {
      // signing out locally is enough when the server cannot be told
    }
  }
  sessions.clear();
  session = null;
  notice = 'You are signed out.';
  clearTimeout(expiryTimer);
  window.location.hash = '#/';
  render();
}

function signIn() {
  const username = h('input', { name: 'username', autocomplete: 'username', required: true });
  const password = h('input', {
    name: 'password',
    type: 'password',
    autocomplete: 'current-password',
    required: true,
  });
  const page = h(
    'main',
    { id: 'main', class: 'sign-in' },
    h('h1', {}, 'Meridian console'),
    notice ? message(notice) : null,
    form({
      label: 'Sign in',
      fields: [
        field('Username or email', username),
        field('Password', password),
      ],
      submit: 'Sign in',
      onsubmit: async (values) => {
        const reply = await api.post(
          '/management/token',
          { grant_type: 'password', username: values.username, password: values.password },
          { anonymous: true },
        );
        session = sessions.save(reply);
        notice = null;
        scheduleExpiry();
        render();
      },
    }),
    h(
      'p',
      { class: 'hint' },
      'Sign in as an organization admin or the superuser. The console keeps your access token in ',
      'this tab only, and never a client secret.',
    ),
  );
  replace(root, page);
  username.focus();
}

function header(org, app) {
  const orgs = session.organizations || [];
  let orgControl;
  if (session.superuser || !orgs.length) {
    orgControl = h('input', { value: org || '', placeholder: 'organization name' });
    orgControl.addEventListener('change', () => navigate(link(orgControl.value.trim())));
  } else {
    orgControl = h(
      'select',
      { onchange: () => navigate(link(orgControl.value)) },
      orgs.map((name) => h('option', { value: name, selected: name === org }, name)),
    );
  }
  const appControl = h('select', {
    onchange: () => navigate(appControl.value ? link(org, appControl.value, 'overview') : link(org)),
  });
  appControl.appendChild(h('option', { value: '' }, org ? 'All applications' : '—'));
  if (org) {
    api
      .get(orgPath(org, 'apps'))
      .then((reply) => {
        const names = Object.keys((reply && reply.data) || {})
          .map((key) => key.slice(key.indexOf('/') + 1))
          .sort();
        for (const name of names) {
          appControl.appendChild(h('option', { value: name, selected: name === app }, name));
        }
      })
      .catch(() => {
        // the organization view says what went wrong
      });
  }
  return h(
    'header',
    { class: 'top' },
    h('a', { class: 'brand', href: '#/' }, 'Meridian'),
    field('Organization', orgControl),
    field('Application', appControl),
    h(
      'div',
      { class: 'who' },
      h('span', {}, session.superuser ? `${session.username} (superuser)` : session.username),
      h('button', { type: 'button', onclick: signOut }, 'Sign out'),
    ),
  );
}

function navigation(org, app, current) {
  return h(
    'nav',
    { class: 'sections', 'aria-label': 'Sections' },
    h(
      'ul',
      {},
      SECTIONS.map((section) =>
        h(
          'li',
          {},
          h(
            'a',
            {
              href: link(org, app, section.id),
              'aria-current': section.id === current ? 'page' : null,
            },
            section.label,
          ),
        ),
      ),
    ),
  );
}

async function render() {
  for (const cleanup of leaving) {
    try {
      cleanup();
    } catch (ignored) {
      // a view's cleanup failing must not keep the next one from drawing
    }
  }
  leaving = [];
  if (!session) {
    signIn();
    return;
  }
  const { parts, query } = route();
  if (parts[0] !== 'orgs' || !parts[1]) {
    const first = (session.organizations || [])[0];
    if (first) {
      navigate(link(first));
      return;
    }
  }
  const org = parts[0] === 'orgs' ? parts[1] : null;
  const app = parts[2] === 'apps' ? parts[3] : null;
  const sectionId = app ? parts[4] || 'overview' : null;
  const main = h('main', { id: 'main', tabindex: '-1' });
  const layout = h('div', { class: app ? 'layout with-sections' : 'layout' });
  if (app) {
    layout.appendChild(navigation(org, app, sectionId));
  }
  layout.appendChild(main);
  replace(root, header(org, app), layout);
  let module;
  if (!org) {
    module = 'organizations';
  } else if (!app) {
    module = 'organization';
  } else {
    const section = SECTIONS.find((candidate) => candidate.id === sectionId);
    if (!section) {
      replace(main, h('h1', {}, 'Not found'), message(`There is no section ${sectionId}.`, 'error'));
      return;
    }
    module = section.module || section.id;
  }
  const ctx = {
    api,
    session,
    org,
    app,
    params: app ? parts.slice(5) : [],
    query,
    main,
    navigate,
    link,
    onLeave: (cleanup) => leaving.push(cleanup),
  };
  await act(null, main, async () => {
    const view = await import(`./views/${module}.js`);
    await view.render(ctx);
  });
  const heading = main.querySelector('h1');
  if (heading) {
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }
}

window.addEventListener('hashchange', render);
scheduleExpiry();
render();
