/**
 * Every route the app serves, read from the app itself, so a sweep over "every route" is
 * over the routes that exist now: a route added later is either covered by the sweep or
 * makes it fail until someone says why it needs no check.
 */
import type { FastifyInstance } from "fastify";

export type AppRoute = { method: string; url: string };

/**
 * The app's routes as (method, url) pairs, from Fastify's own route tree
 * (`printRoutes({ commonPrefix: false })`: one node a line, indented four characters a
 * level, each naming its part of the address and, when it answers, its methods).
 */
export function appRoutes(app: FastifyInstance): AppRoute[] {
  const routes: AppRoute[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const node = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    const depth = (node[1] as string).length / 4;
    const url = `${depth > 0 ? prefixes[depth - 1] : ""}${node[2]}`;
    prefixes[depth] = url;
    prefixes.length = depth + 1;
    for (const method of (node[3] ?? "").split(", ").filter(Boolean)) routes.push({ method, url });
  }
  return routes;
}

/** The GET routes (HEAD answers as GET does), each address once. */
export const getRoutes = (app: FastifyInstance): string[] =>
  [
    ...new Set(
      appRoutes(app)
        .filter((route) => route.method === "GET")
        .map((route) => route.url),
    ),
  ].sort();
