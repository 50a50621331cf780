#!/usr/bin/env python3
"""A measurement, not product code: the gate harness that docs/quality.md's gate sections cite.

Asks every form of every question set of the three docs sites (short, and long where a question has one) through
`/api/search` of a `docask serve` per site, and writes one JSON row a form: the set, the id, whether it is
answerable, whether the gate passed it and why not, the best cosine and coverage, the lead where the reason gives
it, the sources' URLs and the expected ones. `compare` counts found / turned away / off-topic passed per set and
form for each file side by side, and lists the forms whose sources changed between the first two.

    python3 eval/probes/gate_harness.py run OUT.json --port vitest=7101 --port docusaurus=7102 --port astro=7103 \\
        [--sets titles3,titles4,...] [--questions eval/questions] [--docs ../shared/data/docs]
    python3 eval/probes/gate_harness.py compare A.json B.json [C.json ...]

Serve each index first, e.g. `docask serve --index <index>/vitest --port 7101 --top-k 6 --rate-limit 100000/minute`.
A form counts as found when one of its expected pages is among the six sources (a page's anchors and trailing slash
ignored). Blind sets kept unseen for a rule's check (eval/questions/README.md) belong in --sets only once the rule is
chosen. Python 3 standard library only.
"""
import argparse, collections, concurrent.futures, json, re, sys, urllib.parse, urllib.request

SETS = ['titles3', 'titles4', 'titles5', 'titles6', 'titles7', 'titles8', 'titles9', 'titles10', 'titles11', 'titles12',
        'titles13', 'titles14', 'titles15', 'titles16', 'titles17', 'titles18', 'dev-questions', 'dev-typos', 'cross-site', 'probes', 'titles',
        'titles2', 'general', 'general2', 'extractive']


def page(url):
    return url.split('#')[0].rstrip('/')


def load(questions, docs, site, name):
    path = f'{docs}/{site}-dev-questions.jsonl' if name == 'dev-questions' else f'{questions}/{site}-{name}.jsonl'
    with open(path) as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


def kind(reason):
    """The rule a refusal's reason names, in the words /api/search gives it."""
    if reason is None:
        return 'pass'
    for words, name in (('nearest off-topic', 'lead'), ('never uses', 'unknown'), ('another tool', 'tool'),
                        ('together', 'pair')):
        if words in reason:
            return name
    return 'floors'


def ask(port, text):
    url = f'http://127.0.0.1:{port}/api/search?' + urllib.parse.urlencode({'q': text})
    error = None
    for _ in range(3):
        try:
            with urllib.request.urlopen(url, timeout=60) as r:
                return json.load(r)
        except OSError as e:
            error = e
    raise error


def run(args):
    ports = dict(p.split('=', 1) for p in args.port)
    jobs = []
    for site, port in ports.items():
        for name in args.sets.split(','):
            for q in load(args.questions, args.docs, site, name):
                forms = [('S', q['question'])] + ([('L', q['long_question'])] if q.get('long_question') else [])
                expected = q.get('expected_urls') or ([q['url']] if q.get('url') else [])
                for form, text in forms:
                    jobs.append((site, port, name, q.get('id'), q.get('answerable', True), form, text, expected))

    def one(job):
        site, port, name, qid, answerable, form, text, expected = job
        d = ask(port, text[:4000])
        reason = None
        if not d['answerable']:
            gated = d.get('gatedOut') or []
            reason = gated[0]['reason'] if gated else 'no candidates'
        lead = re.search(r'by (-?[0-9.]+) \(at most ([0-9.]+)\)', reason or '')
        best = d.get('best') or {}
        return dict(site=site, set=name, id=qid, ans=answerable, form=form, text=text, passed=d['answerable'],
                    kind=kind(reason), reason=reason, sim=best.get('similarity'), cov=best.get('keywordCoverage'),
                    lead=float(lead.group(1)) if lead else None, urls=[s['url'] for s in d.get('sources', [])],
                    exp=expected)

    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        rows = list(pool.map(one, jobs))
    with open(args.out, 'w') as f:
        json.dump(rows, f)
    print(len(rows), 'forms')


def counts(rows):
    c = collections.Counter()
    for r in rows:
        key = (r['set'], r['form'])
        if r['ans']:
            c[('ans',) + key] += 1
            if not r['passed']:
                c[('refused',) + key] += 1
            elif {page(u) for u in r['exp'] if u} & set(list(dict.fromkeys(page(u) for u in r['urls']))[:6]):
                c[('found',) + key] += 1
        else:
            c[('off',) + key] += 1
            c[('offpass',) + key] += 1 if r['passed'] else 0
    return c


def compare(args):
    files = [json.load(open(f)) for f in args.files]
    cs = [counts(rows) for rows in files]
    keys = sorted({k[1:] for c in cs for k in c}, key=lambda k: (SETS.index(k[0]) if k[0] in SETS else 99, k))
    line = lambda c, k: 'found %d/%d ref %d off %d/%d' % (c[('found',) + k], c[('ans',) + k], c[('refused',) + k],
                                                           c[('offpass',) + k], c[('off',) + k])
    print('%-14s %-2s ' % ('set', 'f') + '  '.join('%-28s' % f for f in args.files))
    for k in keys:
        print('%-14s %-2s ' % k + '  '.join('%-28s' % line(c, k) for c in cs))
    total = lambda c, n: sum(v for kk, v in c.items() if kk[0] == n)
    print('total             ' + '  '.join('found %d/%d ref %d off %d/%d' % (
        total(c, 'found'), total(c, 'ans'), total(c, 'refused'), total(c, 'offpass'), total(c, 'off')) for c in cs))
    if len(files) < 2:
        return
    a = {(r['site'], r['set'], r['id'], r['form']): r for r in files[0]}
    b = {(r['site'], r['set'], r['id'], r['form']): r for r in files[1]}
    changed = 0
    for k in sorted(a.keys() & b.keys(), key=str):
        ua, ub = [page(u) for u in a[k]['urls']], [page(u) for u in b[k]['urls']]
        if ua != ub:
            changed += 1
            new, gone = [u for u in ub if u not in ua], [u for u in ua if u not in ub]
            expected = {page(u) for u in a[k]['exp'] if u}
            tag = 'WIN' if expected & set(new) else 'LOSS' if expected & set(gone) else ''
            print(tag, *k, 'ans' if a[k]['ans'] else 'off', '|', a[k]['text'][:60], '| +', len(new), '-', len(gone))
    print(changed, 'forms with other sources')


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest='command', required=True)
    r = sub.add_parser('run')
    r.add_argument('out')
    r.add_argument('--port', action='append', required=True, help='site=port of its docask serve')
    r.add_argument('--sets', default=','.join(SETS))
    r.add_argument('--questions', default='eval/questions')
    r.add_argument('--docs', default='../shared/data/docs')
    c = sub.add_parser('compare')
    c.add_argument('files', nargs='+')
    args = p.parse_args()
    run(args) if args.command == 'run' else compare(args)


if __name__ == '__main__':
    sys.exit(main())
