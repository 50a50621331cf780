/*
 * Part of widget.js, put into it by the server (StaticAssets): the safe Markdown renderer and the URL
 * checks it uses. Model output and page titles are untrusted, so nothing here assigns HTML strings:
 * DOM nodes are built and all text goes in with textContent (the reasons are at the top of widget.js).
 * Uses el() and endpoint from widget.js.
 */
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

  // ---- Markdown: a small, safe subset (paragraphs, headings, lists, quotes, code, tables, emphasis, links) ----

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
      } else if (m[8] && m[0].charAt(0) === '[' && /^\s*\d{1,3}\s*$/.test(m[7]) && sources[parseInt(m[7], 10)]) {
        frag.appendChild(cite(parseInt(m[7], 10), sources, noLinks, m[8])); // [3](url): a citation of a section of source 3
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
      frag.appendChild(cite(parseInt(part.trim(), 10), sources, noLinks));
    });
    return frag;
  }

  // [n] as a link to source n, or to url when that is on the docs site; a number that matches no source is text.
  function cite(n, sources, noLinks, url) {
    var src = sources[n];
    var href = src && !noLinks ? (url && siteUrl(url, sources)) || safeUrl(src.url) : null;
    if (!href) {
      return document.createTextNode('[' + n + ']');
    }
    var a = link(href, '[' + n + ']');
    a.className = 'cite';
    a.setAttribute('title', plain(src.title) || href);
    return a;
  }

  var TABLE_RULE = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;
  var MAX_QUOTE_DEPTH = 8; // "> > > …" deeper than this is shown as text, not as more nesting

  /** The cells of a table row: split at each | that is not written \|, without the outer pipes. */
  function cells(line) {
    var row = line.trim().replace(/^\|/, '').replace(/([^\\])\|$/, '$1');
    var out = [];
    var cell = '';
    for (var i = 0; i < row.length; i++) {
      if (row.charAt(i) === '\\' && row.charAt(i + 1) === '|') {
        cell += '|';
        i++;
      } else if (row.charAt(i) === '|') {
        out.push(cell.trim());
        cell = '';
      } else {
        cell += row.charAt(i);
      }
    }
    out.push(cell.trim());
    return out;
  }

  function isTable(line, next) {
    return line.indexOf('|') >= 0 && next !== undefined && TABLE_RULE.test(next) && cells(line).length === cells(next).length;
  }

  /** A GitHub table in a wrapper that scrolls sideways (and takes the focus, so the keyboard can scroll it too). */
  function table(rows, align, sources) {
    var wrap = el('div', { class: 'table', role: 'region', 'aria-label': 'Table', tabindex: '0' });
    var t = el('table');
    var head = el('thead');
    var body = el('tbody');
    rows.forEach(function (row, r) {
      var tr = el('tr');
      var cs = cells(row);
      align.forEach(function (a, i) {
        var c = el(r ? 'td' : 'th', r ? null : { scope: 'col' });
        if (a) {
          c.className = a;
        }
        c.appendChild(inline(cs[i] || '', sources, false));
        tr.appendChild(c);
      });
      (r ? body : head).appendChild(tr);
    });
    t.appendChild(head);
    t.appendChild(body);
    wrap.appendChild(t);
    return wrap;
  }

  function markdown(text, sources, depth) {
    depth = depth || 0;
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
      if (isTable(line, lines[i + 1])) {
        flushPara();
        flushList();
        var align = cells(lines[i + 1]).map(function (c) {
          return /^:-+:$/.test(c) ? 'center' : /-:$/.test(c) ? 'right' : '';
        });
        var rows = [line];
        i += 2;
        while (i < lines.length && lines[i].trim() && lines[i].indexOf('|') >= 0) {
          rows.push(lines[i]);
          i++;
        }
        i--;
        out.appendChild(table(rows, align, sources));
        continue;
      }
      var heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
      var bullet = /^\s*[-*+]\s+(.*)$/.exec(line);
      var numbered = /^\s*\d{1,3}[.)]\s+(.*)$/.exec(line);
      var quote = /^\s*>/.test(line);
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
      } else if (quote) { // the quote's lines, markers stripped, are Markdown of their own: code, lists, paragraphs
        flushPara();
        flushList();
        var inner = [];
        for (; i < lines.length && /^\s*>/.test(lines[i]); i++) {
          inner.push(lines[i].replace(/^\s*>\s?/, ''));
        }
        i--;
        var bq = el('blockquote');
        bq.appendChild(depth < MAX_QUOTE_DEPTH ? markdown(inner.join('\n'), sources, depth + 1)
          : inline(inner.join(' '), sources, false));
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
