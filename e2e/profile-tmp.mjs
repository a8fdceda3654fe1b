// Temporary (not committed): where the job page's and review screen's load time goes.
import { writeFileSync } from 'node:fs';
import { api, baseUrl, launch, signIn, tokenFor, unique, zip } from './support.mjs';
const SEGMENTS = 3000;
function bigXliff() {
  const units = [`<trans-unit resname="title" restype="string" datatype="html" id="title"><source><![CDATA[A long page]]></source></trans-unit>`];
  for (let i = 1; i < SEGMENTS; i += 1) units.push(`<trans-unit resname="Section Title ${i}" restype="string" datatype="html" id="package-string-1-${i}"><source><![CDATA[Section ${i}: read <strong>our terms</strong> and pay ${i} € by <a href="https://demo.example/${i}">May ${(i % 28) + 1}</a>.]]></source></trans-unit>`);
  return `<?xml version="1.0" encoding="utf-8" standalone="no"?><xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2"><file original="900-bench" source-language="en" target-language="de" datatype="plaintext"><header><phase-group><phase phase-name="post_type" process-name="Post type"><note>page</note></phase></phase-group></header><body>${units.join('')}</body></file></xliff>`;
}
const token = await tokenFor();
const form = new FormData();
form.append('project_name', unique('Prof'));
form.append('project_files', new Blob([zip([{ name: 'bench-job-900.xliff', data: bigXliff() }])], { type: 'application/zip' }), 'bench.zip');
const created = await api('/api/translation', { method: 'POST', token, form });
const projectId = created.json.id;
await api(`/api/translation/${projectId}/pretranslate`, { method: 'POST', token, body: {} });
let project;
for (let i = 0; i < 600; i += 1) { project = (await api(`/api/translation/${projectId}`, { token })).json; if (project.status === 'Pretranslated') break; await new Promise((r) => setTimeout(r, 500)); }
const jobId = project.jobs[0].id;
const link = await api(`/api/translation/${projectId}/review-links`, { method: 'POST', token, body: {} });
const { browser, context, page } = await launch();
await signIn(page);
const which = process.argv[2] ?? 'job';
const cdp = await context.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
const ready = which === 'job'
  ? () => (document.querySelector('button[aria-label="Edit segment 1"]') === null ? null : performance.now())
  : () => { const f = document.querySelector('[data-segment-field]'); const fr = document.querySelector('iframe[title="Page preview"]'); return f !== null && document.activeElement === f && fr?.contentDocument?.querySelector('.wm-active') != null ? performance.now() : null; };
const url = which === 'job' ? `/job/${jobId}` : `${link.json.path}/job/${jobId}`;
if (which !== 'job') await page.goto(link.json.path);
for (let run = 0; run < 3; run += 1) {
  if (run === 2) await cdp.send('Profiler.start');
  await page.goto(url);
  const t = await (await page.waitForFunction(ready, null, { polling: 'raf', timeout: 60000 })).jsonValue();
  const res = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/')).map((e) => `${e.name.replace(/^.*\/api/, '/api')} ${e.startTime.toFixed(0)}→${e.responseEnd.toFixed(0)} ${e.encodedBodySize}B`));
  const nav = await page.evaluate(() => { const n = performance.getEntriesByType('navigation')[0]; return `dcl ${n.domContentLoadedEventEnd.toFixed(0)}`; });
  console.log(`run ${run}: ready ${t.toFixed(0)} ms; ${nav}; ${res.join(' | ')}`);
}
const { profile } = await cdp.send('Profiler.stop');
writeFileSync(`/work/notes/${which}.cpuprofile`, JSON.stringify(profile));
const self = new Map();
const dt = profile.timeDeltas; const byId = new Map(profile.nodes.map((n) => [n.id, n]));
profile.samples.forEach((id, i) => { const n = byId.get(id); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`; self.set(k, (self.get(k) ?? 0) + (dt[i] ?? 0) / 1000); });
console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${v.toFixed(1)} ms ${k}`).join('\n'));
await browser.close();
