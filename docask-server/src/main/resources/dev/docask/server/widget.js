/*
 * docask widget: one <script src=".../widget.js" data-endpoint="https://ask.example.com"
 * data-site-name="Example"></script> adds an "Ask AI" button and a chat dialog. Every data-*
 * attribute is listed in README (Configuration of the widget) and docs/widget.md.
 *
 * Safety: answers come from a language model and sources from page text; both are untrusted, and so
 * are the attribute values (a CMS may let editors set them). Nothing here ever assigns HTML strings
 * (no innerHTML, no insertAdjacentHTML): DOM nodes are built and text goes in with textContent, so
 * markup shows as text. A link in an answer is made only when it points to the docs site (the origin
 * of one of the answer's sources, or of the docask server): a page that slipped instructions to the
 * model must not be able to plant a phishing link, so any other URL is shown as plain text.
 * [n] citations are links only when they match a source the server sent. Bidi override
 * characters are dropped from model text and titles, so text cannot be made to read backwards.
 * URLs from attributes must be http(s) (mailto: too for the contact link); a colour must be one the
 * browser parses, and only the browser's own normalised form of it goes into CSS.
 *
 * Everything lives in a shadow root so the site's CSS and ours don't mix. The styles are a
 * constructed stylesheet (adoptedStyleSheets), not a <style> element or style attribute: a site with
 * a strict Content-Security-Policy (style-src 'self', no 'unsafe-inline') blocks those but not
 * constructed sheets, and these need no extra request and no CSP entry. Browsers without
 * adoptedStyleSheets get <link rel=stylesheet> to widget.css next to this script (under a strict
 * CSP the site must then allow the docask origin in style-src, as it does in script-src).
 *
 * The conversation is kept in sessionStorage (per tab and origin, gone when the tab closes), so a
 * reader who follows a citation to another page of the site finds it there. Screen readers hear
 * an answer once, when it is complete, from a status region: the log itself is not live, or every
 * streamed token would be read out.
 */
(function () {
  'use strict';
  var script = document.currentScript;
  var first = window.__docaskWidget;
  if (first && script && !first.warned) {
    first.warned = 1;
    console.warn('docask: a second widget <script> (' + script.src + ') was ignored: this page already has one ('
      + first.src + '). Remove one of the tags.');
  }
  if (!script || first) {
    return;
  }
  window.__docaskWidget = { src: script.src };

  var scriptOrigin = new URL(script.src, location.href).origin;
  var endpoint = (script.getAttribute('data-endpoint') || scriptOrigin).replace(/\/+$/, '');
  var MAX_HISTORY = 6;
  var MAX_TURN_CHARS = 2000; // the server refuses longer turns; older detail matters little to a follow-up
  var MAX_KEPT_TURNS = 20; // sessionStorage holds a few MB; a reader rarely scrolls back further
  var MAX_QUESTION_CHARS = /*{{maxQuestionChars}}*/500; // the server's --max-question-chars, put in by the server
  var FOLLOW_PX = 40; // a reader this close to the bottom of the log follows a streaming answer; one further up stays put
  var SILENCE_MS = 30000; // the server pings a stream each second (AnswerStream): this long without a byte, nothing is coming
  var STORE = 'docask:' + endpoint;
  var MAC = /Mac|iPhone|iPad/.test(navigator.platform || '');

  // widget.css, put in by the server when it serves this script (StaticAssets)
  var CSS = "{{css}}";

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    }
    if (text != null) {
      e.textContent = text;
    }
    return e;
  }

  /*{{markdown}}*/

  // ---- Configuration: data-* attributes of the script tag, all untrusted ----

  function attr(name, max) {
    return plain(script.getAttribute('data-' + name) || '').trim().slice(0, max);
  }
  function oneOf(value, allowed, fallback) {
    return allowed.indexOf(value.toLowerCase()) >= 0 ? value.toLowerCase() : fallback;
  }
  /** A URL from an attribute, resolved against the page: http(s) only, or also mailto: for a contact. */
  function pageUrl(value, mailto) {
    if (!value) {
      return null;
    }
    try {
      var u = new URL(value, location.href);
      return u.protocol === 'http:' || u.protocol === 'https:' || (mailto && u.protocol === 'mailto:') ? u.href : null;
    } catch (e) {
      return null;
    }
  }
  /** The browser's normalised form of a colour ('#rrggbb' or 'rgba(...)'), or null when it is not one. */
  function color(value) {
    var c = value && document.createElement('canvas').getContext('2d');
    if (!c) {
      return null;
    }
    c.fillStyle = '#000';
    c.fillStyle = value;
    var black = c.fillStyle;
    c.fillStyle = '#fff';
    c.fillStyle = value;
    return black === c.fillStyle ? black : null;
  }
  function luminance(normalised) {
    var v = /^#/.test(normalised) ? [1, 3, 5].map(function (i) { return parseInt(normalised.substr(i, 2), 16); })
      : normalised.match(/[\d.]+/g).slice(0, 3).map(Number);
    var l = v.map(function (x) {
      x /= 255;
      return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
  }
  /** "mod+k" → {key: 'k', ctrl, meta, alt, shift}; mod is Cmd on a Mac, Ctrl elsewhere; "none" → null. */
  function shortcut(value) {
    var v = (value || 'mod+k').toLowerCase().replace(/\s+/g, '');
    if (v === 'none' || v === 'off') {
      return null;
    }
    var parts = v.split('+');
    var key = parts.pop() || '+';
    var s = { key: key, ctrl: false, meta: false, alt: false, shift: false };
    parts.forEach(function (p) {
      if (p === 'mod') {
        s[MAC ? 'meta' : 'ctrl'] = true;
      } else if (p === 'cmd' || p === 'meta') {
        s.meta = true;
      } else if (p === 'ctrl' || p === 'control') {
        s.ctrl = true;
      } else if (p === 'alt' || p === 'option') {
        s.alt = true;
      } else if (p === 'shift') {
        s.shift = true;
      }
    });
    s.label = (s.ctrl ? (MAC ? '\u2303' : 'Ctrl ') : '') + (s.meta ? (MAC ? '\u2318' : 'Meta ') : '')
      + (s.alt ? (MAC ? '\u2325' : 'Alt ') : '') + (s.shift ? (MAC ? '\u21e7' : 'Shift ') : '') + key.toUpperCase();
    s.aria = [s.ctrl && 'Control', s.meta && 'Meta', s.alt && 'Alt', s.shift && 'Shift', key.toUpperCase()]
      .filter(Boolean).join('+');
    return key.length === 1 || /^f\d{1,2}$/.test(key) ? s : null;
  }

  var siteName = attr('site-name', 100) || 'these docs';
  var config = {
    buttonText: attr('button-text', 40) || 'Ask AI',
    theme: oneOf(attr('theme', 10), ['light', 'dark'], 'auto'),
    position: oneOf(attr('position', 20), ['bottom-right', 'bottom-left', 'top-right', 'top-left'], 'bottom-right'),
    accent: color(attr('accent-color', 60)),
    shortcut: shortcut(script.getAttribute('data-shortcut')),
    shortcutChosen: script.hasAttribute('data-shortcut'),
    examples: attr('examples', 2000).split('|').map(function (q) { return q.trim().slice(0, 200); })
      .filter(Boolean).slice(0, 6),
    disclaimer: attr('disclaimer', 300),
    contactUrl: pageUrl(attr('contact-url', 2000), true),
    searchUrl: attr('search-url', 2000),
    maxQuestionChars: /^\d{1,6}$/.test(attr('max-question-chars', 6)) && +attr('max-question-chars', 6) > 0
      ? +attr('max-question-chars', 6) : MAX_QUESTION_CHARS
  };

  /*
   * The reader's docs version (docs/widget.md), the first valid one of: data-version; the first group of
   * data-version-pattern on the page path; the version the page declares in its head; without data-version-pattern,
   * the first path segment written like a version ("next", "v3", "3.8", "3.8.1", "2.x"; a bare number such as
   * "/blog/2024/" is not one). The site's attributes come first: its owner wrote them for its URLs. The page's meta
   * comes next: its generator wrote it for this page, and it holds where the path says nothing (Docusaurus serves its
   * latest version at /docs/ with no version in it; many sites have none in their URLs). The path guess comes last.
   * It is read at each question, as a site that navigates client-side changes the path and the meta under the widget.
   */
  var VERSION_SEGMENT = '/(next|v\\d+(?:\\.(?:\\d+|x))*|\\d+\\.(?:\\d+|x)(?:\\.(?:\\d+|x))*)(?=/|$)';

  /** The value, trimmed, when it is a version name the server takes (40 characters at most here), else ''. */
  function versionName(value) {
    var v = (value || '').trim();
    return /^[\w.-]{1,40}$/.test(v) ? v : '';
  }
  function pathVersion(pattern) {
    try {
      var m = new RegExp(pattern).exec(location.pathname);
      return m ? versionName(m[1] || m[0]) : '';
    } catch (e) {
      return ''; // a pattern that is not a regular expression reads nothing
    }
  }
  /*
   * The Algolia DocSearch tag, which Docusaurus and other generators write (its content may list several, comma-
   * separated), then Docusaurus's own tag. Docusaurus names its unreleased docs "current"; the index names them "next".
   */
  function metaVersion() {
    var names = [];
    ['docsearch:version', 'docusaurus_version'].forEach(function (name) {
      Array.prototype.forEach.call(document.querySelectorAll('meta[name="' + name + '"]'), function (meta) {
        names = names.concat((meta.getAttribute('content') || '').split(','));
      });
    });
    var v = names.map(versionName).filter(Boolean)[0] || '';
    return v.toLowerCase() === 'current' ? 'next' : v;
  }
  function docsVersion() {
    var given = versionName(script.getAttribute('data-version'));
    var pattern = script.getAttribute('data-version-pattern');
    if (given || pattern === '') {
      return given; // an empty data-version-pattern reads no version from the page
    }
    return (pattern && pathVersion(pattern)) || metaVersion() || (pattern === null ? pathVersion(VERSION_SEGMENT) : '');
  }

  // ---- Storage: the conversation, per tab, across pages of the site ----

  function load() {
    try {
      var s = JSON.parse(sessionStorage.getItem(STORE) || 'null');
      return s && Array.isArray(s.turns) && Array.isArray(s.history) ? s : { turns: [], history: [] };
    } catch (e) {
      return { turns: [], history: [] }; // storage blocked (a sandboxed frame, privacy settings) or garbage
    }
  }
  var saved = load();
  function save() {
    saved.turns = saved.turns.slice(-MAX_KEPT_TURNS);
    saved.history = saved.history.slice(-MAX_HISTORY);
    try {
      sessionStorage.setItem(STORE, JSON.stringify(saved));
    } catch (e) {
      // full or blocked: the conversation lives on in this page only
    }
  }

  // ---- The dialog ----

  var host = el('div', { 'data-docask': '' });
  var root = host.attachShadow({ mode: 'open' });
  if (root.adoptedStyleSheets !== undefined && typeof CSSStyleSheet === 'function') {
    var sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    var sheets = [sheet];
    if (config.accent) {
      var custom = new CSSStyleSheet();
      custom.replaceSync('.docask,.docask.dark{--accent:' + config.accent + ';--on-accent:'
        + (luminance(config.accent) > 0.19 ? '#111318' : '#ffffff') + '}');
      sheets.push(custom);
    }
    root.adoptedStyleSheets = sheets;
  } else {
    root.appendChild(el('link', { rel: 'stylesheet', href: scriptOrigin + '/widget.css' }));
  }

  var frame = el('div', { class: 'docask ' + config.position });
  var launcher = el('button', { type: 'button', class: 'launcher', 'aria-haspopup': 'dialog', 'aria-expanded': 'false' },
    config.buttonText);
  if (config.shortcut) {
    launcher.setAttribute('aria-keyshortcuts', config.shortcut.aria);
    launcher.appendChild(el('kbd', { 'aria-hidden': 'true' }, config.shortcut.label));
  }
  var backdrop = el('div', { class: 'backdrop', hidden: '' });
  var panel = el('div', { class: 'panel', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'docask-title', hidden: '' });
  var head = el('div', { class: 'head' });
  head.appendChild(el('h2', { id: 'docask-title' }, 'Ask AI about ' + siteName));
  var newChat = el('button', { type: 'button', class: 'new' }, 'New chat');
  var closeButton = el('button', { type: 'button', class: 'close', 'aria-label': 'Close' }, '\u00d7');
  head.appendChild(newChat);
  head.appendChild(closeButton);
  var log = el('div', { class: 'log' });
  var intro = el('div', { class: 'intro' });
  intro.appendChild(el('p', { class: 'hint' }, 'Answers come from ' + siteName + ' only, with links to the pages they cite.'));
  if (config.examples.length) {
    var examples = el('ul', { class: 'examples', 'aria-label': 'Example questions' });
    config.examples.forEach(function (q) {
      var li = el('li');
      var b = el('button', { type: 'button', class: 'example' }, q);
      b.addEventListener('click', function () { ask(q); });
      li.appendChild(b);
      examples.appendChild(li);
    });
    intro.appendChild(examples);
  }
  log.appendChild(intro);
  var status = el('div', { class: 'sr', role: 'status', 'aria-live': 'polite' });
  var form = el('form', { class: 'form' });
  form.appendChild(el('label', { class: 'sr', for: 'docask-q' }, 'Your question'));
  var input = el('textarea', { id: 'docask-q', name: 'question', placeholder: 'Ask a question\u2026', rows: '1',
    'aria-describedby': 'docask-limit' });
  var send = el('button', { type: 'submit', class: 'send' }, 'Ask');
  var stop = el('button', { type: 'button', class: 'stop', hidden: '' }, 'Stop');
  form.appendChild(input);
  form.appendChild(send);
  form.appendChild(stop);
  panel.appendChild(head);
  panel.appendChild(log);
  panel.appendChild(status);
  panel.appendChild(form);
  var limitNote = el('p', { class: 'limit', id: 'docask-limit', hidden: '' });
  panel.appendChild(limitNote);
  if (config.disclaimer) {
    panel.appendChild(el('p', { class: 'disclaimer' }, config.disclaimer));
  }
  frame.appendChild(launcher);
  frame.appendChild(backdrop);
  frame.appendChild(panel);
  root.appendChild(frame);

  // ---- Theme: forced by data-theme, else the site's own switch, else the reader's system setting ----

  var darkMedia = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  function hostTheme() {
    var html = document.documentElement;
    var t = (html.getAttribute('data-theme') || (document.body && document.body.getAttribute('data-theme')) || '').toLowerCase();
    if (t === 'dark' || t === 'light') {
      return t; // Docusaurus, Starlight
    }
    if (html.classList.contains('dark')) {
      return 'dark'; // VitePress, Tailwind sites
    }
    var scheme = getComputedStyle(html).colorScheme;
    if (html.classList.contains('light') || scheme === 'light' || scheme === 'dark') {
      return scheme === 'dark' ? 'dark' : 'light';
    }
    return darkMedia && darkMedia.matches ? 'dark' : 'light';
  }
  function applyTheme() {
    frame.classList.toggle('dark', (config.theme === 'auto' ? hostTheme() : config.theme) === 'dark');
  }
  if (config.theme === 'auto') {
    var watch = { attributes: true, attributeFilter: ['class', 'data-theme', 'style'] };
    new MutationObserver(applyTheme).observe(document.documentElement, watch);
    if (darkMedia && darkMedia.addEventListener) {
      darkMedia.addEventListener('change', applyTheme);
    }
  }

  // ---- Opening, closing, keyboard ----

  var returnTo = null;
  function deepActive() {
    var a = document.activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) {
      a = a.shadowRoot.activeElement;
    }
    return a;
  }
  function isOpen() {
    return !panel.hidden;
  }
  function open() {
    if (isOpen()) {
      return;
    }
    returnTo = deepActive();
    applyTheme();
    panel.hidden = false;
    backdrop.hidden = false;
    launcher.setAttribute('aria-expanded', 'true');
    input.focus();
    scrollDown();
  }
  function close() {
    panel.hidden = true;
    backdrop.hidden = true;
    launcher.setAttribute('aria-expanded', 'false');
    var back = returnTo && returnTo.isConnected && returnTo !== document.body ? returnTo : launcher;
    returnTo = null;
    back.focus();
  }
  function focusables() {
    return Array.prototype.filter.call(panel.querySelectorAll('button, textarea, a[href], [tabindex="0"]'), function (e) {
      return !e.disabled && e.getClientRects().length > 0;
    });
  }
  launcher.addEventListener('click', function () { isOpen() ? close() : open(); });
  closeButton.addEventListener('click', close);
  backdrop.addEventListener('click', close);
  root.addEventListener('keydown', function (e) {
    if (e.key === 'Tab' && isOpen()) { // the focus trap: Tab from the last control goes to the first
      var all = focusables();
      var i = all.indexOf(root.activeElement);
      if (e.shiftKey ? i <= 0 : i === all.length - 1) {
        e.preventDefault();
        all[e.shiftKey ? all.length - 1 : 0].focus();
      }
    }
  });
  /*
   * Docs sites' own search boxes take Ctrl+K / ⌘K too (Algolia DocSearch, Starlight's, VitePress's); both dialogs
   * would open at once. The default shortcut is left to such a search (checked when pressed: it may render after
   * this script); a data-shortcut the site chose is always the widget's.
   */
  var SITE_SEARCH = '.DocSearch-Button, site-search, .VPNavBarSearch, [data-docsearch]';
  function siteSearchTakesModK() {
    return !!document.querySelector(SITE_SEARCH);
  }
  function leaveShortcutToTheSite() {
    launcher.removeAttribute('aria-keyshortcuts');
    var kbd = launcher.querySelector('kbd');
    if (kbd) {
      launcher.removeChild(kbd);
    }
  }
  document.addEventListener('keydown', function (e) {
    if (e.key === 'Escape' && isOpen()) {
      e.preventDefault();
      close();
      return;
    }
    var s = config.shortcut;
    var key = (e.key || '').toLowerCase();
    if (!s || (key !== s.key && e.code !== 'Key' + s.key.toUpperCase()) || e.ctrlKey !== s.ctrl
      || e.metaKey !== s.meta || e.altKey !== s.alt || e.shiftKey !== s.shift) {
      return;
    }
    if (!config.shortcutChosen && siteSearchTakesModK()) {
      leaveShortcutToTheSite();
      return;
    }
    var t = e.composedPath ? e.composedPath()[0] : e.target; // inside the shadow root too, not just its host
    if (!s.ctrl && !s.meta && !s.alt && t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) {
      return; // a bare key like "/" is typing, not a shortcut, in the site's fields and in the widget's own
    }
    e.preventDefault();
    isOpen() ? close() : open();
  }, true);
  input.addEventListener('keydown', function (e) {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      form.requestSubmit ? form.requestSubmit() : form.dispatchEvent(new Event('submit'));
    }
  });
  /** Whether the question fits the server's limit; when it does not, says so under the box (text is never cut). */
  function checkLength() {
    var chars = Array.from(input.value.trim()).length; // code points, as the server counts
    var over = chars > config.maxQuestionChars;
    limitNote.hidden = !over;
    limitNote.textContent = over ? 'Your question is ' + chars + ' characters long; ' + config.maxQuestionChars
      + ' at most, please shorten it.' : '';
    if (over) {
      input.setAttribute('aria-invalid', 'true');
    } else {
      input.removeAttribute('aria-invalid');
    }
    return !over;
  }
  input.addEventListener('input', checkLength);
  form.addEventListener('submit', function (e) {
    e.preventDefault();
    var q = input.value.trim();
    if (!checkLength()) {
      status.textContent = limitNote.textContent;
      input.focus();
    } else if (q && !current) {
      input.value = '';
      ask(q);
    }
  });
  newChat.addEventListener('click', function () {
    if (current) {
      current.stop();
    }
    saved = { turns: [], history: [] };
    save();
    Array.prototype.slice.call(log.querySelectorAll('.turn')).forEach(function (t) { t.remove(); });
    intro.hidden = false;
    status.textContent = '';
    input.focus();
  });
  stop.addEventListener('click', function () {
    if (current) {
      current.stop();
    }
  });

  function scrollDown() {
    log.scrollTop = log.scrollHeight;
  }
  function atBottom() {
    return log.scrollHeight - log.scrollTop - log.clientHeight <= FOLLOW_PX;
  }

  /** What the status region reads out for an answer: its words, without the labels of its buttons and links on. */
  function spoken(answer) {
    var copy = answer.cloneNode(true);
    Array.prototype.forEach.call(copy.querySelectorAll('button, .ways'), function (e) { e.remove(); });
    Array.prototype.forEach.call(copy.querySelectorAll('p, li, pre, blockquote, tr, th, td'), function (e) {
      e.appendChild(document.createTextNode(' '));
    });
    return copy.textContent.replace(/\s+/g, ' ').trim();
  }

  // ---- One question and its answer ----

  /** The elements of one turn; filled while the answer streams, or at once from a kept turn. */
  function turnView(question) {
    var v = { turn: el('div', { class: 'turn' }) };
    v.turn.appendChild(el('p', { class: 'question' }, question));
    v.sourcesBox = el('div', { class: 'sources', hidden: '' });
    v.sourcesBox.appendChild(el('span', null, 'Sources'));
    v.sourceList = el('ol');
    v.sourcesBox.appendChild(v.sourceList);
    v.answer = el('div', { class: 'answer' });
    v.turn.appendChild(v.sourcesBox);
    v.turn.appendChild(v.answer);
    intro.hidden = true;
    log.appendChild(v.turn);
    return v;
  }
  function showSource(v, n, url, title) {
    var li = el('li', { value: String(n) });
    var href = safeUrl(url);
    var label = plain(title) || url;
    li.appendChild(href ? link(href, label) : document.createTextNode(label));
    v.sourceList.appendChild(li);
    v.sourcesBox.hidden = false;
  }
  /** The answer's text as Markdown, or a refusal with the ways on that the site configured. */
  function showAnswer(v, t) {
    v.answer.textContent = '';
    if (!t.refused) {
      var frag = markdown(plain(t.text), t.sources);
      Array.prototype.forEach.call(frag.querySelectorAll('pre'), addCopyButton);
      v.answer.appendChild(frag);
      return;
    }
    v.answer.appendChild(el('p', { class: 'refused' }, plain(t.text)));
    var search = config.searchUrl && pageUrl(config.searchUrl.replace('{query}', encodeURIComponent(t.q)));
    if (search || config.contactUrl) {
      var ways = el('p', { class: 'ways' });
      if (search) {
        ways.appendChild(link(search, 'Search the docs'));
      }
      if (config.contactUrl) {
        ways.appendChild(link(config.contactUrl, 'Contact us'));
      }
      v.answer.appendChild(ways);
    }
  }
  function addCopyButton(pre) {
    var b = el('button', { type: 'button', class: 'copy', 'aria-label': 'Copy code' }, 'Copy');
    b.addEventListener('click', function () {
      copyText(pre.querySelector('code').textContent).then(function () {
        b.textContent = 'Copied';
      }, function () {
        b.textContent = 'Copy failed';
      });
    });
    pre.insertBefore(b, pre.firstChild);
  }
  function copyText(text) {
    if (navigator.clipboard && navigator.clipboard.writeText) {
      return navigator.clipboard.writeText(text).catch(function () { return copyBySelection(text); });
    }
    return copyBySelection(text);
  }
  function copyBySelection(text) { // pages that are not a secure context, and older browsers
    var t = el('textarea', { class: 'sr', 'aria-hidden': 'true', tabindex: '-1' });
    t.value = text;
    panel.appendChild(t);
    t.select();
    var ok = document.execCommand('copy');
    t.remove();
    input.focus();
    return ok ? Promise.resolve() : Promise.reject(new Error('copy refused'));
  }
  /** A kept turn, shown again after a navigation. */
  function showKept(t) {
    var v = turnView(t.q);
    Object.keys(t.sources).forEach(function (n) { showSource(v, n, t.sources[n].url, t.sources[n].title); });
    if (t.error) {
      v.answer.appendChild(el('p', { class: 'error' }, t.error));
      return;
    }
    showAnswer(v, t);
    if (t.stopped) {
      v.answer.appendChild(el('p', { class: 'hint' }, 'Stopped.'));
    } else if (t.id) {
      v.turn.appendChild(feedbackBar(t));
    }
  }
  saved.turns.forEach(function (t) {
    try {
      showKept(t);
    } catch (e) {
      // a kept turn this version cannot read is skipped
    }
  });

  var current = null; // the answer being streamed: {stop}

  function busy(on) {
    var a = root.activeElement; // read before hiding: a hidden button loses the focus
    send.hidden = on;
    stop.hidden = !on;
    if (a === (on ? send : stop)) {
      (on ? stop : input).focus();
    }
  }

  function ask(question) {
    if (current) {
      return;
    }
    var v = turnView(question);
    v.answer.setAttribute('aria-busy', 'true');
    v.answer.appendChild(el('p', { class: 'hint' }, 'Searching ' + siteName + '\u2026'));
    status.textContent = '';
    scrollDown();

    var t = { q: question, id: null, refused: false, text: '', sources: {} };
    var pending = false;
    var finished = false;
    var controller = window.AbortController ? new AbortController() : null;
    var watchdog;
    function alive() {
      clearTimeout(watchdog);
      watchdog = setTimeout(function () {
        t.silent = true;
        if (controller) {
          controller.abort();
        }
      }, SILENCE_MS);
    }
    alive();
    current = {
      stop: function () {
        t.stopped = true;
        if (controller) {
          controller.abort(); // the server sees the connection close and stops the model (docs/design.md)
        }
      }
    };
    busy(true);

    function render() {
      pending = false;
      if (!t.error) {
        var follow = atBottom(); // a reader who scrolled up to read is not pulled back down
        showAnswer(v, t);
        if (follow) {
          scrollDown();
        }
      }
    }
    function renderSoon() {
      if (!pending) {
        pending = true;
        (window.requestAnimationFrame || setTimeout)(function () {
          if (pending) { // not yet done by the final render, which must be the last
            render();
          }
        });
      }
    }
    function fail(message) {
      t.error = message;
      v.answer.textContent = '';
      v.answer.appendChild(el('p', { class: 'error', role: 'alert' }, message));
    }
    function onPart(part) {
      switch (part.type) {
        case 'start':
          t.id = part.messageId || null;
          t.refused = !!(part.messageMetadata && part.messageMetadata.refused);
          break;
        case 'source-url':
          var meta = (part.providerMetadata && part.providerMetadata.docask) || {};
          var n = parseInt(meta.n || part.sourceId, 10);
          t.sources[n] = { url: part.url, title: part.title };
          showSource(v, n, part.url, part.title);
          break;
        case 'text-delta':
          t.text += part.delta;
          renderSoon();
          break;
        case 'finish':
          finished = true;
          if (part.messageMetadata && part.messageMetadata.refused) {
            t.refused = true;
          }
          break;
        case 'error':
          fail(part.errorText || 'Something went wrong while answering. Please try again.');
          break;
        default:
          break;
      }
    }

    var body = { question: question, history: saved.history.filter(hasText).slice(-MAX_HISTORY) };
    var version = docsVersion();
    if (version) {
      body.version = version;
    }
    fetch(endpoint + '/api/ask', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept': 'text/event-stream' },
      body: JSON.stringify(body),
      signal: controller ? controller.signal : undefined
    }).then(function (res) {
      if (!res.ok) {
        return res.json().catch(function () { return {}; }).then(function (problem) {
          if (res.status === 429) {
            var wait = res.headers.get('Retry-After');
            fail('You are asking faster than this site allows. ' + (wait ? 'Please try again in ' + wait + ' seconds.' : 'Please try again shortly.'));
          } else {
            fail(problem.detail || 'The question could not be answered right now (' + res.status + ').');
          }
        });
      }
      return readStream(res.body, onPart, alive).then(function () {
        if (!t.error && !finished && !t.stopped) { // the stream ended early: a dropped connection or a proxy that gave up
          fail('The answer was cut off before it was complete. Please try again.');
        }
      });
    }).catch(function () {
      if (t.silent) {
        fail('The answer service stopped responding. Please try again.');
        if (!input.value) {
          input.value = question; // to ask again is one key away
        }
      } else if (!t.stopped) {
        fail('Could not reach the answer service. Please check your connection and try again.');
      }
    }).then(function () {
      clearTimeout(watchdog);
      var follow = atBottom();
      current = null;
      busy(false);
      if (!v.turn.isConnected) {
        return; // "New chat" while it streamed
      }
      if (!t.error) {
        render();
        if (t.stopped) {
          v.answer.appendChild(el('p', { class: 'hint' }, 'Stopped.'));
          status.textContent = 'Stopped.';
        } else {
          status.textContent = 'Answer: ' + spoken(v.answer);
          if (hasText(t)) { // an empty turn teaches the model nothing (and the server would skip it)
            saved.history.push({ role: 'user', text: question });
            saved.history.push({ role: 'assistant', text: t.text.slice(0, MAX_TURN_CHARS) });
          }
          if (t.id) {
            v.turn.appendChild(feedbackBar(t));
          }
        }
      }
      v.answer.removeAttribute('aria-busy');
      saved.turns.push(t);
      save();
      if (follow) {
        scrollDown();
      }
    });
  }

  function hasText(turn) {
    return typeof turn.text === 'string' && turn.text.trim() !== '';
  }

  function readStream(body, onPart, alive) {
    var reader = body.getReader();
    var decoder = new TextDecoder();
    var buffer = '';
    function handleEvent(block) {
      var data = block.split('\n').filter(function (l) { return l.indexOf('data:') === 0; })
        .map(function (l) { return l.slice(5).replace(/^ /, ''); }).join('\n');
      if (!data || data === '[DONE]') {
        return;
      }
      try {
        onPart(JSON.parse(data));
      } catch (e) {
        // a malformed part is skipped, not fatal
      }
    }
    function pump() {
      return reader.read().then(function (r) {
        if (r.done) {
          if (buffer.trim()) {
            handleEvent(buffer);
          }
          return;
        }
        alive();
        buffer += decoder.decode(r.value, { stream: true });
        var cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          handleEvent(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
        }
        return pump();
      });
    }
    return pump();
  }

  /** A thumb drawn as SVG (Feather's thumbs-up, MIT): emoji fonts are missing on many Linux desktops. */
  function thumb() {
    var ns = 'http://www.w3.org/2000/svg';
    var svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('viewBox', '0 0 24 24');
    svg.setAttribute('aria-hidden', 'true');
    var path = document.createElementNS(ns, 'path');
    path.setAttribute('d', 'M14 9V5a3 3 0 0 0-3-3l-4 9v11h11.28a2 2 0 0 0 2-1.7l1.38-9a2 2 0 0 0-2-2.3zM7 22H4a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2h3');
    svg.appendChild(path);
    return svg;
  }

  /** Thumbs up posts at once; thumbs down first offers a comment box. One rating per answer. */
  function feedbackBar(t) {
    var bar = el('div', { class: 'feedback' });
    if (t.rated) {
      bar.textContent = 'Thanks for the feedback.';
      return bar;
    }
    var sending = false;
    var note = null;
    function done(message) {
      var hadFocus = bar.contains(root.activeElement);
      bar.textContent = message;
      status.textContent = message;
      if (hadFocus) {
        input.focus();
      }
    }
    /*
     * The rating is kept only once the server took it (or already had one: 409). A 404 means the server no longer
     * knows the answer (it keeps answers in memory for a while, not across a restart): no retry can help, so the
     * bar goes and is not offered again. Any other failure leaves the buttons and the comment for another try.
     */
    function post(rating, comment) {
      if (t.rated || sending) {
        return;
      }
      sending = true;
      var body = { answerId: t.id, rating: rating };
      if (comment) {
        body.comment = comment;
      }
      fetch(endpoint + '/api/feedback', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body)
      }).then(function (res) { return res.status; }, function () { return 0; }).then(function (code) {
        sending = false;
        if ((code >= 200 && code < 300) || code === 409) {
          t.rated = rating;
          save();
          done('Thanks for the feedback.');
        } else if (code === 404) {
          delete t.id;
          save();
          done('This answer is no longer known to the server, so it cannot be rated.');
        } else {
          if (!note) {
            note = el('p', { class: 'error', role: 'alert' });
            bar.appendChild(note);
          }
          note.textContent = code ? 'Could not send the feedback (error ' + code + '). Please try again.'
            : 'Could not send the feedback. Please check your connection and try again.';
        }
      });
    }
    bar.appendChild(el('span', null, 'Was this helpful?'));
    var up = el('button', { type: 'button', 'aria-label': 'Helpful', 'data-rating': 'up' });
    var down = el('button', { type: 'button', 'aria-label': 'Not helpful', 'data-rating': 'down', 'aria-expanded': 'false' });
    up.appendChild(thumb());
    down.appendChild(thumb());
    up.addEventListener('click', function () { post('up'); });
    down.addEventListener('click', function () {
      if (bar.querySelector('form')) {
        return;
      }
      down.setAttribute('aria-expanded', 'true');
      var box = el('form', { class: 'comment' });
      var id = 'docask-c-' + t.id;
      box.appendChild(el('label', { for: id }, 'What was wrong or missing? (optional)'));
      var text = el('textarea', { id: id, maxlength: '2000', rows: '2' });
      box.appendChild(text);
      box.appendChild(el('button', { type: 'submit' }, 'Send feedback'));
      box.addEventListener('submit', function (e) {
        e.preventDefault();
        post('down', text.value.trim());
      });
      bar.appendChild(box);
      text.focus();
      scrollDown();
    });
    bar.appendChild(up);
    bar.appendChild(down);
    return bar;
  }

  function mount() {
    document.body.appendChild(host);
    applyTheme();
    if (config.theme === 'auto') {
      new MutationObserver(applyTheme).observe(document.body, { attributes: true, attributeFilter: ['data-theme'] });
    }
  }
  if (document.body) {
    mount();
  } else {
    document.addEventListener('DOMContentLoaded', mount);
  }
})();
