/* global localStorage, sessionStorage, document, fetch, window, uPlot */
// The operators' release page: plain script (no build, no storefront code), uPlot for the charts.
// Data and actions need the operator key, kept for this tab only (sessionStorage).
(function () {
  'use strict';

  var T = {
    BN: {
      title: 'খেলা · রিলিজ',
      other: 'English',
      keyLabel: 'অপারেটর কী',
      operatorLabel: 'আপনার নাম (ইতিহাসে লেখা হয়)',
      enter: 'প্রবেশ',
      loading: 'লোড হচ্ছে…',
      empty: 'এখনও কোনো রিলিজ নেই।',
      error: 'তথ্য আনা যায়নি: {{m}}',
      badKey: 'অপারেটর কী ভুল।',
      retry: 'আবার চেষ্টা করুন',
      inUse: 'চালু সংস্করণ: {{v}}',
      canary: 'ক্যানারি: {{v}}, {{p}} % ব্রাউজারে',
      noCanary: 'কোনো ক্যানারি নেই',
      analysis: 'স্বয়ংক্রিয় বিশ্লেষণ: {{s}} · {{p}} % · {{r}}',
      last: 'শেষ পরিবর্তন: {{a}} ({{who}}) {{r}}',
      version: 'সংস্করণ',
      share: 'ক্যানারি % (খালি = সবার জন্য)',
      reason: 'কারণ',
      promote: 'চালু করুন',
      rollback: 'আগের সংস্করণে ফিরুন',
      drop: 'ক্যানারি বাদ দিন',
      failures: 'লোড ব্যর্থতা (%)',
      errors: 'ত্রুটি (%)',
      lcp: 'LCP p75 (ms)',
      noSignals: 'গত ৩ ঘণ্টায় কোনো ব্রাউজার-সংকেত নেই',
      done: '{{n}}: {{a}} সম্পন্ন',
      needReason: 'একটি কারণ লিখুন (অন্তত ৩ অক্ষর)',
      confirm: '{{n}}: {{a}}? এটি সব খোলা পৃষ্ঠায় প্রভাব ফেলবে।',
      refused: 'প্রত্যাখ্যাত: {{m}}',
      logout: 'কী মুছুন',
    },
    EN: {
      title: 'Khela · releases',
      other: 'বাংলা',
      keyLabel: 'Operator key',
      operatorLabel: 'Your name (written to the history)',
      enter: 'Enter',
      loading: 'Loading…',
      empty: 'No releases yet.',
      error: 'Could not load: {{m}}',
      badKey: 'Wrong operator key.',
      retry: 'Try again',
      inUse: 'In use: {{v}}',
      canary: 'Canary: {{v}} for {{p}} % of browsers',
      noCanary: 'No canary',
      analysis: 'Automatic analysis: {{s}} · {{p}} % · {{r}}',
      last: 'Last change: {{a}} ({{who}}) {{r}}',
      version: 'Version',
      share: 'Canary % (empty = all browsers)',
      reason: 'Reason',
      promote: 'Promote',
      rollback: 'Roll back',
      drop: 'Drop canary',
      failures: 'Load failures (%)',
      errors: 'Errors (%)',
      lcp: 'LCP p75 (ms)',
      noSignals: 'No browser signals in the last 3 hours',
      done: '{{n}}: {{a}} done',
      needReason: 'Write a reason (at least 3 characters)',
      confirm: '{{n}}: {{a}}? This reaches every open page.',
      refused: 'Refused: {{m}}',
      logout: 'Forget the key',
    },
  };
  var lang = localStorage.getItem('khela.ops.lang') === 'EN' ? 'EN' : 'BN';
  var key = sessionStorage.getItem('khela.ops.key') || '';
  var operator = sessionStorage.getItem('khela.ops.operator') || '';
  var notice = null;
  var main = document.getElementById('main');

  function t(k, vars) {
    var s = T[lang][k] || k;
    Object.keys(vars || {}).forEach(function (v) {
      s = s.split('{{' + v + '}}').join(String(vars[v]));
    });
    return s;
  }
  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (a) {
      if (a === 'text') e.textContent = attrs[a];
      else if (a.slice(0, 2) === 'on') e.addEventListener(a.slice(2), attrs[a]);
      else e.setAttribute(a, attrs[a]);
    });
    (children || []).forEach(function (c) {
      if (c) e.appendChild(c);
    });
    return e;
  }
  function api(path, init) {
    init = init || {};
    var headers = { 'x-ops-key': key };
    if (init.body) headers['content-type'] = 'application/json';
    return fetch(path, { method: init.method || 'GET', headers: headers, body: init.body }).then(function (res) {
      return res.json().then(
        function (b) {
          if (!res.ok)
            throw Object.assign(new Error((b && b.message) || String(res.status)), {
              status: res.status,
              code: b && b.errorCode,
            });
          return b.value;
        },
        function () {
          throw Object.assign(new Error(String(res.status)), { status: res.status });
        },
      );
    });
  }

  function header() {
    document.title = t('title');
    document.documentElement.lang = lang.toLowerCase();
    document.getElementById('title').textContent = t('title');
    var b = document.getElementById('lang');
    b.textContent = t('other');
    b.onclick = function () {
      lang = lang === 'BN' ? 'EN' : 'BN';
      localStorage.setItem('khela.ops.lang', lang);
      render();
    };
  }

  function keyForm(message) {
    var keyInput = el('input', {
      type: 'password',
      id: 'ops-key',
      autocomplete: 'off',
      required: 'required',
      'data-testid': 'ops-key',
    });
    var nameInput = el('input', {
      id: 'ops-operator',
      required: 'required',
      pattern: '[A-Za-z0-9_.@-]+',
      'data-testid': 'ops-operator',
    });
    nameInput.value = operator;
    var form = el(
      'form',
      {
        class: 'key',
        onsubmit: function (e) {
          e.preventDefault();
          key = keyInput.value;
          operator = nameInput.value;
          sessionStorage.setItem('khela.ops.key', key);
          sessionStorage.setItem('khela.ops.operator', operator);
          load();
        },
      },
      [
        message ? el('p', { class: 'notice error', role: 'alert', text: message }) : null,
        el('label', { for: 'ops-key' }, [document.createTextNode(t('keyLabel')), keyInput]),
        el('label', { for: 'ops-operator' }, [document.createTextNode(t('operatorLabel')), nameInput]),
        el('button', { type: 'submit', class: 'primary', text: t('enter') }),
      ],
    );
    main.replaceChildren(form);
  }

  var state = null; // { data, series }

  function load() {
    main.replaceChildren(el('p', { class: 'loading', text: t('loading'), 'data-testid': 'ops-loading' }));
    api('/ops/releases/data')
      .then(function (data) {
        var remotes = data.rows.filter(function (r) {
          return r.name !== 'shell' && r.version;
        });
        return Promise.all(
          remotes.map(function (r) {
            return api('/ops/rum/series?remote=' + encodeURIComponent(r.name) + '&minutes=180').catch(function () {
              return null;
            });
          }),
        ).then(function (series) {
          var byName = {};
          remotes.forEach(function (r, i) {
            byName[r.name] = series[i];
          });
          state = { data: data, series: byName };
          render();
        });
      })
      .catch(function (err) {
        if (err.status === 401) return keyForm(t('badKey'));
        main.replaceChildren(
          el('div', { class: 'error', role: 'alert', 'data-testid': 'ops-error' }, [
            el('p', { text: t('error', { m: err.message }) }),
            el('button', { type: 'button', text: t('retry'), onclick: load }),
          ]),
        );
      });
  }

  function act(name, action, body) {
    if (!body.reason || body.reason.trim().length < 3) {
      notice = { error: true, text: t('needReason') };
      return render();
    }
    if (!window.confirm(t('confirm', { n: name, a: t(action) }))) return;
    body.operator = operator;
    api('/ops/releases/' + encodeURIComponent(name) + '/' + action, { method: 'POST', body: JSON.stringify(body) })
      .then(function () {
        notice = { text: t('done', { n: name, a: t(action) }) };
        load();
      })
      .catch(function (err) {
        notice = { error: true, text: t('refused', { m: err.message }) };
        render();
      });
  }

  /** One uPlot line chart: a line per version over the slots of the window. */
  function chart(title, series, pick, width) {
    var box = el('div', { class: 'chart' }, [el('h3', { text: title })]);
    var times = {};
    series.versions.forEach(function (v) {
      v.points.forEach(function (p) {
        times[Date.parse(p.t) / 1000] = true;
      });
    });
    var xs = Object.keys(times)
      .map(Number)
      .sort(function (a, b) {
        return a - b;
      });
    var data = [xs];
    var colours = ['#0f7a4f', '#b42318', '#1d4ed8', '#a16207', '#7c3aed'];
    var defs = [{}];
    series.versions.forEach(function (v, i) {
      var at = {};
      v.points.forEach(function (p) {
        at[Date.parse(p.t) / 1000] = pick(p);
      });
      data.push(
        xs.map(function (x) {
          return at[x] === undefined ? null : at[x];
        }),
      );
      defs.push({ label: v.version, stroke: colours[i % colours.length], width: 2, spanGaps: true });
    });
    // the whole window on the x axis (3 hours up to now), however few slots have signals
    var from = Date.parse(series.since) / 1000;
    var to = Math.max(Date.now() / 1000, xs.length ? xs[xs.length - 1] : 0);
    var plot = new uPlot(
      {
        width: width,
        height: 160,
        series: defs,
        scales: { x: { time: true, range: [from, to] } },
        axes: [{}, { size: 50 }],
        legend: { live: false },
      },
      data,
      box,
    );
    box.setAttribute('data-testid', 'ops-chart');
    box.plot = plot;
    return box;
  }

  function card(row) {
    var data = state.data;
    var a = (data.analyses || []).filter(function (x) {
      return x.name === row.name;
    })[0];
    var published = (data.published[row.name] || []).filter(function (v) {
      return v.version !== row.version;
    });
    var select = el(
      'select',
      { 'aria-label': t('version'), 'data-testid': 'ops-version-' + row.name },
      published.map(function (v) {
        return el('option', { value: v.version, text: v.version + (v.marks.length ? ' (' + v.marks.join(', ') + ')' : '') });
      }),
    );
    var share = el('input', {
      type: 'number',
      min: '1',
      max: '99',
      'aria-label': t('share'),
      placeholder: t('share'),
      'data-testid': 'ops-share-' + row.name,
    });
    var reason = el('input', { 'aria-label': t('reason'), placeholder: t('reason'), 'data-testid': 'ops-reason-' + row.name });
    var last = row.last
      ? t('last', {
          a: row.last.action + ' ' + (row.last.to || row.last.from || ''),
          who: row.last.who,
          r: row.last.reason || '',
        })
      : '';
    var series = state.series[row.name];
    var width = Math.min(520, Math.max(260, main.clientWidth - 60));
    var charts =
      series && series.versions.length
        ? el('div', { class: 'charts' }, [
            chart(
              t('failures'),
              series,
              function (p) {
                return p.loads ? (100 * p.failures) / p.loads : null;
              },
              width,
            ),
            chart(
              t('errors'),
              series,
              function (p) {
                return p.loads ? (100 * p.errors) / p.loads : null;
              },
              width,
            ),
            chart(
              t('lcp'),
              series,
              function (p) {
                return p.lcpP75;
              },
              width,
            ),
          ])
        : el('p', { class: 'meta', text: t('noSignals') });
    return el('section', { class: 'card', 'data-testid': 'ops-remote-' + row.name }, [
      el('h2', { text: row.name }),
      el('p', { class: 'meta', text: t('inUse', { v: row.version }) }),
      el('p', {
        class: 'meta',
        'data-testid': 'ops-canary-' + row.name,
        text: row.canary ? t('canary', { v: row.canary.version, p: row.canary.percent }) : t('noCanary'),
      }),
      a
        ? el('p', {
            class: 'meta' + (a.status === 'rolled-back' ? ' bad' : ''),
            'data-testid': 'ops-analysis-' + row.name,
            text: t('analysis', { s: a.status, p: a.percent, r: a.last ? a.last.reason : '' }),
          })
        : null,
      last ? el('p', { class: 'meta', text: last }) : null,
      el('div', { class: 'actions' }, [
        published.length ? select : null,
        published.length ? share : null,
        reason,
        published.length
          ? el('button', {
              type: 'button',
              class: 'primary',
              text: t('promote'),
              'data-testid': 'ops-promote-' + row.name,
              onclick: function () {
                var body = { version: select.value, reason: reason.value };
                if (share.value) body.canary = Number(share.value);
                act(row.name, 'promote', body);
              },
            })
          : null,
        el('button', {
          type: 'button',
          text: t('rollback'),
          'data-testid': 'ops-rollback-' + row.name,
          onclick: function () {
            act(row.name, 'rollback', { reason: reason.value });
          },
        }),
        row.canary
          ? el('button', {
              type: 'button',
              class: 'danger',
              text: t('drop'),
              'data-testid': 'ops-drop-' + row.name,
              onclick: function () {
                act(row.name, 'drop', { reason: reason.value });
              },
            })
          : null,
      ]),
      charts,
    ]);
  }

  function render() {
    header();
    if (!key) return keyForm();
    if (!state) return load();
    var rows = state.data.rows.filter(function (r) {
      return r.name !== 'shell' && r.version;
    });
    var children = [];
    if (notice)
      children.push(
        el('p', {
          class: 'notice' + (notice.error ? ' error' : ''),
          role: 'status',
          'data-testid': 'ops-notice',
          text: notice.text,
        }),
      );
    if (!rows.length) children.push(el('p', { class: 'empty', text: t('empty'), 'data-testid': 'ops-empty' }));
    rows.forEach(function (r) {
      children.push(card(r));
    });
    children.push(
      el('button', {
        type: 'button',
        class: 'link',
        text: t('logout'),
        onclick: function () {
          sessionStorage.removeItem('khela.ops.key');
          key = '';
          state = null;
          render();
        },
      }),
    );
    main.replaceChildren.apply(main, children);
  }

  render();
})();
