// Try-it panels of `npm run docs:serve` (served by tools/docs-serve/try-it.ts, never part of the published site).
// Each operation's page gets a form that starts from the named example; "Send" posts it to
// the docs server, which forwards it to the mock with the client certificate and a token, and the mock's
// answer (its validation errors included) is shown below the form.
(() => {
  const PREFIX = '/__try-it/';
  // The docs server answers try-it requests only with the secret it wrote into this page (guard.ts).
  const SECRET = document.querySelector('meta[name="try-it-secret"]')?.getAttribute('content') ?? '';
  const withSecret = (init = {}) => ({ ...init, headers: { ...init.headers, 'x-try-it-secret': SECRET } });

  const el = (tag, attributes = {}, children = []) => {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    node.append(...children);
    return node;
  };
  const text = (value) => (typeof value === 'string' ? value : JSON.stringify(value));
  let fieldCount = 0;
  /** A labelled input or textarea; its id ties the label to it. */
  const field = (label, control) => {
    control.id = `try-it-field-${++fieldCount}`;
    return el('div', { class: 'try-it-field' }, [el('label', { for: control.id }, [label]), control]);
  };

  function addStyles() {
    const css = `
      .try-it { margin: 16px 0; padding: 12px; border: 1px solid #9aa5a0; border-radius: 6px; background: #fff; color: #1c2321; }
      .try-it h3 { margin: 0 0 8px; font-size: 15px; }
      .try-it-field { margin: 6px 0; display: flex; flex-direction: column; gap: 2px; font-size: 13px; }
      .try-it input, .try-it textarea, .try-it select { font: 13px ui-monospace, monospace; padding: 4px; border: 1px solid #5a5d68; border-radius: 4px; max-width: 100%; box-sizing: border-box; }
      .try-it textarea { min-height: 8em; width: 100%; }
      .try-it button { margin-top: 8px; padding: 6px 14px; border: 0; border-radius: 4px; background: #0b5d4b; color: #fff; cursor: pointer; }
      .try-it-note { font-size: 12px; margin: 4px 0; }
      .try-it-response { white-space: pre-wrap; overflow-wrap: anywhere; font: 12px ui-monospace, monospace; background: #f3f7f5; padding: 8px; margin-top: 8px; max-height: 24em; overflow-y: auto; }
    `;
    document.head.append(el('style', {}, [css]));
  }

  /** The request as the form holds it: URL under the proxy, headers and body. */
  function requestOf(op, inputs) {
    let path = op.path;
    const query = new URLSearchParams();
    const headers = {};
    for (const { parameter, input } of inputs.parameters) {
      if (input.value === '' && !parameter.required) continue;
      if (parameter.in === 'path')
        path = path.replace(`{${parameter.name}}`, encodeURIComponent(input.value));
      else if (parameter.in === 'query') query.append(parameter.name, input.value);
      else if (parameter.in === 'header') headers[parameter.name] = input.value;
    }
    let body;
    if (op.body?.mediaType === 'multipart/form-data') {
      body = new FormData();
      for (const { name, binary, textarea, file } of inputs.parts) {
        if (!binary) body.append(name, textarea.value);
        else if (file.files?.[0]) body.append(name, file.files[0]);
        else
          body.append(name, new Blob([textarea.value], { type: 'application/octet-stream' }), 'remessa.rem');
      }
    } else if (op.body) {
      headers['content-type'] = op.body.mediaType;
      body = inputs.body.value;
    }
    const search = query.toString();
    return {
      url: `${PREFIX}send${path}${search ? `?${search}` : ''}`,
      init: { method: op.method, headers, body },
    };
  }

  /** The mock's answer (or the docs server's refusal) as text. */
  async function describeAnswer(response) {
    const answer = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
    if (answer.error) return `Not sent: ${answer.error}`;
    let body = answer.body;
    try {
      body = JSON.stringify(JSON.parse(body), null, 2);
    } catch {
      // not JSON: shown as it came
    }
    const type = answer.headers['content-type'] ?? '';
    return `HTTP ${answer.status}\ncontent-type: ${type}\n\n${body}`;
  }

  function bodyInputs(op, form) {
    const inputs = { parts: [], body: undefined };
    const examples = op.body?.examples ?? [];
    if (!op.body) return inputs;
    if (op.body.mediaType === 'multipart/form-data') {
      const example = examples[0]?.value ?? {};
      for (const { name, binary } of op.body.fields ?? []) {
        const textarea = el('textarea', { 'data-part': name });
        textarea.value = text(example[name] ?? '');
        form.append(field(binary ? `${name} (file content)` : name, textarea));
        const file = binary ? el('input', { type: 'file', 'data-file': name }) : undefined;
        if (file) form.append(field(`${name}: or choose a file`, file));
        inputs.parts.push({ name, binary, textarea, file });
      }
      return inputs;
    }
    const textarea = el('textarea', { 'data-body': '' });
    const show = (i) => {
      textarea.value = JSON.stringify(examples[i]?.value ?? {}, null, 2);
    };
    if (examples.length > 1) {
      const select = el(
        'select',
        {},
        examples.map((e, i) => el('option', { value: String(i) }, [e.summary ?? e.name])),
      );
      select.addEventListener('change', () => show(Number(select.value)));
      form.append(field('Named example', select));
    }
    show(0);
    form.append(field(`Body (${op.body.mediaType})`, textarea));
    inputs.body = textarea;
    return inputs;
  }

  function panel(op, mock) {
    const form = el('form', {
      class: 'try-it',
      'data-try-it': op.anchor,
      'aria-label': `Try ${op.method} ${op.path}`,
    });
    const scopes = op.scopes.length ? `scopes ${op.scopes.join(' ')}` : 'no scope';
    form.append(
      el('h3', {}, [`Try it against the mock: ${op.method} ${op.path}`]),
      el('p', { class: 'try-it-note' }, [
        `Sent through this docs server to ${mock} with the development client certificate and a token with ${scopes}.`,
      ]),
    );
    const parameters = op.parameters.map((parameter) => {
      const input = el('input', { type: 'text', 'data-param': parameter.name });
      input.value = parameter.example === undefined ? '' : text(parameter.example);
      form.append(
        field(`${parameter.name} (${parameter.in}${parameter.required ? ', required' : ''})`, input),
      );
      return { parameter, input };
    });
    const inputs = { parameters, ...bodyInputs(op, form) };
    const output = el('pre', { class: 'try-it-response', role: 'status', 'aria-live': 'polite' });
    form.append(el('button', { type: 'submit' }, ['Send']), output);
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      output.textContent = 'Sending…';
      const { url, init } = requestOf(op, inputs);
      try {
        output.textContent = await describeAnswer(await fetch(url, withSecret(init)));
      } catch (error) {
        output.textContent = `Not sent: ${error.message}`;
      }
    });
    return form;
  }

  /** Adds a panel to the operation this page shows (its slot beside the samples). */
  function attach(operations, mock) {
    for (const op of operations) {
      const slot = document.querySelector(`[data-operation="${CSS.escape(op.anchor)}"] [data-try-it-slot]`);
      if (slot && !slot.querySelector('[data-try-it]')) slot.append(panel(op, mock));
    }
  }

  async function start() {
    if (!document.querySelector('[data-try-it-slot]')) return; // not an operation's page
    const { mock, operations } = await (await fetch(`${PREFIX}operations.json`, withSecret())).json();
    addStyles();
    attach(operations, mock);
  }

  start().catch((error) => console.warn(`try-it: ${error.message}`));
})();
