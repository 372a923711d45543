// The reference site's one script (every page reads without it): search over the index the build made
// (search-index.js, loaded once the page is idle, or at the first keystroke), the code sample tabs (the
// reader's language is kept across pages), copy buttons, and old `#/section` links sent to their page.
// No request leaves the site's own folder; nothing is sent anywhere.
(() => {
  const root = document.documentElement;

  // ---- old Redoc links (index.html#/pix/refundpix) land on their page --------------------------------------
  function followOldAnchor() {
    const hash = decodeURIComponent(location.hash);
    if (!hash.startsWith('#/')) return false;
    const [first, second, ...rest] = hash.slice(2).split('/');
    const known = (file) => document.querySelector(`a[href="${CSS.escape(file)}"]`);
    const page = second && known(`${first}.${second}.html`) ? `${first}.${second}.html` : `${first}.html`;
    const fragment = second && page === `${first}.html` ? [second, ...rest].join('-') : rest.join('-');
    if (!known(page)) return false;
    location.replace(fragment ? `${page}#${fragment}` : page);
    return true;
  }

  // ---- search ---------------------------------------------------------------------------------------------
  /** Lower case, no accents, words separated by single spaces, a space at each end. */
  const norm = (text) =>
    ` ${String(text ?? '')
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()} `;
  const escapeHtml = (text) =>
    String(text).replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
    );
  const KIND = { o: 'Operation', t: 'Tag', g: 'Guide' };

  let records;
  let loading;
  function loadIndex() {
    if (records || loading) return loading;
    loading = new Promise((resolve, reject) => {
      window.__docsSearch = (raw) => {
        records = raw.map((r) => ({
          ...r,
          T: norm(r.t),
          P: norm(r.p),
          N: norm(r.n),
          X: norm(r.x),
          path: (r.p ?? '').toLowerCase(),
        }));
        root.dataset.search = 'ready';
        resolve();
      };
      const script = document.createElement('script');
      script.src = 'search-index.js';
      script.onerror = () => reject(new Error('search-index.js did not load'));
      document.head.append(script);
    });
    return loading;
  }

  /** How well one query word matches a record, and whether it matched the record's own name, path or fields. */
  function wordScore(r, word) {
    const w = ` ${word}`;
    let own = 0;
    if (r.T.includes(`${w} `)) own = 30;
    else if (r.T.includes(w)) own = 22;
    if (r.P.includes(w)) own = Math.max(own, 20);
    if (r.N.includes(`${w} `)) own = Math.max(own, 16);
    else if (r.N.includes(w)) own = Math.max(own, 12);
    return { score: own || (r.X.includes(w) ? 4 : 0), own: own > 0 };
  }

  /** The records matching every word of `query`, best first: an operation's own name, path and fields first. */
  function rank(query) {
    const words = norm(query).trim().split(' ').filter(Boolean);
    const rawPath = query.trim().toLowerCase();
    const phrase = norm(query);
    const found = [];
    for (const r of records) {
      let total = 0;
      let own = true;
      for (const word of words) {
        const { score, own: mine } = wordScore(r, word);
        if (!score) {
          total = 0;
          break;
        }
        total += score;
        own = own && mine;
      }
      if (rawPath.includes('/') && r.path.includes(rawPath)) total += 60;
      if (!total) continue;
      if (words.length > 1 && r.T.includes(phrase)) total += 20;
      const weight = own ? (r.k === 'o' ? 3 : r.k === 't' ? 2 : 1.5) : 1;
      found.push({ r, score: total * weight });
    }
    // By score alone: a stable sort keeps the index's order (the contract's) among equals, and a one-letter
    // query at 2,000 operations matches thousands of records, where a text comparison per tie cost ~50 ms.
    return found.sort((a, b) => b.score - a.score).slice(0, 20);
  }

  /** Where a query's words start a word of a text (made once per query: a Unicode pattern is costly to compile). */
  const wordStarts = (words) =>
    new RegExp(
      `(^|[^\\p{L}\\p{N}])(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`,
      'giu',
    );

  /** Up to ~150 characters of the record's text around the first word matched, words marked. */
  function snippet(text, pattern) {
    if (!text || !pattern) return '';
    const at = text.search(pattern);
    const start = at < 0 ? 0 : Math.max(0, text.lastIndexOf(' ', Math.max(0, at - 60)) + 1);
    const cut = text.slice(start, start + 160);
    const end = cut.length < text.length - start ? cut.lastIndexOf(' ') : cut.length;
    const piece = escapeHtml(cut.slice(0, end > 40 ? end : cut.length));
    const marked = piece.replace(pattern, (_, before, word) => `${before}<mark>${word}</mark>`);
    return `${start > 0 ? '… ' : ''}${marked}${start + end < text.length ? ' …' : ''}`;
  }

  function setUpSearch() {
    const input = document.getElementById('search');
    const list = document.getElementById('search-results');
    if (!input || !list) return;
    let active = -1;
    let pending = false;
    const options = () => [...list.querySelectorAll('[role="option"]')];
    const open = (shown) => {
      list.hidden = !shown;
      input.setAttribute('aria-expanded', String(shown));
    };
    const highlight = (i) => {
      const all = options();
      active = Math.max(-1, Math.min(i, all.length - 1));
      for (const [n, o] of all.entries()) o.setAttribute('aria-selected', String(n === active));
      if (active >= 0) {
        input.setAttribute('aria-activedescendant', all[active].id);
        all[active].scrollIntoView({ block: 'nearest' });
      } else input.removeAttribute('aria-activedescendant');
    };
    const show = () => {
      pending = false;
      const query = input.value;
      if (!query.trim()) return open(false);
      if (!records) {
        list.innerHTML = '<p class="search-note">Loading the index…</p>';
        open(true);
        loadIndex().then(show, () => {
          list.innerHTML = '<p class="search-note">The search index did not load.</p>';
        });
        return;
      }
      const words = norm(query).trim().split(' ').filter(Boolean);
      const pattern = words.length ? wordStarts(words) : undefined;
      const results = rank(query);
      list.innerHTML = results.length
        ? results
            .map(({ r }, i) => {
              const badge = r.m
                ? `<span class="method ${r.m.toLowerCase()}">${r.m}</span>`
                : `<span class="kind">${KIND[r.k]}</span>`;
              const where = r.p
                ? `<code class="path">${escapeHtml(r.p)}</code>`
                : r.c
                  ? `<span class="context">${escapeHtml(r.c)}</span>`
                  : '';
              return `<a role="option" id="search-option-${i}" aria-selected="false" href="${escapeHtml(r.u)}"><span class="result-title">${badge} ${escapeHtml(r.t)}</span>${where}<span class="snippet">${snippet(r.x, pattern)}</span></a>`;
            })
            .join('')
        : `<p class="search-note">Nothing matches “${escapeHtml(query)}”.</p>`;
      root.dataset.searchAnswered = query;
      open(true);
      highlight(results.length ? 0 : -1);
    };
    const schedule = () => {
      if (pending) return;
      pending = true;
      requestAnimationFrame(show);
    };
    input.addEventListener('input', schedule);
    input.addEventListener('focus', () => {
      loadIndex()?.catch(() => undefined);
      if (input.value.trim()) schedule();
    });
    input.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowDown') highlight(active + 1);
      else if (event.key === 'ArrowUp') highlight(active - 1);
      else if (event.key === 'Enter' && active >= 0) options()[active]?.click();
      else if (event.key === 'Escape') return open(false);
      else return;
      event.preventDefault();
    });
    document.addEventListener('click', (event) => {
      if (!event.target.closest?.('.search')) open(false);
    });
    document.addEventListener('keydown', (event) => {
      const typing = /^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement?.tagName ?? '');
      if (event.key === '/' && !typing) {
        event.preventDefault();
        input.focus();
      }
    });
    // Loaded while the reader reads, so the first search answers at once.
    const idle = window.requestIdleCallback ?? ((f) => setTimeout(f, 200));
    idle(() => loadIndex()?.catch(() => undefined));
  }

  // ---- code samples: tabs, the reader's language kept --------------------------------------------------------
  const LANGUAGE_KEY = 'banking-api-docs-language';
  const stored = () => {
    try {
      return localStorage.getItem(LANGUAGE_KEY);
    } catch {
      return null;
    }
  };
  function selectLanguage(lang, focus) {
    for (const tabs of document.querySelectorAll('.samples')) {
      const tab = tabs.querySelector(`[role="tab"][data-lang="${CSS.escape(lang)}"]`);
      if (!tab) continue;
      for (const t of tabs.querySelectorAll('[role="tab"]')) {
        const selected = t === tab;
        t.setAttribute('aria-selected', String(selected));
        t.tabIndex = selected ? 0 : -1;
        document.getElementById(t.getAttribute('aria-controls')).hidden = !selected;
      }
      if (focus) tab.focus();
    }
  }
  function setUpSamples() {
    for (const tabs of document.querySelectorAll('.samples [role="tablist"]')) {
      tabs.addEventListener('click', (event) => {
        const tab = event.target.closest('[role="tab"]');
        if (!tab) return;
        selectLanguage(tab.dataset.lang, false);
        try {
          localStorage.setItem(LANGUAGE_KEY, tab.dataset.lang);
        } catch {}
      });
      tabs.addEventListener('keydown', (event) => {
        const all = [...tabs.querySelectorAll('[role="tab"]')];
        const at = all.indexOf(document.activeElement);
        const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
        if (at < 0 || !step) return;
        event.preventDefault();
        selectLanguage(all[(at + step + all.length) % all.length].dataset.lang, true);
      });
    }
    const lang = stored();
    if (lang) selectLanguage(lang, false);
  }

  // ---- copy buttons on code --------------------------------------------------------------------------------
  function setUpCopy() {
    for (const pre of document.querySelectorAll('main pre')) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'copy';
      button.textContent = 'Copy';
      button.addEventListener('click', async () => {
        const text = pre.querySelector('code')?.textContent ?? pre.textContent;
        try {
          await navigator.clipboard.writeText(text);
          button.textContent = 'Copied';
        } catch {
          getSelection()?.selectAllChildren(pre);
          button.textContent = 'Selected: press Ctrl+C';
        }
        setTimeout(() => {
          button.textContent = 'Copy';
        }, 1500);
      });
      pre.before(button);
    }
  }

  if (followOldAnchor()) return;
  window.addEventListener('hashchange', followOldAnchor);
  setUpSearch();
  setUpSamples();
  setUpCopy();
  root.dataset.ready = 'true';
})();
