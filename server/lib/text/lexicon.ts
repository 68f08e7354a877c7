/*
 * Word lists the analysis reads: function words TextRank leaves out, and the words a
 * coin's symbol or name must not be mistaken for (docs/decisions/017).
 */

const words = (list: string) => new Set(list.trim().split(/\s+/));

/** English function words: they say nothing about what two sentences share. */
const ENGLISH_STOPWORDS = words(`
a about above after again against all also am an and any are aren't as at be because been before being below
between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each few
for from further had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself him
himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself just let's me more most mustn't
my myself no nor not now of off on once only or other ought our ours ourselves out over own same says said say
shan't she she'd she'll she's should shouldn't so some such than that that's the their theirs them themselves
then there there's these they they'd they'll they're they've this those through to too under until up upon us
very was wasn't we we'd we'll we're we've were weren't what what's when when's where where's which while who
who's whom why why's will with won't would wouldn't you you'd you'll you're you've your yours yourself
yourselves s t
`);

/** The commonest function words of languages Gemwire's feeds are written in, by language subtag. */
const STOPWORDS_BY_LANGUAGE: Record<string, Set<string>> = {
  de: words(`
aber als am an auch auf aus bei bin bis bist da damit dann das dass dein deine dem den der des dessen die dies
diese diesem diesen dieser dieses doch dort du durch ein eine einem einen einer eines er es etwa euch für gegen
hat hatte hätte haben ich ihm ihn ihr ihre im in ist ja jedoch kann kein keine man mehr mit nach nicht noch nun
nur ob oder ohne sehr sei seien sein seine sich sie sind so soll sollen sowie über um und uns unter vom von vor
war waren warum was weil wenn wer werden wie wieder will wir wird wo wurde wurden zu zum zur zwischen
`),
  es: words(`
a al algo algunos ante antes como con contra cual cuando de del desde donde durante e el ella ellas ellos en
entre era es esa ese eso esta este esto estos están fue fueron ha han hasta hay la las le les lo los mas más me
mi muy nada ni no nos o otra otro para pero poco por porque que quien se sea ser si sido sin sobre son su sus
también tanto te tiene todo todos tras tu un una uno unos y ya
`),
  fr: words(`
à au aux avec ce ces cet cette dans de des du elle en est et été il ils je la le les leur leurs lui mais me même
mes moi mon ne nos notre nous on ont ou où par pas plus pour qu que qui sa sans se ses son sont sur ta te tes toi
ton tous tout très tu un une vos votre vous y
`),
};

/** The function words for a page in `lang` ("de-DE"): English's always, and its own language's. */
export function stopwordsFor(lang: string): (word: string) => boolean {
  const own = STOPWORDS_BY_LANGUAGE[lang.split("-")[0]?.toLowerCase() ?? ""];
  return (word) => ENGLISH_STOPWORDS.has(word) || (own?.has(word) ?? false);
}

/** Currency codes: "$USD" and "USD" are money, not a coin. */
export const FIAT = words(`
USD US EUR GBP JPY CNY CNH CAD AUD NZD CHF HKD SGD KRW INR BRL MXN RUB TRY ZAR SEK NOK DKK PLN THB IDR MYR PHP
VND AED SAR ILS ARS CLP COP NGN KES UAH CZK HUF TWD
`);

/**
 * Words written in capitals that are not coins, although the coin list has a coin for
 * many of them: acronyms of news, finance and crypto, and short English words. Written
 * alone they never count; as "$ONE" or "Harmony (ONE)" they still do.
 */
export const NOT_A_TICKER = words(`
A I AN AS AT BE BY DO GO HE IF IN IS IT ME MY NO OF OH OK ON OR SO TO UP US WE
ALL AND ANY ARE BIG BUT BUY CAN DAY FOR GET HAS HOT HOW ITS LOW MAY NEW NOT NOW OLD ONE OUT OWN PAY PER PUT
RUN SEE SET THE TOP TWO USE WAY WHO WHY WIN YES YOU
ALSO BACK BEST BEAR BULL CALL CASH COIN DEAL DOWN EACH EVEN FREE FROM FULL GOOD HIGH HODL HOLD HUGE JUST KEEP
LAST LIKE LIVE LONG MADE MAKE MANY MORE MOST MOVE MUCH NEXT ONLY OPEN OVER PUMP READ REAL RISK SAFE SELL SEND
SHORT SOME TAKE THAN THAT THEM THEN THEY THIS TIME TRUE VERY WHAT WHEN WILL WITH WORK YEAR ZERO
ABOUT AFTER ALERT BEING CHAIN CHART CLOSE COULD EVERY FIRST GREAT MONEY NEVER OFFER PRICE POWER RALLY SINCE
STILL THEIR THERE THESE THINK THOSE TODAY TOKEN TRADE UNDER WATCH WHERE WHICH WHILE WORLD WOULD
BREAKING UPDATE EXCLUSIVE OPINION ANALYSIS
AI AM AR BC CC CD DC DM EU FX GM HR ID IP IR IT JV LP ML MP PC PM PR QA QE QT RT TV UK UN VC VP
API APR APY ATH ATL AUM BOE BOJ CBDC CEO CFO CFTC CIO CME COO CPI CTO DAO DAOS DEFI CEFI DEX CEX DOJ DOW ECB
EIP ERC ESG ETF ETFS ETP ETPS EVM FAQ FBI FDIC FED FOMC FOMO FTC FUD GDP GMT GPU HTML HTTP ICO IDO IMF IPO IRS
KYC AML LLC LTD MOU NASA NATO NFT NFTS NYSE NASDAQ OTC PDF PLC POS POW PPI RPC SDK SEC SPV SWIFT TPS TVL UAE
USA UTC UX UI VAT VPN WEB WTO YOY YTD ZK ZKP OPEC PBOC RBI NYC CNN BBC CNBC AP RSS URL CSS JSON USB CPU RAM
SSD AWS IBM GAAP IFRS LBMA LME SPAC ATM EST PST CET BST EDT PDT IOS MAC OS LLM GPT AGI
`);

/**
 * English words a coin may be named after. A name made only of them ("Avalanche", "The
 * Graph", "Render") counts only when written capitalised inside a sentence, never as
 * "an avalanche of orders" or at a sentence's start.
 */
export const COMMON_WORDS = words(`
a about act action after age air all an and ape apple art as at away baby bad bank base basic bear beat bee best
big bird bit black block blue boat bond book born box boy brain brave bread bridge bright bull burn buy cake call
can capital car card care cash cat cell chain change chart chat cheap chef chess chicken child city civic clean
clear climate cloud club coin cold community compound core cost could country cream credit crypto cup cure
dark data day deal dear deep degen diamond dog dollar door dragon dream drift drive drop duck early earth east
easy echo edge egg elephant energy ever exchange eye face fair faith fame family fan farm fast fat father fire
first fish flash floor flow fly food fool for force forest fox free friend frog fun fund future game gas gem
gift girl gold good graph grass great green grow guard guy hair half hand happy hat head heart heat hello helium
hero high hold home honey hope horse hot house human ice idea income index iron island jump just key kid king
kitty know lady land last law lead leaf life light like lion liquid live loan lock long love luck lucky magic
make man map market mask master matrix max meme mind mine mint money monkey moon more mother mouse move music
near network new news night ninja none north nothing ocean of official oil one open orange orca order origin
over owl pad panda paper party pay peace pepper pet phoenix pig pink pizza planet play point polygon pool pop
power price prime protocol pump punk queen quick rabbit rain rare ray real red render rich ring rise river road
robot rock rocket root rose royal run safe salt sand save say sea secret seed shark sheep shield ship shiba shop
signal silver simple sky smart snake snow social solar sound south space spark star stellar stone storm street
strong sun super swap sweet tank tax tea tensor tether the thing tiger time token tree tribe true trust truth turtle
unit up value vision voice wall war water wave way west whale white wild win wind wine wise wolf wood world
yes yield you young zero zone avalanche jupiter mercury saturn
`);
