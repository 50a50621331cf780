/*
 * docask widget: one <script src=".../widget.js" data-endpoint="https://ask.example.com"
 * data-site-name="Example"></script> adds an "Ask AI" button and a chat panel.
 *
 * Safety: answers come from a language model and sources from page text; both are untrusted.
 * Nothing here ever assigns HTML strings (no innerHTML, no insertAdjacentHTML): the Markdown
 * renderer below builds DOM nodes and puts all text in with textContent, so markup in an answer
 * shows as text. A link in an answer is made only when it points to the docs site (the origin of
 * one of the answer's sources, or of the docask server): a page that slipped instructions to the
 * model must not be able to plant a phishing link, so any other URL is shown as plain text.
 * [n] citations are links only when they match a source the server sent. Bidi override
 * characters are dropped from model text and titles, so text cannot be made to read backwards.
 *
 * Everything lives in a shadow root so the site's CSS and ours don't mix. The styles are a
 * constructed stylesheet (adoptedStyleSheets), not a <style> element: a site with a strict
 * Content-Security-Policy (style-src 'self', no 'unsafe-inline') blocks inline <style> but not
 * constructed sheets, and these need no extra request and no CSP entry. Browsers without
 * adoptedStyleSheets get <link rel=stylesheet> to widget.css next to this script (under a strict
 * CSP the site must then allow the docask origin in style-src, as it does in script-src).
 */
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || window.__docaskWidget) {
    return;
  }
  window.__docaskWidget = true;

  var scriptOrigin = new URL(script.src, location.href).origin;
  var endpoint = (script.getAttribute('data-endpoint') || scriptOrigin).replace(/\/+$/, '');
  var siteName = script.getAttribute('data-site-name') || 'these docs';
  var MAX_HISTORY = 6;
  var MAX_TURN_CHARS = 2000; // the server refuses longer turns; older detail matters little to a follow-up
  var history = [];
  var busy = false;

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

  function safeUrl(url) {
    if (typeof url !== 'string') {
      return null;
    }
    var u = url.trim();
    if (!/^https?:\/\//i.test(u)) {
      return null;
    }
    try {
      return new URL(u).href;
    } catch (e) {
      return null;
    }
  }

  var BIDI = /[\u202A-\u202E\u2066-\u2069]/g;

  function plain(text) {
    return typeof text === 'string' ? text.replace(BIDI, '') : '';
  }

  // A URL from model output: a link only when it points to the docs site or the docask server.
  function siteUrl(url, sources) {
    var href = safeUrl(url);
    if (!href) {
      return null;
    }
    var origin = new URL(href).origin;
    if (origin === new URL(endpoint, location.href).origin) {
      return href;
    }
    var ok = Object.keys(sources).some(function (n) {
      var u = safeUrl(sources[n].url);
      return u && new URL(u).origin === origin;
    });
    return ok ? href : null;
  }

  function link(href, text) {
    var a = el('a', { href: href, target: '_blank', rel: 'noopener noreferrer nofollow' });
    if (typeof text === 'string') {
      a.textContent = text;
    } else {
      a.appendChild(text);
    }
    return a;
  }

  // ---- Markdown: a small, safe subset (paragraphs, headings, lists, quotes, code, emphasis, links) ----

  var INLINE = /(`+)([\s\S]*?[^`])\1(?!`)|\*\*([\s\S]+?)\*\*|__([\s\S]+?)__|\*(?!\s)([^*\n]+?)\*|\b_(?!\s)([^_\n]+?)_\b|!?\[([^\[\]\n]*)\]\(\s*([^()\s]+)(?:\s+"[^"\n]*")?\s*\)|\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;

  function inline(text, sources, noLinks) {
    var frag = document.createDocumentFragment();
    var last = 0;
    var m;
    var re = new RegExp(INLINE.source, 'g');
    while ((m = re.exec(text)) !== null) {
      if (m.index > last) {
        frag.appendChild(document.createTextNode(text.slice(last, m.index)));
      }
      if (m[1]) {
        frag.appendChild(el('code', null, m[2].replace(/^ (.*) $/, '$1')));
      } else if (m[3] || m[4]) {
        var b = el('strong');
        b.appendChild(inline(m[3] || m[4], sources, noLinks));
        frag.appendChild(b);
      } else if (m[5] || m[6]) {
        var i = el('em');
        i.appendChild(inline(m[5] || m[6], sources, noLinks));
        frag.appendChild(i);
      } else if (m[8]) { // [words](url), or an image ![words](url), which is never shown as one
        var href = noLinks ? null : siteUrl(m[8], sources);
        var label = inline(m[7] || m[8], sources, true);
        if (href) {
          frag.appendChild(link(href, label));
        } else {
          frag.appendChild(label); // not the docs site, or not http(s): the words, and the URL as text
          if (m[7] && safeUrl(m[8])) {
            frag.appendChild(document.createTextNode(' (' + m[8] + ')'));
          }
        }
      } else if (m[9]) {
        frag.appendChild(citations(m[9], sources, noLinks));
      }
      last = re.lastIndex;
    }
    if (last < text.length) {
      frag.appendChild(document.createTextNode(text.slice(last)));
    }
    return frag;
  }

  function citations(list, sources, noLinks) {
    var frag = document.createDocumentFragment();
    list.split(',').forEach(function (part) {
      var n = parseInt(part.trim(), 10);
      var src = sources[n];
      var href = src && !noLinks ? safeUrl(src.url) : null;
      if (href) {
        var a = link(href, '[' + n + ']');
        a.className = 'cite';
        a.setAttribute('title', src.title || href);
        frag.appendChild(a);
      } else {
        frag.appendChild(document.createTextNode('[' + n + ']')); // a number that matches no source is not a link
      }
    });
    return frag;
  }

  function markdown(text, sources) {
    var out = document.createDocumentFragment();
    var lines = text.replace(/\r\n?/g, '\n').split('\n');
    var para = [];
    var list = null;

    function flushPara() {
      if (para.length) {
        var p = el('p');
        p.appendChild(inline(para.join(' '), sources, false));
        out.appendChild(p);
        para = [];
      }
    }
    function flushList() {
      if (list) {
        out.appendChild(list);
        list = null;
      }
    }

    for (var i = 0; i < lines.length; i++) {
      var line = lines[i];
      var fence = /^\s*(```|~~~)/.exec(line);
      if (fence) {
        flushPara();
        flushList();
        var code = [];
        i++;
        while (i < lines.length && lines[i].trim().indexOf(fence[1]) !== 0) {
          code.push(lines[i]);
          i++;
        }
        var pre = el('pre');
        pre.appendChild(el('code', null, code.join('\n')));
        out.appendChild(pre);
        continue;
      }
      var heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
      var bullet = /^\s*[-*+]\s+(.*)$/.exec(line);
      var numbered = /^\s*\d{1,3}[.)]\s+(.*)$/.exec(line);
      var quote = /^\s*>\s?(.*)$/.exec(line);
      if (!line.trim()) {
        flushPara();
        flushList();
      } else if (heading) {
        flushPara();
        flushList();
        var h = el('p');
        var strong = el('strong');
        strong.appendChild(inline(heading[1], sources, false));
        h.appendChild(strong);
        out.appendChild(h);
      } else if (bullet || numbered) {
        flushPara();
        var tag = bullet ? 'ul' : 'ol';
        if (!list || list.tagName.toLowerCase() !== tag) {
          flushList();
          list = el(tag);
        }
        var li = el('li');
        li.appendChild(inline((bullet || numbered)[1], sources, false));
        list.appendChild(li);
      } else if (quote) {
        flushPara();
        flushList();
        var bq = el('blockquote');
        bq.appendChild(inline(quote[1], sources, false));
        out.appendChild(bq);
      } else if (list && /^\s{2,}\S/.test(line)) {
        list.lastChild.appendChild(document.createTextNode(' '));
        list.lastChild.appendChild(inline(line.trim(), sources, false));
      } else {
        flushList();
        para.push(line.trim());
      }
    }
    flushPara();
    flushList();
    return out;
  }

  // ---- The panel ----

  var host = el('div', { 'data-docask': '' });
  var root = host.attachShadow({ mode: 'open' });
  if (root.adoptedStyleSheets !== undefined && typeof CSSStyleSheet === 'function') {
    var sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    root.adoptedStyleSheets = [sheet];
  } else {
    root.appendChild(el('link', { rel: 'stylesheet', href: scriptOrigin + '/widget.css' }));
  }

  var launcher = el('button', { type: 'button', class: 'launcher', 'aria-haspopup': 'dialog', 'aria-expanded': 'false' }, 'Ask AI');
  var panel = el('div', { class: 'panel', role: 'dialog', 'aria-label': 'Ask AI about ' + siteName, hidden: '' });
  var head = el('div', { class: 'head' });
  head.appendChild(el('h2', null, 'Ask AI about ' + siteName));
  var closeButton = el('button', { type: 'button', class: 'close', 'aria-label': 'Close' }, '\u00d7');
  head.appendChild(closeButton);
  var log = el('div', { class: 'log', 'aria-live': 'polite' });
  log.appendChild(el('p', { class: 'hint' }, 'Answers come from ' + siteName + ' only, with links to the pages they cite.'));
  var form = el('form', { class: 'form' });
  var labelId = 'docask-q';
  form.appendChild(el('label', { class: 'sr', for: labelId }, 'Your question'));
  var input = el('textarea', { id: labelId, name: 'question', placeholder: 'Ask a question\u2026', maxlength: '500', rows: '1' });
  var send = el('button', { type: 'submit' }, 'Ask');
  form.appendChild(input);
  form.appendChild(send);
  panel.appendChild(head);
  panel.appendChild(log);
  panel.appendChild(form);
  root.appendChild(launcher);
  root.appendChild(panel);

  function open() {
    panel.hidden = false;
    launcher.setAttribute('aria-expanded', 'true');
    input.focus();
  }
  function close() {
    panel.hidden = true;
    launcher.setAttribute('aria-expanded', 'false');
    launcher.focus();
  }
  launcher.addEventListener('click', function () { panel.hidden ? open() : close(); });
  closeButton.addEventListener('click', close);
  root.addEventListener('keydown', function (e) {
    if (e.key === 'Escape' && !panel.hidden) {
      e.preventDefault();
      close();
    }
  });
  input.addEventListener('keydown', function (e) {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      form.requestSubmit ? form.requestSubmit() : form.dispatchEvent(new Event('submit'));
    }
  });
  form.addEventListener('submit', function (e) {
    e.preventDefault();
    var q = input.value.trim();
    if (q && !busy) {
      input.value = '';
      ask(q);
    }
  });

  function scrollDown() {
    log.scrollTop = log.scrollHeight;
  }

  function ask(question) {
    busy = true;
    send.disabled = true;
    var turn = el('div', { class: 'turn' });
    turn.appendChild(el('p', { class: 'question' }, question));
    var sourcesBox = el('div', { class: 'sources', hidden: '' });
    sourcesBox.appendChild(el('span', null, 'Sources'));
    var sourceList = el('ol');
    sourcesBox.appendChild(sourceList);
    var answer = el('div', { class: 'answer', 'aria-busy': 'true' });
    answer.appendChild(el('p', { class: 'hint' }, 'Searching ' + siteName + '\u2026'));
    turn.appendChild(sourcesBox);
    turn.appendChild(answer);
    log.appendChild(turn);
    scrollDown();

    var state = { id: null, refused: false, text: '', sources: {}, pending: false, failed: false, finished: false };

    function render() {
      state.pending = false;
      answer.textContent = '';
      if (state.refused) {
        answer.appendChild(el('p', { class: 'refused' }, plain(state.text)));
      } else {
        answer.appendChild(markdown(plain(state.text), state.sources));
      }
      scrollDown();
    }
    function renderSoon() {
      if (!state.pending) {
        state.pending = true;
        (window.requestAnimationFrame || setTimeout)(render);
      }
    }
    function fail(message) {
      state.failed = true;
      answer.textContent = '';
      answer.appendChild(el('p', { class: 'error', role: 'alert' }, message));
    }
    function addSource(part) {
      var meta = (part.providerMetadata && part.providerMetadata.docask) || {};
      var n = parseInt(meta.n || part.sourceId, 10);
      state.sources[n] = { url: part.url, title: part.title };
      var li = el('li', { value: String(n) });
      var href = safeUrl(part.url);
      var label = plain(part.title) || part.url;
      li.appendChild(href ? link(href, label) : document.createTextNode(label));
      sourceList.appendChild(li);
      sourcesBox.hidden = false;
    }
    function onPart(part) {
      switch (part.type) {
        case 'start':
          state.id = part.messageId || null;
          state.refused = !!(part.messageMetadata && part.messageMetadata.refused);
          break;
        case 'source-url':
          addSource(part);
          break;
        case 'text-delta':
          state.text += part.delta;
          renderSoon();
          break;
        case 'finish':
          state.finished = true;
          if (part.messageMetadata && part.messageMetadata.refused) {
            state.refused = true;
          }
          break;
        case 'error':
          fail(part.errorText || 'Something went wrong while answering. Please try again.');
          break;
        default:
          break;
      }
    }

    fetch(endpoint + '/api/ask', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept': 'text/event-stream' },
      body: JSON.stringify({ question: question, history: history.filter(hasText).slice(-MAX_HISTORY) })
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
      return readStream(res.body, onPart).then(function () {
        if (!state.failed && !state.finished) { // the stream ended early: a dropped connection or a proxy that gave up
          fail('The answer was cut off before it was complete. Please try again.');
        }
      });
    }).catch(function () {
      fail('Could not reach the answer service. Please check your connection and try again.');
    }).then(function () {
      busy = false;
      send.disabled = false;
      answer.removeAttribute('aria-busy');
      if (!state.failed) {
        render();
        if (hasText(state)) { // an empty turn teaches the model nothing (and the server would skip it)
          history.push({ role: 'user', text: question });
          history.push({ role: 'assistant', text: state.text.slice(0, MAX_TURN_CHARS) });
        }
        if (state.id) {
          turn.appendChild(feedbackBar(state.id));
        }
      }
      scrollDown();
    });
  }

  function hasText(turn) {
    return typeof turn.text === 'string' && turn.text.trim() !== '';
  }

  function readStream(body, onPart) {
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

  function feedbackBar(answerId) {
    var bar = el('div', { class: 'feedback' });
    bar.appendChild(el('span', null, 'Was this helpful?'));
    [['up', 'Yes', 'Helpful'], ['down', 'No', 'Not helpful']].forEach(function (r) {
      var b = el('button', { type: 'button', 'aria-label': r[2], 'data-rating': r[0] }, r[1]);
      b.addEventListener('click', function () {
        bar.textContent = 'Thanks for the feedback.';
        fetch(endpoint + '/api/feedback', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ answerId: answerId, rating: r[0] })
        }).catch(function () { /* feedback is best effort */ });
      });
      bar.appendChild(b);
    });
    return bar;
  }

  function mount() {
    document.body.appendChild(host);
  }
  if (document.body) {
    mount();
  } else {
    document.addEventListener('DOMContentLoaded', mount);
  }
})();
