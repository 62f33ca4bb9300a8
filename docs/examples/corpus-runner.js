// Runs unospec's compiled corpus (`unospec dump DIR` writes DIR/corpus.json) against a program over
// the live protocol; node built-ins only. Prints pass/fail/skip and the run ID per run (a failure or
// a skip with its reason on the next line); exit 0 all passed, 1 a run failed, 2 nothing passed or unusable.
'use strict';
const fs = require('fs'), { spawn } = require('child_process'), readline = require('readline');
const argv = process.argv.slice(2), cut = argv.indexOf('--'), opt = (o) => (argv.slice(0, cut).includes(o) ? argv[argv.indexOf(o) + 1] : null);
const quit = (why) => { console.log(why); process.exit(2); };
if (cut < 1) quit('usage: node corpus-runner.js CORPUS.json [--profile P] [--only TEXT] -- PROGRAM [ARGS...]');
let runs; try { runs = JSON.parse(fs.readFileSync(argv[0], 'utf8')).runs; } catch (e) { quit(`cannot read ${argv[0]}: ${e.message}`); }
runs = runs.filter((r) => (!opt('--profile') || r.profile === opt('--profile')) && r.id.includes(opt('--only') ?? ''));
const prog = spawn(argv[cut + 1], argv.slice(cut + 2), { stdio: ['pipe', 'pipe', 'inherit'] }), waiting = [];
prog.on('exit', (code) => waiting.length && quit(`the program exited (${code})`)).on('error', (e) => quit(`the program could not be run: ${e.message}`));
readline.createInterface({ input: prog.stdout }).on('line', (l) => { try { waiting.shift()(JSON.parse(l)); } catch { quit(`not a JSON answer: ${l}`); } });
let seq = 0;
const ask = (req) => new Promise((ok) => { const t = setTimeout(() => quit(`no answer to ${req.cmd} in 10 s`), 10000); waiting.push((r) => { clearTimeout(t); ok(r); }); prog.stdin.write(JSON.stringify({ ...req, seq: ++seq }) + '\n'); });
// values compare as JSON with object keys in any order and fields that are false left out
const key = (x) => JSON.stringify(x, (_, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).filter(([, y]) => y !== false).sort(([a], [b]) => (a < b ? -1 : 1))) : v));
const same = (a, b) => a !== undefined && key(a) === key(b), has = (list, x) => list.some((y) => same(y, x)), isList = Array.isArray;
const at = (x, path) => path.split('/').slice(1).reduce((o, k) => (o === null || typeof o !== 'object' ? undefined : isList(o) ? o[+k < 0 ? o.length + +k : +k] : o[k]), x);
const OPS = {
  equals: (g, v) => same(g, v), one_of: (g, v) => has(v, g), none_of: (g, v) => g !== undefined && !has(v, g),
  length: (g, v) => isList(g) && g.length === v, multiset: (g, v) => isList(g) && same(g.map(key).sort(), v.map(key).sort()),
  includes: (g, v) => isList(g) && v.every((a) => has(g, a)), excludes: (g, v) => isList(g) && !v.some((a) => has(g, a)),
  any_match: (g, v) => isList(g) && g.some((e) => Object.keys(v).every((k) => same(e?.[k], v[k]))),
  no_match: (g, v) => !OPS.any_match(g, v), same_as: (g, v, answers, path) => same(g, at(answers[v], path)),
};
(async () => {
  const hello = await ask({ cmd: 'hello', protocol: 1 }), count = { passed: 0, failed: 0, skipped: 0 };
  const offered = new Set([...(hello.profiles ?? []), ...(hello.options ?? []), ...(hello.capabilities ?? [])]);
  for (const run of runs) {
    const missing = [run.profile, ...run.needs.options, ...run.needs.capabilities].filter((n) => !offered.has(n));
    if (missing.length) { count.skipped++; console.log(`skip ${run.id}\n  needs ${missing.join(', ')}`); continue; }
    const s = run.start, ok = [{ path: '/accepted', op: 'equals', value: true }], answers = [];
    const start = s.position ? [{ request: { cmd: 'load', position: s.position }, expect: ok }] : [{ request: { cmd: 'new_game', ...s.new_game }, expect: s.expect ?? ok }, ...[...s.chance, ...s.actions].map((action) => ({ request: { cmd: 'apply', action }, expect: ok }))];
    let failure = null;
    for (const [i, { request, expect }] of [...start, ...run.requests].entries()) {
      const r = await ask(request), a = { accepted: r.ok === true && r.accepted !== false, rule: r.error?.rule ?? null, events: r.events, position: r.position, actions: r.actions };
      if (i >= start.length) answers.push(a); // same_as counts the requests after the start
      const got = (c) => (c.seat === undefined ? at(a, c.path) : at(a, c.path)?.filter?.((x) => x.seat === c.seat));
      const c = expect.find((c) => !OPS[c.op](got(c), c.value, answers, c.path));
      if (c) { failure = `${run.file}:${c.line ?? run.line} ${c.step ? `step ${c.step}` : 'start'} (${c.checks ?? run.rule}): ${c.path} ${c.op} ${key(c.value)}, got ${key(got(c))}`; break; }
    }
    count[failure ? 'failed' : 'passed']++;
    console.log(failure ? `fail ${run.id}\n  ${failure}` : `pass ${run.id}`);
  }
  prog.stdin.end(JSON.stringify({ cmd: 'stop' }) + '\n');
  console.log(`${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped`);
  process.exit(count.failed ? 1 : count.passed ? 0 : 2);
})().catch((e) => { console.log(`runner error: ${e.stack}`); process.exit(3); });
