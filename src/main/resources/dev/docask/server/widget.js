/*
 * docask widget: one <script src=".../widget.js" data-endpoint="https://ask.example.com"
 * data-site-name="Example"></script> adds an "Ask AI" button and a chat panel.
 *
 * Safety: answers come from a language model and sources from page text; both are untrusted.
 * Nothing here ever assigns HTML strings (no innerHTML, no insertAdjacentHTML): the Markdown
 * renderer below builds DOM nodes and puts all text in with textContent, so markup in an answer
 * shows as text. Links are created only for http(s) URLs and for [n] citations that match a
 * source the server sent. Everything lives in a shadow root so the site's CSS and ours don't mix.
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

  var CSS = [
    ':host{all:initial}',
    '*{box-sizing:border-box;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}',
    '.launcher{position:fixed;right:20px;bottom:20px;z-index:2147483000;border:0;border-radius:24px;padding:12px 18px;',
    'background:#1f4fd1;color:#fff;font-size:15px;font-weight:600;cursor:pointer;box-shadow:0 4px 14px rgba(0,0,0,.25)}',
    '.launcher:focus-visible,button:focus-visible,textarea:focus-visible,a:focus-visible{outline:3px solid #f5a623;outline-offset:2px}',
    '.panel{position:fixed;right:20px;bottom:80px;z-index:2147483001;width:min(440px,calc(100vw - 24px));',
    'height:min(620px,calc(100vh - 110px));display:flex;flex-direction:column;background:#fff;color:#1b1b1f;',
    'border:1px solid #d0d4dc;border-radius:12px;box-shadow:0 10px 40px rgba(0,0,0,.25);overflow:hidden}',
    '.panel[hidden]{display:none}',
    '.head{display:flex;align-items:center;justify-content:space-between;padding:12px 14px;background:#f4f6fa;border-bottom:1px solid #e3e6ec}',
    '.head h2{margin:0;font-size:15px}',
    '.close{border:0;background:transparent;font-size:20px;line-height:1;cursor:pointer;padding:4px 8px;color:#444}',
    '.log{flex:1;overflow-y:auto;padding:12px 14px;font-size:14px;line-height:1.5}',
    '.hint{color:#5b6270}',
    '.turn{margin-bottom:18px}',
    '.question{font-weight:600;margin:0 0 6px}',
    '.sources{margin:0 0 8px;padding:8px 10px;background:#f7f8fb;border-radius:8px;font-size:13px}',
    '.sources ol{margin:4px 0 0;padding-left:22px}',
    '.sources a,.answer a{color:#1f4fd1}',
    '.answer p{margin:0 0 8px}',
    '.answer pre{background:#f0f2f6;padding:8px;border-radius:6px;overflow-x:auto;font-size:13px}',
    '.answer code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px}',
    '.answer .cite{font-size:12px;vertical-align:super;text-decoration:none;margin:0 1px}',
    '.refused{color:#5b6270;font-style:italic}',
    '.error{color:#a61b1b;background:#fdeeee;padding:8px 10px;border-radius:8px}',
    '.feedback{display:flex;gap:6px;align-items:center;font-size:12px;color:#5b6270;margin-top:4px}',
    '.feedback button{border:1px solid #d0d4dc;background:#fff;color:#1b1b1f;border-radius:6px;cursor:pointer;padding:2px 10px;font-size:12px}',
    '.form{display:flex;gap:8px;padding:10px 12px;border-top:1px solid #e3e6ec}',
    '.form textarea{flex:1;resize:none;height:44px;padding:10px;border:1px solid #c5cad3;border-radius:8px;font-size:14px}',
    '.form button{border:0;border-radius:8px;background:#1f4fd1;color:#fff;padding:0 16px;font-weight:600;cursor:pointer}',
    '.form button:disabled{background:#8da3df;cursor:default}',
    '.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}',
    '@media (max-width:520px){.panel{right:0;bottom:0;width:100vw;height:100vh;border-radius:0}',
    '.launcher{right:12px;bottom:12px}}'
  ].join('');

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

  var INLINE = /(`+)([\s\S]*?[^`])\1(?!`)|\*\*([\s\S]+?)\*\*|__([\s\S]+?)__|\*(?!\s)([^*\n]+?)\*|\b_(?!\s)([^_\n]+?)_\b|\[([^\[\]\n]+)\]\(\s*([^()\s]+)(?:\s+"[^"\n]*")?\s*\)|\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;

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
      } else if (m[7]) {
        var href = noLinks ? null : safeUrl(m[8]);
        var label = inline(m[7], sources, true);
        if (href) {
          frag.appendChild(link(href, label));
        } else {
          frag.appendChild(label); // unsafe or unsupported target: keep the words, drop the link
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
  var style = el('style');
  style.textContent = CSS;
  root.appendChild(style);

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

    var state = { id: null, refused: false, text: '', sources: {}, pending: false, failed: false };

    function render() {
      state.pending = false;
      answer.textContent = '';
      if (state.refused) {
        answer.appendChild(el('p', { class: 'refused' }, state.text));
      } else {
        answer.appendChild(markdown(state.text, state.sources));
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
      var label = part.title || part.url;
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
      body: JSON.stringify({ question: question, history: history.slice(-MAX_HISTORY) })
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
      return readStream(res.body, onPart);
    }).catch(function () {
      fail('Could not reach the answer service. Please check your connection and try again.');
    }).then(function () {
      busy = false;
      send.disabled = false;
      answer.removeAttribute('aria-busy');
      if (!state.failed) {
        render();
        history.push({ role: 'user', text: question });
        history.push({ role: 'assistant', text: state.text.slice(0, MAX_TURN_CHARS) });
        if (state.id) {
          turn.appendChild(feedbackBar(state.id));
        }
      }
      scrollDown();
    });
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
