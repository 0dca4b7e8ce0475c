/**
 * A realistic news-style article page for the reader tests: a site header with navigation, a
 * cookie banner, ad slots, a "related stories" aside, the article (headline, byline, body), a
 * comment thread and a footer. The body's paragraphs are exported so a test can compare what
 * was narrated with what the article says. Written for these tests; no real site's text.
 */

export const ARTICLE_TITLE = 'The night ferry keeps the island awake';
export const ARTICLE_BYLINE = 'By Mira Holt';

export const ARTICLE_BODY = [
  'Every evening at a quarter to eleven, the last ferry of the day leaves the mainland harbour and turns its lights toward the island. For most of the passengers it is simply the way home, but for the people who work on board it is the start of a long shift that ends only when the first bakery opens on the other side.',
  'Captain Elena Varga has steered the night crossing for nine years. She says the water is rarely the same twice, even when the weather reports promise a calm sea. In winter the wind comes down from the hills and pushes the ship sideways, and in summer the fog can close in so quickly that the harbour lights disappear within a minute.',
  'The crew is small. Two deckhands handle the ropes and the ramp, an engineer watches over the old diesel engines, and a steward keeps the little café open for anyone who wants tea or a sandwich. Nobody on board has a job that can be skipped, and everyone knows how to do at least one other person’s work in an emergency.',
  'Passengers change with the seasons. In autumn there are students returning from the university, carrying laundry bags and textbooks. In spring the fishermen travel back with new nets, and in the busy weeks of summer the deck fills with tourists who stay outside to watch the coastline slowly turn into a line of scattered lights.',
  'The island council has argued for years about whether the night ferry is worth its cost. The boat often sails half empty, and fuel prices have risen sharply. Supporters answer that the crossing is the only link for nurses, cooks and cleaners who finish late on the mainland, and that without it many of them would simply move away.',
  'Last spring the council asked residents to write down what the ferry meant to them. More than four hundred letters arrived. Some were short and practical, listing the shifts and hospital appointments that depend on the late boat. Others were long and personal, describing first dates, family reunions and quiet conversations with strangers on the upper deck.',
  'One letter came from a retired teacher who had taken the crossing every Friday for thirty years to visit her sister. She wrote that the ferry was the only place where she never felt in a hurry, because there was nothing to do but wait for the island to appear. The council read her letter aloud at the start of its next meeting.',
  'For now the night ferry will keep running. The council approved another two years of funding, on the condition that the operator tries a smaller, more efficient boat during the quiet months. Captain Varga says she will miss the old ship, but she is glad the crossing survives. As long as there is a light on the island, she says, someone will want to get there.',
];

const NAV = `<header class="site-header">
  <a class="logo" href="/">The Harbour Gazette</a>
  <nav class="main-nav" aria-label="Sections">
    <ul>
      <li><a href="/news">News</a></li><li><a href="/politics">Politics</a></li>
      <li><a href="/culture">Culture</a></li><li><a href="/sport">Sport</a></li>
      <li><a href="/weather">Weather</a></li><li><a href="/subscribe">Subscribe today and save</a></li>
    </ul>
  </nav>
  <form class="search" action="/search"><input name="q" placeholder="Search the Gazette"></form>
</header>
<div class="cookie-banner" id="cookie-consent">We use cookies to improve your experience. <button>Accept all cookies</button></div>`;

const AD = (id: string) => `<div class="advertisement ad-slot" id="${id}" data-ad-unit="banner">
  <span class="ad-label">Advertisement</span>
  <a href="https://ads.example/click"><p>Sponsored: Discover luxury cruise holidays with unbeatable prices. Book now and receive a complimentary spa voucher worth two hundred euros.</p></a>
</div>`;

const ASIDE = `<aside class="related-stories sidebar">
  <h3>Related stories</h3>
  <ul>
    <li><a href="/news/bridge">Council rejects bridge plan for the third time</a></li>
    <li><a href="/news/lighthouse">Lighthouse keeper's cottage opens as museum</a></li>
    <li><a href="/news/storm">Storm damage closes northern pier for a week</a></li>
  </ul>
  <div class="newsletter">Get the morning briefing in your inbox. <a href="/newsletter">Sign up</a></div>
</aside>`;

const COMMENTS = `<section id="comments" class="comments">
  <h2>Comments (3)</h2>
  <div class="comment"><span class="comment-author">seagull88</span>
    <p class="comment-body">I have taken this ferry for years and the crew are always kind. Please never cancel it, the island would be lost without the late boat, honestly.</p></div>
  <div class="comment"><span class="comment-author">pragmatist</span>
    <p class="comment-body">Nice story but the numbers do not add up. Running an empty ship every night is a waste of taxpayer money and the council should admit it.</p></div>
  <div class="comment"><span class="comment-author">old_sailor</span>
    <p class="comment-body">The fog in summer is no joke. I remember a crossing when we could not see the bow from the bridge for twenty minutes.</p></div>
  <form class="comment-form"><textarea placeholder="Join the discussion"></textarea><button>Post comment</button></form>
</section>`;

const FOOTER = `<footer class="site-footer">
  <nav aria-label="Footer"><a href="/about">About us</a> · <a href="/contact">Contact</a> · <a href="/privacy">Privacy policy</a> · <a href="/terms">Terms of use</a></nav>
  <p>Copyright The Harbour Gazette. All rights reserved. Registered in the harbour district.</p>
</footer>`;

export function articlePage(): string {
  const body = ARTICLE_BODY.map((p, i) => `<p>${p}</p>${i === 3 ? AD('mid-article') : ''}`).join(
    '\n',
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>${ARTICLE_TITLE} | The Harbour Gazette</title>
<meta name="author" content="Mira Holt">
<meta property="og:title" content="${ARTICLE_TITLE}">
<meta property="og:site_name" content="The Harbour Gazette">
</head><body>
${NAV}
${AD('top-banner')}
<div class="layout">
<main>
<article class="story">
  <h1 class="headline">${ARTICLE_TITLE}</h1>
  <p class="byline">${ARTICLE_BYLINE} · Island affairs</p>
  <div class="story-body">
${body}
  </div>
</article>
${COMMENTS}
</main>
${ASIDE}
</div>
${AD('bottom-banner')}
${FOOTER}
</body></html>`;
}

/** Words the body holds (as the reader counts them). */
export function bodyWordCount(): number {
  return ARTICLE_BODY.join(' ')
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** Phrases that only the page's furniture holds: none may be narrated. */
export const FURNITURE_PHRASES = [
  'Subscribe today',
  'Accept all cookies',
  'luxury cruise',
  'Related stories',
  'morning briefing',
  'seagull88',
  'taxpayer money',
  'Join the discussion',
  'All rights reserved',
  'Privacy policy',
];
