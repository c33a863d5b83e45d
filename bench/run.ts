/**
 * `npm run bench`: every benchmark, printing figures (never asserting timings).
 *   npm run bench                   all sections
 *   npm run bench -- engine ai      only these sections (engine, layout, ai, bundle, first-visit, page, health)
 *   npm run bench -- health         the code's shape: long files, import circles, variant names compared, issue
 *                                   numbers in comments, raw shadow-root queries in test/ui, duplicates (bench/health.ts)
 *   npm run bench -- ai --matches 60   fewer matches per series with the hard player (default 200)
 *   npm run bench -- ai --only "2-player Draw"   one configuration
 *   npm run bench -- bundle --build    rebuild dist/ first (else only when it is missing or stale)
 *   npm run bench -- first-visit --level hard --tempo instant --seed S --lang de --root DIR --network "Fast 3G"
 *                                      a first visit in headless Chromium, every request's gzip bytes until the first
 *                                      screen, until the table is playable and in 5 s; --root serves another checkout's
 *                                      dist/ (bench/first-visit.ts)
 *   npm run bench -- arena --a hard --b hard-v1 --variant draw,block,fives --players 2,4 --deals 300 --seed arena
 *                                      duplicate deals between two players, only when named (bench/arena-bench.ts)
 *   npm run bench -- worker-think --rounds 3   the hard computer's think time in the widget's Web Worker in headless Chromium
 *                                      and in Node on the same decisions, in Draw, Block and All Fives (2 players, 4 in
 *                                      teams); only when named (bench/worker-think.ts)
 *   npm run bench -- server            the room server under 300 then 1,000 rooms of four people at a brisk pace,
 *                                      beside a bare ws echo server; only when named (it takes minutes):
 *       --rooms 300,1000 --seconds 30 --think 200-400 [--think-ms 1000 --warmup 10 --ramp 250 --client-processes 2
 *        --variant draw --db memory --processes 2 --redis --cpu-prof DIR --server-node-flags "FLAGS"] (bench/server.ts)
 *   npm run bench -- abuse             one address reconnecting in a loop (32 loops of a connection and 40 peeks) against the
 *                                      server as it ships, beside a room playing at a brisk pace: what the flood gets handled
 *                                      against its budget, and the room's p99 beside its p99 at rest; only when named (a minute):
 *       --seconds 20 --warmup 5 --rooms 1 --think 200-400 --loops 32 --peeks 40 (bench/abuse.ts)
 *   npm run bench -- cluster           the room server scaled out behind nginx (deploy/nginx.conf): CPU a move of the whole
 *                                      cluster with 1, 2, 3 processes on Redis, 1 on SQLite and the bare echo, the rooms on
 *                                      one process, and a failover (a process SIGKILLed); only when named (minutes):
 *       --rooms 300 --seconds 20 --warmup 5 --think 200-400 --kill-after 8 --repeat 1 (rounds of the 1/2/3-process and echo
 *        rows, the goals judged on the medians of their ratios) (bench/cluster.ts; named with server, it takes
 *        these flags and the server section runs with its defaults)
 *   npm run bench -- players           the players with 100,000 rated identities stored (SQLite, Redis): rateMatch's CPU, a
 *                                      recorded match's storage time, /leaderboard p50/p99 over real HTTP; only when named:
 *       --identities 100000 --requests 2000 --concurrency 32 --storage sqlite,redis (bench/players.ts)
 *   npm run bench -- matchmaking       quick match under seekers arriving at random through nginx to 3 processes on Redis: time
 *                                      to a seat, tables per seeker, seated twice and lost, and across a SIGKILL; only when
 *                                      named (a few minutes):
 *       --rates 1,5,20 --seconds 30 --drain 15 --kill-rate 5 --kill-after 10 --seed S (bench/matchmaking.ts)
 *   npm run bench -- rating-quality    identities of hidden strength (the computer at four strengths) playing rated matches
 *                                      through the real server: Kendall τ-b between the hidden order and the ratings, the
 *                                      levels' mean ratings; only when named (minutes):
 *       --identities 120 --each 30 --variant draw --target 30 --small-budget-ms 5 --max-minutes M (bench/rating-quality.ts)
 */
import { benchAbuse, takeAbuseArgs } from './abuse.js';
import { benchAi } from './ai.js';
import { benchArena, takeArenaArgs } from './arena-bench.js';
import { benchBundle } from './bundle.js';
import { benchCluster, takeClusterArgs } from './cluster.js';
import { benchEngine } from './engine.js';
import { benchFirstVisit, takeFirstVisitArgs } from './first-visit.js';
import { healthFigures } from './health.js';
import { benchLayout } from './layout.js';
import { benchMatchmaking, takeMatchmakingArgs } from './matchmaking.js';
import { benchPage } from './page.js';
import { benchPlayers, takePlayersArgs } from './players.js';
import { benchRatingQuality, takeRatingQualityArgs } from './rating-quality.js';
import { benchServer, takeServerArgs } from './server.js';
import { benchWorkerThink, takeWorkerThinkArgs } from './worker-think.js';

const args = process.argv.slice(2);
const matchesAt = args.indexOf('--matches');
const matches = matchesAt >= 0 ? Number(args.splice(matchesAt, 2)[1]) : 200;
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? args.splice(onlyAt, 2)[1] : undefined;
const buildAt = args.indexOf('--build');
const build = buildAt >= 0 && args.splice(buildAt, 1).length > 0;
// The arena's flags first: --variant is also a flag of the server section.
const arenaOptions = args.includes('arena') ? takeArenaArgs(args) : null;
const clusterOptions = args.includes('cluster') ? takeClusterArgs(args) : null;
const abuseOptions = args.includes('abuse') ? takeAbuseArgs(args) : null;
const workerThinkOptions = args.includes('worker-think') ? takeWorkerThinkArgs(args) : null;
const firstVisitOptions = args.includes('first-visit') ? takeFirstVisitArgs(args) : {};
const playersOptions = args.includes('players') ? takePlayersArgs(args) : null;
const matchmakingOptions = args.includes('matchmaking') ? takeMatchmakingArgs(args) : null;
// Before the server's flags: --variant is one of them too.
const ratingQualityOptions = args.includes('rating-quality') ? takeRatingQualityArgs(args) : null;
const serverOptions = takeServerArgs(args);
const sections = args.length > 0 ? args : ['engine', 'layout', 'ai', 'bundle', 'first-visit', 'page'];

if (sections.includes('engine')) for (const line of benchEngine()) console.log(line);
if (sections.includes('layout')) for (const line of benchLayout()) console.log(line);
if (sections.includes('ai')) await benchAi(matches, (line) => console.log(line), only);
if (sections.includes('bundle')) benchBundle({ build }, (line) => console.log(line));
if (sections.includes('first-visit')) {
  await benchFirstVisit({ build: build && !sections.includes('bundle'), ...firstVisitOptions }, (line) => console.log(line));
}
if (sections.includes('page')) {
  await benchPage({ build: build && !sections.includes('bundle') && !sections.includes('first-visit') }, (line) => console.log(line));
}
if (arenaOptions) await benchArena(arenaOptions, (line) => console.log(line));
if (workerThinkOptions) {
  const rebuilt = build && !sections.includes('bundle') && !sections.includes('page');
  await benchWorkerThink({ ...workerThinkOptions, build: rebuilt }, (line) => console.log(line));
}
if (sections.includes('health')) healthFigures((line) => console.log(line));
if (sections.includes('server')) await benchServer(serverOptions, (line) => console.log(line));
if (clusterOptions) await benchCluster(clusterOptions, (line) => console.log(line));
if (abuseOptions) await benchAbuse(abuseOptions, (line) => console.log(line));
if (playersOptions) await benchPlayers(playersOptions, (line) => console.log(line));
if (matchmakingOptions) await benchMatchmaking(matchmakingOptions, (line) => console.log(line));
if (ratingQualityOptions) await benchRatingQuality(ratingQualityOptions, (line) => console.log(line));
