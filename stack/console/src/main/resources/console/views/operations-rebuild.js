// Rebuilding an application's search index from Cassandra while it keeps serving
// (docs/index-rebuild.md): started by the superuser, followed until it ends, and shown again,
// still followed if it runs, when the admin comes back. Others are told who can start it.
import { act, errorMessage, field, h, message, replace, titledSection } from '../ui.js';

const REBUILD_EVERY = 1000;

/**
 * POST /system/index/rebuild/{org}/{app}, then its progress until it ends. Superuser only.
 * `every(millis, task)` runs a task on a timer the Operations view stops when it is left.
 */
export function rebuildPanel(ctx, every) {
  const element = titledSection(
    'ops-rebuild',
    'Index rebuild',
    h(
      'p',
      { class: 'hint' },
      'Rebuilds this application\'s search index from Cassandra while it keeps serving. ',
      'Entities stay readable by uuid and name throughout; queries may miss changes until it is done.',
    ),
  );
  if (!ctx.session.superuser) {
    element.append(
      h(
        'p',
        { class: 'message info', role: 'status' },
        'Only the superuser may rebuild an index. Ask your Meridian operator: they can start it ',
        'here when signed in as the superuser, or run ',
        h('code', {}, `meridian index rebuild ${ctx.org}/${ctx.app}`),
        '.',
      ),
    );
    return { element, resume: async () => {} };
  }
  const path = `/system/index/rebuild/${encodeURIComponent(ctx.org)}/${encodeURIComponent(ctx.app)}`;
  const start = h('button', { type: 'button', class: 'primary' }, 'Rebuild the index');
  const progress = h('progress', { max: 1, value: 0, hidden: true });
  const progressField = h('div', { class: 'rebuild-progress', hidden: true }, field('Rebuild progress', progress));
  const status = h('p', { class: 'rebuild-status', role: 'status', 'aria-live': 'polite' });
  const errors = h('div');
  let polling = null;
  let timer = null;

  function show(job) {
    const total = Math.max(1, job.collectionsTotal || 0);
    const done = job.status === 'completed' ? total : Math.min(total, job.collectionsDone || 0);
    progress.max = total;
    progress.value = done;
    progress.hidden = false;
    progressField.hidden = false;
    progress.setAttribute('aria-valuetext', `${done} of ${total} collections`);
    replace(
      status,
      `${job.collectionsDone}/${job.collectionsTotal} collections, ${job.entitiesIndexed} entities ` +
        `indexed, ${job.entriesRemoved} stale entries removed (${job.phase}, ${job.status})`,
      job.error ? ` — ${job.error}` : '',
    );
    start.disabled = job.status === 'running';
  }

  function follow(jobId) {
    if (polling) {
      return;
    }
    polling = jobId;
    const stop = () => {
      polling = null;
      clearInterval(timer);
    };
    const poll = async () => {
      if (polling !== jobId) {
        return;
      }
      try {
        const reply = await ctx.api.get(`${path}/${encodeURIComponent(jobId)}`);
        show(reply.data);
        if (reply.data.status !== 'running') {
          stop();
          if (reply.data.status === 'failed' || reply.data.status === 'abandoned') {
            replace(errors, message(`The rebuild ${reply.data.status}.`, 'error'));
          }
        }
      } catch (error) {
        stop();
        replace(errors, errorMessage(error));
      }
    };
    timer = every(REBUILD_EVERY, poll);
  }

  start.addEventListener('click', () =>
    act(start, errors, async () => {
      const reply = await ctx.api.post(path);
      show(reply.data);
      follow(reply.data.jobId);
    }),
  );

  async function resume() {
    // A rebuild started earlier (here or with the command) is shown, and followed if it runs.
    await act(null, errors, async () => {
      const reply = await ctx.api.get(path);
      const latest = (reply.data || [])[0];
      if (latest) {
        show(latest);
        if (latest.status === 'running') {
          follow(latest.jobId);
        }
      }
    });
  }

  element.append(h('div', { class: 'actions' }, start), progressField, status, errors);
  return { element, resume };
}
