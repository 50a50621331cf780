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

