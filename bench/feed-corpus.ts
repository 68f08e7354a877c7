/**
 * A corpus that looks like what Gemwire fetches: news RSS with long CDATA bodies, media
 * tags and categories, YouTube and Reddit Atom, RSS 1.0. Deterministic (seeded), so runs
 * compare like with like.
 */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const coins = [
  "Bitcoin",
  "Ethereum",
  "Solana",
  "XRP",
  "Cardano",
  "Dogecoin",
  "Avalanche",
  "BNB",
  "Chainlink",
  "Polkadot",
];
const verbs = ["surges past", "slips below", "holds above", "tests", "breaks", "reclaims", "eyes", "retreats from"];
const tails = [
  "as ETF inflows accelerate",
  "after Fed minutes",
  "while whales accumulate",
  "amid record open interest",
  "as traders price in a rate cut",
  "ahead of the network upgrade",
  "on exchange outflows",
];
const words =
  "market liquidity traders analysts exchange volume support resistance rally correction momentum institutional investors derivatives funding rates on-chain data wallets staking validators protocol upgrade regulators stablecoin custody treasury".split(
    " ",
  );

export function headline(next: () => number): string {
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)] as T;
  return `${pick(coins)} ${pick(verbs)} $${Math.floor(next() * 90 + 10)},${Math.floor(next() * 900 + 100)} ${pick(tails)}`;
}

function paragraph(next: () => number, length: number): string {
  const out: string[] = [];
  for (let i = 0; i < length; i++) out.push(words[Math.floor(next() * words.length)] as string);
  return `${out.join(" ")}.`;
}

function body(next: () => number): string {
  const paragraphs = 3 + Math.floor(next() * 6);
  const parts = [
    `<figure><img src="https://cdn.example.com/img/${Math.floor(next() * 1e6)}.jpg" alt="chart"/></figure>`,
  ];
  for (let i = 0; i < paragraphs; i++)
    parts.push(
      `<p>${paragraph(next, 40 + Math.floor(next() * 60))} <a href="https://example.com/x">Read more</a> &amp; more</p>`,
    );
  parts.push('<script>track("view")</script><style>.ad{display:none}</style>');
  return parts.join("\n");
}

function date(next: () => number): string {
  return new Date(Date.UTC(2026, 10, 22) - Math.floor(next() * 7 * 86_400_000)).toUTCString();
}

function newsRss(next: () => number, site: string, count: number): string {
  const items: string[] = [];
  for (let i = 0; i < count; i++) {
    const title = headline(next);
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    items.push(`<item>
      <title><![CDATA[${title}]]></title>
      <link>https://${site}/markets/2026/11/${slug}</link>
      <guid isPermaLink="false">${site}-${i}-${Math.floor(next() * 1e9)}</guid>
      <pubDate>${date(next)}</pubDate>
      <dc:creator><![CDATA[Reporter ${Math.floor(next() * 40)}]]></dc:creator>
      <category><![CDATA[Markets]]></category><category><![CDATA[${coins[i % coins.length]}]]></category>
      <description><![CDATA[${paragraph(next, 45)}]]></description>
      <content:encoded><![CDATA[${body(next)}]]></content:encoded>
      <media:content url="https://${site}/resizer/${i}.jpg" type="image/jpeg" medium="image" width="1200" height="630"/>
      <enclosure url="https://${site}/img/${i}.jpg" length="0" type="image/jpeg"/>
    </item>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/" xmlns:atom="http://www.w3.org/2005/Atom">
<channel><title>${site}</title><link>https://${site}/</link><description>Crypto news</description>
<atom:link href="https://${site}/rss" rel="self" type="application/rss+xml"/>
${items.join("\n")}
</channel></rss>`;
}

function youtubeAtom(next: () => number, count: number): string {
  const entries: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = Math.floor(next() * 1e12).toString(36);
    entries.push(`<entry><id>yt:video:${id}</id><yt:videoId>${id}</yt:videoId><yt:channelId>UCabc</yt:channelId>
      <title>${headline(next)} | Crypto News Today</title><link rel="alternate" href="https://www.youtube.com/watch?v=${id}"/>
      <author><name>Crypto Channel</name><uri>https://www.youtube.com/channel/UCabc</uri></author>
      <published>${new Date(Date.UTC(2026, 10, 20) - i * 3_600_000).toISOString()}</published><updated>${new Date(Date.UTC(2026, 10, 21)).toISOString()}</updated>
      <media:group><media:title>${headline(next)}</media:title><media:content url="https://www.youtube.com/v/${id}?version=3" type="application/x-shockwave-flash" width="640" height="390"/>
      <media:thumbnail url="https://i4.ytimg.com/vi/${id}/hqdefault.jpg" width="480" height="360"/>
      <media:description>${paragraph(next, 80)}</media:description>
      <media:community><media:starRating count="${Math.floor(next() * 900)}" average="5.00" min="1" max="5"/><media:statistics views="${Math.floor(next() * 1e5)}"/></media:community></media:group></entry>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?><feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom"><title>Crypto Channel</title>${entries.join("\n")}</feed>`;
}

function redditAtom(next: () => number, count: number): string {
  const entries: string[] = [];
  for (let i = 0; i < count; i++) {
    const html = `&lt;table&gt; &lt;tr&gt;&lt;td&gt; &lt;a href="https://www.reddit.com/r/CryptoCurrency/comments/${i}/"&gt; &lt;img src="https://b.thumbs.redditmedia.com/${i}.jpg" alt="x" title="x" /&gt; &lt;/a&gt; &lt;/td&gt;&lt;td&gt; &lt;!-- SC_OFF --&gt;&lt;div class="md"&gt;&lt;p&gt;${paragraph(next, 70)}&lt;/p&gt;&lt;/div&gt;&lt;!-- SC_ON --&gt; submitted by &lt;a href="https://www.reddit.com/user/u${i}"&gt; /u/u${i} &lt;/a&gt;&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;`;
    entries.push(`<entry><author><name>/u/u${i}</name><uri>https://www.reddit.com/user/u${i}</uri></author>
      <category term="CryptoCurrency" label="r/CryptoCurrency"/><content type="html">${html}</content><id>t3_${i}</id>
      <media:thumbnail url="https://b.thumbs.redditmedia.com/${i}.jpg"/>
      <link href="https://www.reddit.com/r/CryptoCurrency/comments/${i}/post/"/><updated>${new Date(Date.UTC(2026, 10, 22) - i * 600_000).toISOString()}</updated>
      <published>${new Date(Date.UTC(2026, 10, 22) - i * 600_000).toISOString()}</published><title>${headline(next)}</title></entry>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/"><title>r/CryptoCurrency</title>${entries.join("\n")}</feed>`;
}

function rdf(next: () => number, count: number): string {
  const items: string[] = [];
  for (let i = 0; i < count; i++) {
    items.push(`<item rdf:about="https://rdf.example/${i}"><title>${headline(next)}</title><link>https://rdf.example/${i}</link>
      <description>${paragraph(next, 60)}</description><dc:date>${new Date(Date.UTC(2026, 10, 21)).toISOString()}</dc:date><dc:creator>Desk</dc:creator></item>`);
  }
  return `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel rdf:about="https://rdf.example/"><title>RDF</title></channel>${items.join("\n")}</rdf:RDF>`;
}

/** Twenty feeds of mixed formats, about 1,000 items. */
export function feedCorpus(seed = 42): string[] {
  const next = random(seed);
  const sites = [
    "coindesk.com",
    "cointelegraph.com",
    "decrypt.co",
    "theblock.co",
    "bitcoinmagazine.com",
    "cryptoslate.com",
    "beincrypto.com",
    "u.today",
    "newsbtc.com",
    "cryptopotato.com",
    "ambcrypto.com",
    "dailyhodl.com",
  ];
  return [
    ...sites.map((site) => newsRss(next, site, 50)),
    youtubeAtom(next, 15),
    youtubeAtom(next, 15),
    redditAtom(next, 100),
    redditAtom(next, 100),
    rdf(next, 40),
    rdf(next, 40),
    newsRss(next, "bitcoin.example", 80),
    newsRss(next, "altcoins.example", 80),
  ];
}
